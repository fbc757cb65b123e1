import { appendFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from '@gnology/platform/logger';
import type { SmsVerifier } from './types';

/**
 * Embedded mode's "SMS": each code is appended as one JSON line
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
      // The code itself goes to the outbox file only: logs are shipped and kept, codes are secrets.
      opts.logger.info(
        { to, outbox: opts.outboxFile },
        `SMS (console): verification code for ${to} written to the outbox`,
      );
    },
    async check() {
      throw new Error('console sender: codes are checked locally');
    },
  };
}
