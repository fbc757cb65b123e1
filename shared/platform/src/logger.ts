import pino, { type Logger } from 'pino';

export type { Logger };

/**
 * Fields that hold a secret: passwords, session and service tokens, verification codes, keys.
 * Each is blanked at the top level, one level down (`{ body: { code } }`) and two levels down.
 * `code` itself is not among them: error objects use it for ECONNREFUSED and the like, which
 * logs need; verification codes travel as `smsCode`, `verificationCode` or a request `body.code`.
 */
const SECRET_FIELDS = [
  'password',
  'currentPassword',
  'newPassword',
  'passwordHash',
  'token',
  'accessToken',
  'refreshToken',
  'authToken',
  'viewToken',
  'internalToken',
  'metricsToken',
  'secret',
  'apiKey',
  'authorization',
  'privateKey',
  'smsCode',
  'verificationCode',
  'codeHash',
  'JWT_PRIVATE_KEY',
  'INTERNAL_TOKEN',
  'METRICS_TOKEN',
  'DOCUMENT_URL_SECRET',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'TWILIO_AUTH_TOKEN',
  'ANTHROPIC_API_KEY',
  'OPENAI_API_KEY',
  'S3_SECRET_KEY',
];

/** Paths pino blanks out wherever they appear, request logs included. */
export const REDACT_PATHS = [
  ...new Set([
    ...SECRET_FIELDS.flatMap((f) => [f, `*.${f}`, `*.*.${f}`]),
    'body.code',
    '*.body.code',
    'req.headers["x-internal-token"]',
    'headers["x-internal-token"]',
    'req.headers.authorization',
    'req.headers.cookie',
    'req.headers["set-cookie"]',
    'res.headers["set-cookie"]',
    'headers.authorization',
    'headers.cookie',
  ]),
];

const TOKEN_QUERY = /([?&](?:token|access_token|code|signature)=)[^&#\s"]*/gi;

/** A personal access token wherever it appears (a path, any query parameter): its marker makes it recognisable. */
const ACCESS_TOKEN = /gnpat_[A-Za-z0-9_-]+/g;

/** Removes `?token=` style secrets and personal access tokens from a URL before it is logged. */
export function redactUrl(url: string): string {
  return url.replace(TOKEN_QUERY, '$1[REDACTED]').replace(ACCESS_TOKEN, 'gnpat_[REDACTED]');
}

export function createLogger(opts: { service: string; level?: string; destination?: pino.DestinationStream }): Logger {
  return pino(
    {
      name: opts.service,
      level: opts.level ?? process.env.LOG_LEVEL ?? 'info',
      base: { service: opts.service },
      redact: { paths: REDACT_PATHS, censor: '[REDACTED]' },
      serializers: {
        req: (req: { method: string; url: string; id?: string; headers?: Record<string, unknown>; ip?: string }) => ({
          method: req.method,
          url: redactUrl(req.url),
          ip: req.ip,
        }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
        err: pino.stdSerializers.err,
      },
      timestamp: pino.stdTimeFunctions.isoTime,
    },
    opts.destination,
  );
}
