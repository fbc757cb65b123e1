/**
 * The live heap in a V8 heap snapshot: the sum of every node's self size (a snapshot is taken after a
 * full GC, so this is what the process really holds, unlike its resident size).
 *
 *   npx tsx bench/research/heap-live.ts /tmp/snaps/*.heapsnapshot
 */
import { readFileSync } from 'node:fs';

for (const file of process.argv.slice(2)) {
  const snapshot = JSON.parse(readFileSync(file, 'utf8')) as {
    snapshot: { meta: { node_fields: string[] } };
    nodes: number[];
  };
  const fields = snapshot.snapshot.meta.node_fields;
  const selfSize = fields.indexOf('self_size');
  let bytes = 0;
  for (let i = selfSize; i < snapshot.nodes.length; i += fields.length) bytes += snapshot.nodes[i]!;
  console.log(file, `${snapshot.nodes.length / fields.length} objects`, `${(bytes / 2 ** 20).toFixed(2)} MB live`);
}
