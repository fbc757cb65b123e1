// London Lives: Westminster Coroners' Inquests, 1760–1799 (sharonhoward/londonlives @ the commit "v2.0 added WA
// inquisition texts", coroners_inquests/; Sharon Howard's catalogue built from the London Lives XML, CC BY-SA 4.0).
// One record per inquest: the text is the formal inquisition as rekeyed by London Lives
// (wa_inq_txt/<inquisition img>_<first img>.txt), a death record whose date is written in words with the regnal
// year ("the Ninth day of July in the Second Year of the Reign of … George the Third"). Gold, from the catalogue
// (wa_coroners_inquests_v1-1.tsv):
//   people = main = `the_deceased` (the only person the catalogue names; jurors, coroner and kin are not labelled,
//            so people precision is not meaningful here: read recall and main);
//   dates  = the inquest's `doc_date` (YYYY-MM-DD) as `normalized`.
// Inquests with an unnamed deceased (no given name or surname), with several deceased, or whose catalogue name does
// not occur in the inquisition text (folded; e.g. catalogue "Joseph Bladzen", text "Joseph Bladzer") are left out.
// Usage:
//   npx tsx bench/genealogy/convert/inquests.mts /work/.mirror/sharonhoward+londonlives/repo
import { fold } from '../match';
import { textStatesKinship } from './kinship';
import { Mirror, mirrorArg } from './mirror';
import type { GoldRecord } from './record';
import { pickOrder } from './split';
import { writeSplits } from './write';

/** The commit that has the inquisition texts (the next one moved the data to another repository). */
export const INQUESTS_COMMIT = '221b1f60e71391c084383551c8faa34f4f78d296';
const SOURCE = 'londonlives-inquests';
const COUNT = 300;
const DIR = 'coroners_inquests';

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

function convert(mirror: Mirror): void {
  const rows = readTsv(mirror.show(`${DIR}/wa_coroners_inquests_v1-1.tsv`));
  const textFile = new Map<string, string>();
  for (const file of mirror.list(`${DIR}/wa_inq_txt/`)) {
    const m = /\/WACWIC(\d+)_(\d+)\.txt$/.exec(file);
    if (m) textFile.set(`WACWIC${m[2]}`, file);
  }
  // Candidates in pick order (sha1("pick:" + id)); the first COUNT that pass the text check are kept, which is
  // pick(eligible, COUNT) without reading every text.
  const candidates = rows
    .filter((r) => textFile.has(r.first_img!) && r.given && r.surname && (r.the_deceased ?? '').trim())
    .filter((r) => r.deceased_additional_info !== 'multiple deceased')
    .map((r) => ({ r, id: `${SOURCE}:${r.first_img}` }))
    .sort((a, b) => (pickOrder(a.id) < pickOrder(b.id) ? -1 : 1));
  const records: GoldRecord[] = [];
  for (const { r, id } of candidates) {
    if (records.length >= COUNT) break;
    const name = r.the_deceased!.trim();
    const text = mirror.show(textFile.get(r.first_img!)!).trim();
    if (!` ${fold(text)} `.includes(` ${fold(name)} `)) continue;
    records.push({
      id,
      source: SOURCE,
      lang: 'en',
      kind: 'register',
      text,
      people: [{ name }],
      main: name,
      dates: [{ text: r.doc_date!, normalized: r.doc_date! }],
      hasKinship: textStatesKinship(text, 'en'),
    });
  }
  writeSplits(SOURCE, records);
}

convert(new Mirror(mirrorArg('inquests.mts <…/sharonhoward+londonlives/repo>'), INQUESTS_COMMIT));
