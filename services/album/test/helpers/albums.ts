import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { AlbumRecord, AlbumRequest } from '@gnology/contracts';
import type { FastifyInstance } from 'fastify';

const run = promisify(execFile);

export function generate(
  app: FastifyInstance,
  token: string,
  body: AlbumRequest | Record<string, unknown>,
  opts: { async?: boolean } = {},
) {
  return app.inject({
    method: 'POST',
    url: '/api/albums/generate',
    payload: body,
    headers: { authorization: `Bearer ${token}`, ...(opts.async ? { prefer: 'respond-async' } : {}) },
  });
}

/** Polls GET /api/albums/:id until the render has finished (completed or failed). */
export async function waitAlbum(
  app: FastifyInstance,
  token: string,
  id: string,
  timeoutMs = 90_000,
  seen?: (a: AlbumRecord) => void,
): Promise<AlbumRecord> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const album = (
      await app.inject({ method: 'GET', url: `/api/albums/${id}`, headers: { authorization: `Bearer ${token}` } })
    ).json() as AlbumRecord;
    seen?.(album);
    if (album.status === 'completed' || album.status === 'failed') return album;
    if (Date.now() > deadline)
      throw new Error(`album ${id} still ${album.status} (${JSON.stringify(album.progress)}) after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The text of a PDF as poppler's pdftotext reads it (what a reader's search finds). */
export async function pdfText(pdf: Buffer): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'gn-album-text-'));
  try {
    const file = path.join(dir, 'album.pdf');
    await writeFile(file, pdf);
    const { stdout } = await run('pdftotext', ['-enc', 'UTF-8', file, '-']);
    return stdout;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Page count as poppler's pdfinfo reports it. */
export async function pdfPages(pdf: Buffer): Promise<number> {
  const dir = await mkdtemp(path.join(tmpdir(), 'gn-album-info-'));
  try {
    const file = path.join(dir, 'album.pdf');
    await writeFile(file, pdf);
    const { stdout } = await run('pdfinfo', [file]);
    return Number(/Pages:\s+(\d+)/.exec(stdout)?.[1]);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
