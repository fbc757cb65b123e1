import { randomBytes, randomInt } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A loopback stand-in for the Twilio Verify v2 API, for the real `twilio` SDK (point the SDK's
 * `client.verify.baseUrl` at `url`). It checks Basic auth, keeps one pending code per
 * (service, number), answers with Twilio's JSON shapes and error codes (20003, 20404, 60200,
 * 60202), and lets a test read the code it "sent".
 */
export interface FakeTwilio {
  url: string;
  accountSid: string;
  authToken: string;
  serviceSid: string;
  /** The code last sent to `to` (E.164); throws when none was sent. */
  lastCode(to: string): string;
  /** Every request the SDK made: method, path and form fields. */
  requests: { method: string; path: string; form: Record<string, string> }[];
  /** Makes sends to `to` fail as Twilio does for an unusable number (400, code 60200). */
  rejectNumber(to: string): void;
  close(): Promise<void>;
}

interface Pending {
  code: string;
  sid: string;
  wrong: number;
  expiresAt: number;
}

const MAX_CHECKS = 5;
const TTL_MS = 10 * 60_000;

function sid(prefix: string): string {
  return prefix + randomBytes(16).toString('hex');
}

async function readForm(req: IncomingMessage): Promise<Record<string, string>> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

function twilioError(res: ServerResponse, status: number, code: number, message: string) {
  send(res, status, { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status });
}

export async function startFakeTwilio(
  opts: { accountSid?: string; authToken?: string; serviceSid?: string } = {},
): Promise<FakeTwilio> {
  const accountSid = opts.accountSid ?? sid('AC');
  const authToken = opts.authToken ?? randomBytes(16).toString('hex');
  const serviceSid = opts.serviceSid ?? sid('VA');
  const pending = new Map<string, Pending>();
  const lastCodes = new Map<string, string>();
  const rejected = new Set<string>();
  const requests: FakeTwilio['requests'] = [];

  const verification = (to: string, p: Pending, status: string) => ({
    sid: p.sid,
    service_sid: serviceSid,
    account_sid: accountSid,
    to,
    channel: 'sms',
    status,
    valid: status === 'approved',
    date_created: new Date().toISOString(),
    date_updated: new Date().toISOString(),
    url: `https://verify.twilio.com/v2/Services/${serviceSid}/Verifications/${p.sid}`,
  });

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const form = req.method === 'POST' ? await readForm(req) : {};
    requests.push({ method: req.method ?? '', path: url.pathname, form });

    const expected = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;
    if (req.headers.authorization !== expected) return twilioError(res, 401, 20003, 'Authenticate');

    const m = /^\/v2\/Services\/([^/]+)\/(Verifications|VerificationCheck)$/.exec(url.pathname);
    if (!m || req.method !== 'POST')
      return twilioError(res, 404, 20404, `The requested resource ${url.pathname} was not found`);
    if (m[1] !== serviceSid)
      return twilioError(res, 404, 20404, `The requested resource /Services/${m[1]} was not found`);
    const to = form.To ?? '';

    if (m[2] === 'Verifications') {
      if (!/^\+[1-9]\d{3,14}$/.test(to) || rejected.has(to))
        return twilioError(res, 400, 60200, 'Invalid parameter `To`');
      if (form.Channel !== 'sms') return twilioError(res, 400, 60200, 'Invalid parameter `Channel`');
      const p: Pending = {
        code: randomInt(0, 1_000_000).toString().padStart(6, '0'),
        sid: sid('VE'),
        wrong: 0,
        expiresAt: Date.now() + TTL_MS,
      };
      pending.set(to, p);
      lastCodes.set(to, p.code);
      return send(res, 201, verification(to, p, 'pending'));
    }

    const p = pending.get(to);
    if (!p || p.expiresAt < Date.now()) {
      pending.delete(to);
      return twilioError(
        res,
        404,
        20404,
        `The requested resource /Services/${serviceSid}/VerificationCheck was not found`,
      );
    }
    if (p.wrong >= MAX_CHECKS) return twilioError(res, 429, 60202, 'Max check attempts reached');
    if (form.Code === p.code) {
      pending.delete(to);
      return send(res, 200, verification(to, p, 'approved'));
    }
    p.wrong += 1;
    return send(res, 200, verification(to, p, 'pending'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    accountSid,
    authToken,
    serviceSid,
    requests,
    lastCode(to) {
      const code = lastCodes.get(to);
      if (!code) throw new Error(`fake Twilio: no code was sent to ${to}`);
      return code;
    },
    rejectNumber(to) {
      rejected.add(to);
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((e) => (e ? reject(e) : resolve()));
      }),
  };
}
