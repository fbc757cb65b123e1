// Writes docs/integrators/asyncapi.json from the event schemas in shared/contracts.
//   npx tsx scripts/generate-asyncapi.ts
// A unit test fails when the committed document differs from what this writes.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildAsyncApi } from '../shared/contracts/src/asyncapi';

const out = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../docs/integrators/asyncapi.json');
writeFileSync(out, `${JSON.stringify(buildAsyncApi(), null, 2)}\n`);
console.log(`wrote ${path.relative(process.cwd(), out)}`);
