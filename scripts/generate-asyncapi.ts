// Writes docs/integrators/asyncapi.json and docs/integrators/schemas/*.json (each event's `data`
// JSON Schema, the CloudEvents `dataschema`) from the event schemas in shared/contracts.
//   npx tsx scripts/generate-asyncapi.ts
// A unit test fails when the committed document differs from what this writes.
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildAsyncApi } from '../shared/contracts/src/asyncapi';
import { eventSchemaFiles } from '../shared/contracts/src/event-schemas';

const out = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../docs/integrators/asyncapi.json');
writeFileSync(out, `${JSON.stringify(buildAsyncApi(), null, 2)}\n`);
console.log(`wrote ${path.relative(process.cwd(), out)}`);

const schemasDir = path.resolve(path.dirname(out), 'schemas');
mkdirSync(schemasDir, { recursive: true });
const files = eventSchemaFiles();
// A schema file is never removed by hand: only an event leaving the catalog drops it.
for (const f of readdirSync(schemasDir)) if (f.endsWith('.json') && !(f in files)) rmSync(path.join(schemasDir, f));
for (const [name, schema] of Object.entries(files))
  writeFileSync(path.join(schemasDir, name), `${JSON.stringify(schema, null, 2)}\n`);
console.log(`wrote ${Object.keys(files).length} schemas in ${path.relative(process.cwd(), schemasDir)}`);
