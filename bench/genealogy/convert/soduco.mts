// SODUCO Paris trade directories (soduco/paper-ner-bench-das22, dataset/supervised/10-ref-ocr-ner-json/all.json):
// human-corrected entry text with XML-like tags PER (name), ACT (activity), LOC (street), CARDINAL (number),
// TITRE, FT. One record per entry; the gold person is each PER span, with the entry's first ACT as occupation
// and its first LOC (+ CARDINAL) as address. Streets are addresses, so the records carry no `places`. Usage:
//   npx tsx bench/genealogy/convert/soduco.mts /work/.mirror/soduco+paper-ner-bench-das22/repo
import { textStatesKinship } from './kinship';
import { Mirror, mirrorArg } from './mirror';
import type { GoldRecord } from './record';
import { pick } from './split';
import { writeSplits } from './write';

export const SODUCO_COMMIT = '65d31d0c170a09dc8ba563cd72adb09748de55dd';
const SOURCE = 'soduco-directories';
const COUNT = 400;

interface Entry {
  id: number;
  book: string;
  page: number;
  valid_box: boolean;
  text_ocr: string;
  ner_xml: string;
}

const unescapeXml = (s: string) =>
  s
    .replace(/&apos;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\u2029/g, '\n');

/** The entry's text (tags removed) and its tagged spans in order. */
function parse(xml: string): { text: string; spans: { tag: string; text: string }[] } {
  const spans: { tag: string; text: string }[] = [];
  const re = /<([A-Z_]+)>([\s\S]*?)<\/\1>/g;
  for (const m of xml.matchAll(re)) spans.push({ tag: m[1]!, text: unescapeXml(m[2]!) });
  return { text: unescapeXml(xml.replace(/<\/?[A-Z_]+>/g, '')), spans };
}

/** A span as gold: a hyphen at a line break joined ("Gros-Che-\nnet" → "Gros-Chenet"), spaces collapsed. */
const clean = (s: string) =>
  s
    .replace(/-\s*\n\s*/g, '-')
    .replace(/\s+/g, ' ')
    .trim();

function convert(mirror: Mirror): void {
  const entries = JSON.parse(mirror.show('dataset/supervised/10-ref-ocr-ner-json/all.json')) as Entry[];
  const records: GoldRecord[] = [];
  for (const e of entries) {
    if (!e.valid_box) continue;
    const { text, spans } = parse(e.ner_xml);
    const names = spans.filter((s) => s.tag === 'PER').map((s) => clean(s.text));
    if (!names.length) continue;
    const occupation = spans.find((s) => s.tag === 'ACT');
    const street = spans.find((s) => s.tag === 'LOC');
    const number = spans.find((s) => s.tag === 'CARDINAL');
    const address = street ? clean([street.text, number?.text].filter(Boolean).join(', ')) : undefined;
    records.push({
      id: `${SOURCE}:${e.book}:${e.page}:${e.id}`,
      source: SOURCE,
      lang: 'fr',
      kind: 'directory',
      text,
      people: names.map((name) => ({
        name,
        ...(occupation ? { occupation: clean(occupation.text) } : {}),
        ...(address ? { address } : {}),
      })),
      hasKinship: textStatesKinship(text, 'fr'),
    });
  }
  writeSplits(SOURCE, pick(records, COUNT));
}

convert(new Mirror(mirrorArg('soduco.mts <…/soduco+paper-ner-bench-das22/repo>'), SODUCO_COMMIT));
