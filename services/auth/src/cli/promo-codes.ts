/**
 * Manages the promo and referral codes accepted at sign-up (the "Optional Code" field).
 *
 *   npx tsx services/auth/src/cli/promo-codes.ts add CODE [--description "text"] [--max-uses N] [--expires 2026-12-31] [--test-user]
 *   npx tsx services/auth/src/cli/promo-codes.ts list
 *   npx tsx services/auth/src/cli/promo-codes.ts disable CODE
 *
 * DATABASE_URL selects the database (default: the embedded one `npm start` runs).
 * `add` on an existing code re-enables it with the given settings.
 */
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { createDatabase, migrate } from '@gnology/platform/db/database';
import { normalizePromoCode } from '../domain/promo-code';
import { migrations } from '../migrations';
import { addPromoCode, disablePromoCode, listPromoCodes, promoCodeAccounts } from '../store/promo-codes';
import type { AuthDB } from '../store/schema';

const EMBEDDED_URL = 'postgres://gnology:gnology@127.0.0.1:54329/gnology';
const USAGE = `usage: promo-codes.ts add CODE [--description TEXT] [--max-uses N] [--expires DATE] [--test-user]
       promo-codes.ts list
       promo-codes.ts disable CODE`;

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

export async function main(
  argv: string[],
  out: (line: string) => void = (l) => process.stdout.write(`${l}\n`),
): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      description: { type: 'string' },
      'max-uses': { type: 'string' },
      expires: { type: 'string' },
      'test-user': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const [command, rawCode] = positionals;
  if (values.help || !command) return out(USAGE);
  if (!['add', 'list', 'disable'].includes(command)) fail(`unknown command "${command}"\n${USAGE}`);

  const database = createDatabase<AuthDB>({
    url: process.env.DATABASE_URL || EMBEDDED_URL,
    schema: 'auth',
    max: 1,
    applicationName: 'auth-promo-codes',
  });
  try {
    await migrate(database, migrations);
    const db = database.db;
    if (command === 'list') {
      const codes = await listPromoCodes(db);
      const accounts = await promoCodeAccounts(db);
      if (!codes.length) return out('no promo codes');
      for (const c of codes) {
        const limit = c.maxUses === null ? 'unlimited' : `max ${c.maxUses}`;
        const expiry = c.expiresAt ? `expires ${c.expiresAt.toISOString().slice(0, 10)}` : 'no expiry';
        const flags = [
          c.active ? 'active' : 'disabled',
          `${c.uses} used (${limit})`,
          expiry,
          `${accounts.get(c.code) ?? 0} accounts`,
        ];
        if (c.marksTestUser) flags.push('test users');
        out(`${c.code.padEnd(20)}  ${flags.join(', ')}${c.description ? `  — ${c.description}` : ''}`);
      }
      return;
    }

    const code = normalizePromoCode(rawCode);
    if (!code) fail(`"${rawCode ?? ''}" is not a code: 1-20 letters, digits or hyphens`);
    if (command === 'disable') {
      if (!(await disablePromoCode(db, code))) fail(`no promo code ${code}`);
      return out(`disabled ${code}`);
    }
    const maxUses = values['max-uses'] === undefined ? null : Number(values['max-uses']);
    if (maxUses !== null && (!Number.isInteger(maxUses) || maxUses < 1))
      fail('--max-uses expects a whole number of at least 1');
    const expiresAt = values.expires ? new Date(values.expires) : null;
    if (expiresAt && Number.isNaN(expiresAt.getTime())) fail('--expires expects a date such as 2026-12-31');
    const saved = await addPromoCode(db, {
      code,
      description: values.description ?? null,
      maxUses,
      expiresAt,
      marksTestUser: values['test-user'],
    });
    out(`added ${saved.code}${saved.marksTestUser ? ' (test users)' : ''}`);
  } finally {
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).catch((e) => fail(`promo-codes: ${(e as Error).message}`));
}
