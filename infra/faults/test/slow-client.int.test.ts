import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser, type Stack, startStack } from '../../../web/e2e/harness';
import { buildServerBundles } from './fault-stack';

/**
 * Issue 29, point 3, as a fault: a client opens 150 requests to the built product's gateway and
 * never finishes them — 130 declare a body to the conversation service and never send it (more
 * than the 128 connections of the gateway's pool to that service), 20 never finish their headers.
 * While they are all open, another user signs in and reads conversations and documents as usual;
 * then each slow request is answered 408 (the gateway's default timeouts, decision 0210) and closed.
 */
describe('faults: slow clients', () => {
  let stack: Stack;
  let attacker: { token: string };
  let other: { token: string; email: string; password: string };

  beforeAll(async () => {
    buildServerBundles();
    stack = await startStack();
    attacker = await createVerifiedUser(stack);
    other = await createVerifiedUser(stack);
  }, 300_000);
  afterAll(async () => {
    await stack?.stop();
  }, 120_000);

  /** A raw connection to the gateway with `head` written, and what it will have answered when it closes. */
  const open = (head: string) =>
    new Promise<{ socket: Socket; answer: Promise<string> }>((resolve, reject) => {
      const { hostname, port } = new URL(stack.url);
      const socket = connect({ host: hostname, port: Number(port) }, () => {
        socket.off('error', reject);
        socket.on('error', () => {});
        let text = '';
        socket.setEncoding('utf8');
        socket.on('data', (d: string) => {
          text += d;
        });
        const answer = new Promise<string>((done) => socket.once('close', () => done(text)));
        socket.write(head, () => resolve({ socket, answer }));
      });
      socket.once('error', reject);
    });

  it('keeps answering other users while 150 slow requests are open, then answers each of them 408', async () => {
    const host = new URL(stack.url).host;
    const slow = await Promise.all([
      ...Array.from({ length: 130 }, () =>
        open(
          `POST /api/conversations HTTP/1.1\r\nHost: ${host}\r\nAuthorization: Bearer ${attacker.token}\r\n` +
            'Content-Type: application/json\r\nContent-Length: 200\r\n\r\n',
        ),
      ),
      ...Array.from({ length: 20 }, () => open(`POST /api/auth/login HTTP/1.1\r\nHost: ${host}\r\nContent-Type: appl`)),
    ]);
    try {
      // Let the gateway take them all in (and, if it would, send them on to the service).
      await new Promise((r) => setTimeout(r, 1000));

      const signIn = await fetch(`${stack.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: other.email, password: other.password }),
        signal: AbortSignal.timeout(15_000),
      });
      expect(signIn.status).toBe(200);
      const token = ((await signIn.json()) as { token: string }).token;
      const auth = { authorization: `Bearer ${token}` };
      const conversations = await fetch(`${stack.url}/api/conversations`, {
        headers: auth,
        signal: AbortSignal.timeout(15_000),
      });
      expect(conversations.status).toBe(200);
      const documents = await fetch(`${stack.url}/api/documents`, {
        headers: auth,
        signal: AbortSignal.timeout(15_000),
      });
      expect(documents.status).toBe(200);
      // All of the slow ones were still open meanwhile.
      expect(slow.filter((s) => s.socket.destroyed)).toHaveLength(0);

      // Then each is answered 408 and closed (headers: HEADERS_TIMEOUT_MS; bodies: one BODY_RATE_WINDOW_MS).
      const answers = await Promise.all(
        slow.map((s) =>
          Promise.race([s.answer, new Promise<string>((r) => setTimeout(() => r('(still open after 60 s)'), 60_000))]),
        ),
      );
      const statuses = answers.map((a) => /^HTTP\/1\.1 (\d{3})/.exec(a)?.[1] ?? a);
      expect(new Set(statuses)).toEqual(new Set(['408']));
    } finally {
      for (const s of slow) s.socket.destroy();
    }
  }, 180_000);
});
