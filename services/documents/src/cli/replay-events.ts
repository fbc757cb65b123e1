/**
 * Re-emits the latest state of documents to integrators (a backfill, or a consumer that lost its
 * data): one `document.processed` per completed document, written to the documents outbox and
 * published by the running relay (docs/integrators/replay.md).
 *
 *   npx tsx services/documents/src/cli/replay-events.ts --user USER_ID
 *   npx tsx services/documents/src/cli/replay-events.ts --all
 *
 * DATABASE_URL selects the database (default: the embedded one `npm start` runs).
 */
import { randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { createDatabase } from '@gnology/platform/db/database';
import type { DocumentsDB } from '../store/schema';
import { replayProcessedEvents } from '../library/use-cases/replay-events';

const EMBEDDED_URL = 'postgres://gnology:gnology@127.0.0.1:54329/gnology';
const USAGE = `usage: replay-events.ts --user USER_ID    re-emit one user's documents
       replay-events.ts --all             re-emit every user's documents`;

export class UsageError extends Error {}

export async function main(
  argv: string[],
  out: (line: string) => void = (l) => process.stdout.write(`${l}\n`),
  databaseUrl = process.env.DATABASE_URL || EMBEDDED_URL,
): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      user: { type: 'string' },
      all: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    out(USAGE);
    return 0;
  }
  if (values.all === (values.user !== undefined)) throw new UsageError(`give either --user USER_ID or --all\n${USAGE}`);
  if (values.user !== undefined && !values.user.trim()) throw new UsageError('--user needs a user id');

  const replayId = `replay-${randomUUID()}`;
  const database = createDatabase<DocumentsDB>({
    url: databaseUrl,
    schema: 'documents',
    max: 1,
    applicationName: 'documents-replay',
  });
  try {
    const n = await replayProcessedEvents({ database }, { ownerId: values.user?.trim(), replayId });
    out(
      `${replayId}: ${n} document.processed event${n === 1 ? '' : 's'} written to the outbox for ${values.all ? 'all users' : `user ${values.user}`}; the documents relay publishes them`,
    );
    return n;
  } finally {
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).catch((e) => {
    process.stderr.write(`replay-events: ${(e as Error).message}\n`);
    process.exit(e instanceof UsageError ? 64 : 1);
  });
}
