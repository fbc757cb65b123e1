import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { HttpError } from '@gnology/platform/http/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchBookMaterial } from '../src/clients/book-material';
import type { BookMaterialWire } from '../src/domain/book-material';

/**
 * fetchBookMaterial over real HTTP against a stand-in documents service: the material in one
 * call, each photo's bytes in a second, the chart's PDF decoded; a vanished photo is left out;
 * the documents service's 404 passes through and its failure becomes "unavailable".
 */
const SECRET = 'a-test-internal-secret-0123456789';
const wire: BookMaterialWire = {
  rootId: 'root',
  rootChosen: 'default',
  generations: 2,
  people: [],
  sources: [],
  photos: [
    {
      id: 'p1',
      caption: null,
      people: [{ id: 'root', name: 'Ann Lee' }],
      mime: 'image/jpeg',
      width: 1600,
      height: 1200,
    },
    { id: 'gone', caption: null, people: [{ id: 'root', name: 'Ann Lee' }], mime: 'image/jpeg', width: 10, height: 10 },
  ],
  chart: { title: 'Pedigree of Ann Lee', svg: '<svg/>', pdfBase64: Buffer.from('%PDF-1.7').toString('base64') },
};

describe('fetchBookMaterial', () => {
  let server: Server;
  let url: string;
  const seen: { method: string; url: string; token: string | undefined; body: string }[] = [];
  let answer: 'ok' | 'missing' | 'broken' = 'ok';

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => {
        body += c;
      });
      req.on('end', () => {
        seen.push({ method: req.method!, url: req.url!, token: req.headers['x-internal-token'] as string, body });
        if (answer === 'missing') return res.writeHead(404).end(JSON.stringify({ error: 'Person not found' }));
        if (answer === 'broken') return res.writeHead(500).end(JSON.stringify({ error: 'db down at 10.0.0.3' }));
        if (req.url === '/internal/book-material') return res.writeHead(200).end(JSON.stringify(wire));
        if (req.url?.startsWith('/internal/book-material/photos/p1?'))
          return res
            .writeHead(200, { 'content-type': 'image/jpeg', 'x-image-width': '1200', 'x-image-height': '1600' })
            .end(Buffer.from([0xff, 0xd8, 0xff, 0xd9]));
        res.writeHead(404).end(JSON.stringify({ error: 'Photo not found' }));
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  const config = () => ({ DOCUMENTS_URL: url, INTERNAL_TOKEN: SECRET });

  it('returns the material with the photos’ bytes and sizes and the chart’s PDF', async () => {
    answer = 'ok';
    seen.length = 0;
    const m = await fetchBookMaterial(config(), { userId: 'u1', generations: 2 });
    expect(seen[0]).toEqual({
      method: 'POST',
      url: '/internal/book-material',
      token: SECRET,
      body: JSON.stringify({ userId: 'u1', generations: 2 }),
    });
    expect(
      seen
        .slice(1)
        .map((s) => s.url)
        .sort(),
    ).toEqual(['/internal/book-material/photos/gone?userId=u1', '/internal/book-material/photos/p1?userId=u1']);
    // The photo that vanished between the calls is left out; the other has the size it was sent at.
    expect(m.photos).toEqual([
      {
        id: 'p1',
        caption: null,
        people: [{ id: 'root', name: 'Ann Lee' }],
        mime: 'image/jpeg',
        width: 1200,
        height: 1600,
        image: new Uint8Array([0xff, 0xd8, 0xff, 0xd9]),
      },
    ]);
    expect(m.chart).toEqual({
      title: 'Pedigree of Ann Lee',
      svg: '<svg/>',
      pdf: new Uint8Array(Buffer.from('%PDF-1.7')),
    });
    expect(m.rootChosen).toBe('default');
  });

  it('passes the documents service’s 404 through and turns its failure into the unavailable message', async () => {
    answer = 'missing';
    const missing = await fetchBookMaterial(config(), { userId: 'u1', rootIndividualId: 'x', generations: 2 }).catch(
      (e) => e,
    );
    expect(missing).toBeInstanceOf(HttpError);
    expect([missing.statusCode, missing.message]).toEqual([404, 'Person not found']);
    answer = 'broken';
    const broken = await fetchBookMaterial(config(), { userId: 'u1', generations: 2 }).catch((e) => e);
    expect(broken.statusCode).toBe(503);
    expect(broken.message).not.toContain('10.0.0.3');
  });
});
