import { appendFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from '@gnology/platform/logger';
import type { SmsVerifier } from './types';

/**
 * Embedded mode's "SMS": each code is logged and appended as one JSON line
 * `{"to","code","sentAt"}` to the outbox file, where a developer (or a browser test) reads it.
 */
export function createConsoleSender(opts: { outboxFile: string; logger: Logger }): SmsVerifier {
  let dirReady: Promise<unknown> | undefined;
  return {
    name: 'console',
    codes: 'local',
    async send(to, code) {
      if (!code) throw new Error('console sender: a code is required');
      dirReady ??= mkdir(path.dirname(opts.outboxFile), { recursive: true });
      await dirReady;
      const line = JSON.stringify({ to, code, sentAt: new Date().toISOString() });
      // One write call per line with O_APPEND: lines of concurrent sends never interleave.
      await appendFile(opts.outboxFile, `${line}\n`, { mode: 0o600 });
      opts.logger.info({ to, smsCode: code, outbox: opts.outboxFile }, `SMS (console): verification code for ${to} is ${code}`);
    },
    async check() {
      throw new Error('console sender: codes are checked locally');
    },
  };
}
