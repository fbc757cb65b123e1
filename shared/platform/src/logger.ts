import pino, { type Logger } from 'pino';

export type { Logger };

/** Paths pino blanks out wherever they appear, request logs included. */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["set-cookie"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  '*.password',
  '*.currentPassword',
  '*.newPassword',
  '*.token',
  '*.accessToken',
  '*.refreshToken',
  '*.secret',
  '*.apiKey',
  'password',
  'token',
];

const TOKEN_QUERY = /([?&](?:token|access_token|code|signature)=)[^&#\s"]*/gi;

/** Removes `?token=` style secrets from a URL before it is logged. */
export function redactUrl(url: string): string {
  return url.replace(TOKEN_QUERY, '$1[REDACTED]');
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
