// UnSilence VOC testaments (budh333/UnSilence_VOC, data/annotated_data/*/*.{txt,ann}): HTR text of 18th-century
// Dutch notarial pages (wills made at Batavia) annotated in brat. Gold people = ProperName spans inside a Person
// span (persons named only by a trigger word, e.g. "een slaaf", are left out: they have no name to match); main =
// the ProperName of the Person whose Role is Testator (or Testator_Beneficiary) when the page names exactly one;
// places = ProperName spans inside a Place span. One record per page. Usage:
//   npx tsx bench/genealogy/convert/voc.mts /work/.mirror/budh333+UnSilence_VOC/repo
import { textStatesKinship } from './kinship';
import { Mirror, mirrorArg } from './mirror';
import type { GoldRecord } from './record';
import { pick } from './split';
import { writeSplits } from './write';

export const VOC_COMMIT = 'f6ba687f96f2c23690c84590adcb24ee239aa86b';
const SOURCE = 'voc-testaments';
const COUNT = 300;

interface Span {
  id: string;
  type: string;
  ranges: [number, number][];
  text: string;
}

function parseAnn(ann: string): { spans: Span[]; roles: Map<string, string> } {
  const spans: Span[] = [];
  const roles = new Map<string, string>();
  for (const line of ann.split('\n')) {
    const [id, body, text] = line.split('\t');
    if (!id || !body) continue;
    if (id.startsWith('T')) {
      const [type, ...rest] = body.split(' ');
      const ranges = rest
        .join(' ')
        .split(';')
        .map((r) => r.split(' ').map(Number) as [number, number]);
      spans.push({ id, type: type!, ranges, text: (text ?? '').replace(/\s+/g, ' ').trim() });
    } else if (id.startsWith('A')) {
      const [attr, target, value] = body.split(' ');
      if (attr === 'Role' && target && value) roles.set(target, value);
    }
  }
  return { spans, roles };
}

const start = (s: Span) => s.ranges[0]![0];
const end = (s: Span) => s.ranges[s.ranges.length - 1]![1];
const inside = (inner: Span, outer: Span) => start(inner) >= start(outer) && end(inner) <= end(outer);

function convert(mirror: Mirror): void {
  const files = mirror.list('data/annotated_data').filter((f) => f.endsWith('.ann'));
  const records: GoldRecord[] = [];
  for (const annFile of files) {
    const page = annFile.replace(/\.ann$/, '');
    const text = mirror.show(`${page}.txt`);
    const chars = Array.from(text); // brat offsets count code points
    const { spans, roles } = parseAnn(mirror.show(annFile));
    for (const s of spans) {
      // The page text is the truth: brat's copy of a span stops at a line break inside it.
      const at = s.ranges
        .map(([a, b]) => chars.slice(a, b).join(''))
        .join(' ')
        .replace(/\s+/g, ' ')
        .trim();
      if (!at.startsWith(s.text.split(' ')[0]!)) throw new Error(`${annFile} ${s.id}: "${s.text}" is "${at}"`);
      s.text = at;
    }
    const names = spans.filter((s) => s.type === 'ProperName');
    const persons = spans.filter((s) => s.type === 'Person');
    const placeSpans = spans.filter((s) => s.type === 'Place');
    const people = [...new Set(names.filter((n) => persons.some((p) => inside(n, p))).map((n) => n.text))];
    const places = [...new Set(names.filter((n) => placeSpans.some((p) => inside(n, p))).map((n) => n.text))];
    const testators = persons.filter((p) => /^Testator/.test(roles.get(p.id) ?? ''));
    const testatorNames = [...new Set(testators.flatMap((t) => names.filter((n) => inside(n, t)).map((n) => n.text)))];
    const id = `${SOURCE}:${page.split('/').slice(-2).join('/')}`;
    records.push({
      id,
      source: SOURCE,
      lang: 'nl',
      kind: 'register',
      text,
      people: people.map((name) => ({ name })),
      ...(testatorNames.length === 1 ? { main: testatorNames[0] } : {}),
      places,
      hasKinship: textStatesKinship(text, 'nl'),
    });
  }
  writeSplits(SOURCE, pick(records, COUNT));
}

convert(new Mirror(mirrorArg('voc.mts <…/budh333+UnSilence_VOC/repo>'), VOC_COMMIT));
