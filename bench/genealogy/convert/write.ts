import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { GoldRecord } from './record';
import { isHoldout } from './split';

export const dataDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'data');

/** Writes data/<source>/{dev,holdout}.jsonl (records sorted by id) and says how many went where. */
export function writeSplits(
  source: string,
  records: readonly GoldRecord[],
  opts: { all?: 'dev' | 'holdout' } = {},
): void {
  const dir = path.join(dataDir, source);
  mkdirSync(dir, { recursive: true });
  const sorted = [...records].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const ids = new Set<string>();
  for (const r of sorted) {
    if (ids.has(r.id)) throw new Error(`duplicate id ${r.id}`);
    ids.add(r.id);
  }
  // A source may go whole to one side (HIPE's test files are held out whole, its train files are dev whole).
  const held = (r: GoldRecord) => (opts.all ? opts.all === 'holdout' : isHoldout(r.id));
  const holdout = sorted.filter(held);
  const dev = sorted.filter((r) => !held(r));
  const lines = (rs: GoldRecord[]) => rs.map((r) => JSON.stringify(r)).join('\n') + (rs.length ? '\n' : '');
  writeFileSync(path.join(dir, 'dev.jsonl'), lines(dev));
  writeFileSync(path.join(dir, 'holdout.jsonl'), lines(holdout));
  console.log(`${source}: ${dev.length} dev, ${holdout.length} holdout`);
}
