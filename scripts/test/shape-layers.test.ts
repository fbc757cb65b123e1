import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkShape } from '../shape-check.mjs';

// Two services on the skeleton: one whose layers import in the right direction (a service
// arranged by wing, its use cases only inside a wing, a consumer's transaction typed by
// store/schema.ts), one with each breach the layer rules forbid, inside wings and across them.
const CLEAN: Record<string, string> = {
  'src/context.ts': "import type { Db } from './store/schema';\nexport interface Deps { db: Db }\n",
  'src/app.ts': "import type { Deps } from './context';\nexport const buildApp = (d: Deps) => d;\n",
  'src/main.ts': "import { buildApp } from './app';\nbuildApp({ db: { t: { id: 'x' } } });\n",
  'src/routes/index.ts':
    "import { renameThing } from '../people/use-cases/rename-thing';\nexport const routes = () => renameThing;\n",
  'src/store/schema.ts': 'export interface Db { t: { id: string } }\n',
  'src/domain/rule.ts': "import { z } from 'zod';\nexport const rule = z.string();\n",
  'src/jobs/index.ts':
    "import { renameThing } from '../people/use-cases/rename-thing';\nexport const jobs = [renameThing];\n",
  'src/events/index.ts':
    "import { onRenamed } from '../people/events/thing-renamed';\nexport const consumers = [onRenamed];\n",
  'src/people/domain/name.ts':
    "import { rule } from '../../domain/rule';\nexport const name = (s: string) => rule.parse(s);\n",
  'src/people/store/things.ts':
    "import type { Db } from '../../store/schema';\nimport { name } from '../domain/name';\nexport const saveThing = (db: Db, s: string) => name(s);\n",
  'src/people/use-cases/rename-thing.ts':
    "import type { Db } from '../../store/schema';\nimport { saveThing } from '../store/things';\nexport const renameThing = (db: Db) => saveThing(db, 'x');\n",
  'src/people/events/thing-renamed.ts':
    "import type { Db } from '../../store/schema';\n// the consumer's store/ work is done in ../use-cases; import x from '../store/things' in a comment is no import\nimport { renameThing } from '../use-cases/rename-thing';\nexport const onRenamed = (db: Db) => renameThing(db);\n",
};

const BREACHES: Record<string, string> = {
  ...CLEAN,
  // A job that calls the store itself, through a wing.
  'src/people/jobs/rebuild.ts': "import { saveThing } from '../store/things';\nexport const rebuild = saveThing;\n",
  // A store file that imports a job's type.
  'src/library/store/pages.ts':
    "import type { Parsed } from '../jobs/parsers/types';\nexport const savePage = (p: Parsed) => p;\n",
  'src/library/jobs/parsers/types.ts': 'export interface Parsed { text: string }\n',
  // A domain file that queries the database.
  'src/domain/leaky.ts': "import { sql } from 'kysely';\nexport const now = sql`now()`;\n",
  // A route that reads the store.
  'src/routes/things.ts': "import { saveThing } from '../people/store/things';\nexport const put = saveThing;\n",
  // A wing's route that reads another wing's store.
  'src/photos/routes/faces.ts': "import { savePage } from '../../library/store/pages';\nexport const put = savePage;\n",
};

let root: string;

beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'shape-layers-'));
  for (const [pkg, files] of Object.entries({ 'services/clean': CLEAN, 'services/breach': BREACHES })) {
    for (const [name, text] of Object.entries(files)) {
      const file = path.join(root, pkg, name);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, text);
    }
  }
});

afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('shape check: layers', () => {
  it('passes a service whose layers import in the right direction, wings included', async () => {
    const { breaches } = await checkShape(root, { exceptions: [] });
    expect(breaches.filter((b) => b.includes('services/clean'))).toEqual([]);
  });

  it('names each breach: a job reaching the store, a store importing a job, domain I/O, routes reading the store (across wings too)', async () => {
    const { breaches } = await checkShape(root, { exceptions: [] });
    const found = breaches.filter((b) => b.includes('services/breach')).sort();
    expect(found).toEqual([
      expect.stringMatching(/^services\/breach\/src\/domain\/leaky\.ts: a domain file imports kysely, which does I\/O/),
      expect.stringMatching(
        /^services\/breach\/src\/library\/store\/pages\.ts: a store file imports \.\.\/jobs\/parsers\/types \(jobs\/\)/,
      ),
      expect.stringMatching(
        /^services\/breach\/src\/people\/jobs\/rebuild\.ts: a jobs file imports \.\.\/store\/things \(store\/\); jobs and events go through a use case/,
      ),
      expect.stringMatching(
        /^services\/breach\/src\/photos\/routes\/faces\.ts: a routes file imports \.\.\/\.\.\/library\/store\/pages \(store\/\)/,
      ),
      expect.stringMatching(
        /^services\/breach\/src\/routes\/things\.ts: a routes file imports \.\.\/people\/store\/things \(store\/\)/,
      ),
    ]);
  });

  it('lets a recorded exception excuse a package, and says the breaches it excused', async () => {
    const { breaches, excused } = await checkShape(root, {
      exceptions: [{ package: 'services/breach', rule: 'layers', reason: 'moving; see the issue' }],
    });
    expect(breaches.filter((b) => b.includes('services/breach'))).toEqual([]);
    expect(excused.filter((b) => b.includes('services/breach'))).toHaveLength(5);
  });
});
