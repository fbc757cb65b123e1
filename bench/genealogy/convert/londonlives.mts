// London Lives: St Clement Danes Register of Paupers Removed from the Parish, 1752–1793 (sharonhoward/llep,
// removal_orders/cdrv_removal_orders_v2_{orders,names}.tsv; Sharon Howard's dataset built from the London Lives
// XML, CC BY-SA 4.0). One record per removal order; the text is the order as rekeyed by London Lives (`txt`).
// Gold, all from the source's columns:
//   people    = the `name` of every tagged person of the order, as rekeyed (so a child is "Eliz", as written);
//   main      = the one name with an empty `name_add` (the person removed), when the order has exactly one;
//   relations = `name_add` child / wife / [husband…] / [mother…] / [father…], of the main person;
//   dates     = the order's `doc_date` (YYYY-MM-DD, or YYYY-MM where the source has day 00), as `normalized`.
// The justices who signed the order are not tagged as people in the source, so precision is a lower bound.
// Usage:
//   npx tsx bench/genealogy/convert/londonlives.mts /work/.mirror/sharonhoward+llep/repo
import { textStatesKinship } from './kinship';
import { Mirror, mirrorArg } from './mirror';
import type { GoldRecord, GoldRelation } from './record';
import { pick } from './split';
import { writeSplits } from './write';

export const LLEP_COMMIT = 'd2163d53d4763203b3dc98b6c8164e92af0aacfb';
const SOURCE = 'londonlives-removals';
const COUNT = 300;

/** The quoted TSV these files are written in (R write.table: every text field in quotes, no tabs inside). */
function readTsv(text: string): Record<string, string>[] {
  const unquote = (f: string) => (f.length >= 2 && f.startsWith('"') && f.endsWith('"') ? f.slice(1, -1) : f);
  const lines = text.split('\n').filter((l) => l.trim() !== '');
  const head = lines[0]!.split('\t').map(unquote);
  return lines.slice(1).map((line) => {
    const cells = line.split('\t').map(unquote);
    if (cells.length !== head.length) throw new Error(`expected ${head.length} fields, got ${cells.length}: ${line}`);
    return Object.fromEntries(head.map((h, i) => [h, cells[i]!]));
  });
}

/** `name_add` → the relation of that person to the order's main person (undefined: none stated). */
function relationOf(nameAdd: string): string | undefined {
  const v = nameAdd.replace(/[[\]]/g, '').trim();
  if (v === 'child') return 'child';
  if (v === 'wife') return 'wife';
  if (v.startsWith('husband')) return 'husband';
  if (v.startsWith('mother')) return 'mother';
  if (v.startsWith('father')) return 'father';
  if (v.startsWith('parent')) return 'parent';
  return undefined;
}

function convert(mirror: Mirror): void {
  const orders = readTsv(mirror.show('removal_orders/cdrv_removal_orders_v2_orders.tsv'));
  const names = readTsv(mirror.show('removal_orders/cdrv_removal_orders_v2_names.tsv'));
  const byOrder = new Map<string, Record<string, string>[]>();
  for (const n of names) byOrder.set(n.order_id!, [...(byOrder.get(n.order_id!) ?? []), n]);

  const records: GoldRecord[] = [];
  for (const o of orders) {
    const text = (o.txt ?? '').trim();
    const mine = byOrder.get(o.order_id!) ?? [];
    if (!text || !mine.length) continue;
    const people = [...new Set(mine.map((n) => n.name!.trim()).filter(Boolean))].map((name) => ({ name }));
    const removed = mine.filter((n) => n.name_add === '');
    const main = removed.length === 1 ? removed[0]!.name!.trim() : undefined;
    const relations: GoldRelation[] = [];
    if (main) {
      for (const n of mine) {
        const relation = relationOf(n.name_add ?? '');
        if (relation) relations.push({ person: n.name!.trim(), relation, of: main });
      }
    }
    const date = o.doc_date ?? '';
    const normalized = date.endsWith('-00') ? date.slice(0, 7) : date;
    records.push({
      id: `${SOURCE}:${o.order_id}`,
      source: SOURCE,
      lang: 'en',
      kind: 'register',
      text,
      people,
      ...(main ? { main } : {}),
      ...(normalized ? { dates: [{ text: date, normalized }] } : {}),
      ...(relations.length ? { relations } : {}),
      hasKinship: textStatesKinship(text, 'en'),
    });
  }
  writeSplits(SOURCE, pick(records, COUNT));
}

convert(new Mirror(mirrorArg('londonlives.mts <…/sharonhoward+llep/repo>'), LLEP_COMMIT));
