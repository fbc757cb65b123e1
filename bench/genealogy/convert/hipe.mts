// HIPE-2022 newspaper TSV (hipe-eval/HIPE-2022-data, v2.1 dev and test files) → passages of a few sentences.
// The dev files give each sub-corpus's dev/holdout split. Added on 2026-11-28, because the newspaper holdouts were
// too small to measure precision (7–27 predicted names each): the test files give a source per sub-corpus
// (`<corpus>-<lang>-test`) held out whole, never read while changing rules; the train files (where the sub-corpus
// has one in the mirror: only hipe2020 de; the others are too large for the snapshot) a source that is dev whole
// (`<corpus>-<lang>-train`), to read misses on.
// A second, optional mirror (impresso/CLEF-HIPE-2020, pinned at HIPE2020_COMMIT) adds `hipe2020-fr-train`, dev whole:
// the French train file of HIPE-2020's first release (training-v0.9, the only fr train file the snapshot holds), less
// any document of the HIPE-2022 hipe2020 fr test or dev file (none, at these commits; the count is printed).
// Gold: people = NE-COARSE-LIT pers spans, reduced to their title and name components (NE-FINE-COMP
// comp.title + comp.name) where the sub-corpus labels components (hipe2020 fr/de); places = loc spans;
// dates = time spans (hipe2020 only: the other sub-corpora have no time tag). Usage:
//   npx tsx bench/genealogy/convert/hipe.mts /work/.mirror/hipe-eval+HIPE-2022-data/repo \
//     [/work/.mirror/impresso+CLEF-HIPE-2020/repo]
import { textStatesKinship } from './kinship';
import { Mirror, mirrorArg } from './mirror';
import type { GoldRecord } from './record';
import { pick } from './split';
import { writeSplits } from './write';

export const HIPE_COMMIT = '147f5bc3c7fb7e5c6b024a9ffd6503cd019fb9ea';
export const HIPE2020_COMMIT = 'be6f4aa65753e06b4ee4fa548ef50439c7e804c8';
const HIPE2020_FR_TRAIN = 'data/training-v0.9/fr/HIPE-data-v0.9-train-fr.tsv';
const PER_SOURCE = 120;
/** Passages kept from each test file (all held out) and each train file (all dev). */
const PER_TEST_SOURCE = 240;
const PER_TRAIN_SOURCE = 240;
const MIN_PASSAGE = 300;
const MAX_PASSAGE = 1200;

// hasComponents: the file labels NE-FINE-COMP (its header's applicable_columns), so names can be cut from mentions.
const SUBSETS: { corpus: string; lang: string; hasTime: boolean; hasComponents: boolean; hasTrain: boolean }[] = [
  { corpus: 'hipe2020', lang: 'en', hasTime: true, hasComponents: false, hasTrain: false },
  { corpus: 'hipe2020', lang: 'fr', hasTime: true, hasComponents: true, hasTrain: false },
  { corpus: 'hipe2020', lang: 'de', hasTime: true, hasComponents: true, hasTrain: true },
  { corpus: 'newseye', lang: 'fr', hasTime: false, hasComponents: false, hasTrain: false },
  // newseye de is left out: its README says parts of the German documents miss their annotations, and dev
  // shows whole passages of named people with no gold (e.g. dev_de_2, dev_de_4), so its precision would be false.
  { corpus: 'letemps', lang: 'fr', hasTime: false, hasComponents: false, hasTrain: false },
  { corpus: 'sonar', lang: 'de', hasTime: false, hasComponents: false, hasTrain: false },
];

interface Token {
  text: string;
  tag: string; // B-x / I-x / O, lower-cased type
  comp: string; // NE-FINE-COMP: B-comp.name, I-comp.title, … ('' where not labelled)
  noSpace: boolean;
  endOfLine: boolean;
  endOfSentence: boolean;
}

interface Doc {
  id: string;
  tokens: Token[];
}

function parseTsv(tsv: string): Doc[] {
  const docs: Doc[] = [];
  let current: Doc | undefined;
  for (const line of tsv.split('\n')) {
    if (!line.trim() || line.startsWith('TOKEN\t')) continue;
    // HIPE-2022 v2.1 writes `# hipe2022:document_id = …`; HIPE-2020 v0.9 `# document_id = …` (same ten columns).
    const docId = /^# (?:hipe2022:)?document_id = (.+)$/.exec(line);
    if (docId) {
      current = { id: docId[1]!.trim(), tokens: [] };
      docs.push(current);
      continue;
    }
    if (line.startsWith('#') || !current) continue;
    const cols = line.split('\t');
    const misc = cols[9] ?? '';
    const raw = cols[1] ?? 'O';
    current.tokens.push({
      text: cols[0] ?? '',
      tag: raw === 'O' || raw === '_' || raw === '' ? 'O' : raw.slice(0, 2) + raw.slice(2).toLowerCase(),
      comp: cols[5] && cols[5] !== '_' ? cols[5] : '',
      noSpace: misc.includes('NoSpaceAfter'),
      endOfLine: misc.includes('EndOfLine'),
      endOfSentence: misc.includes('EndOfSentence'),
    });
  }
  if (!docs.some((d) => d.tokens.some((t) => t.endOfSentence))) docs.forEach(markSentenceEnds);
  return docs;
}

/**
 * A file with no `EndOfSentence` (HIPE-2020 v0.9 has none): a sentence ends at a ".", "!" or "?" token that
 * does not close an abbreviation (a single letter, or a title such as "MM", "Mme", "St": a short word starting
 * with a capital). Only used to cut passages; the v2.1 files, which mark sentences, never reach this.
 */
function markSentenceEnds(doc: Doc): void {
  doc.tokens.forEach((t, i) => {
    if (!/^[.!?]$/.test(t.text)) return;
    const before = doc.tokens[i - 1]?.text ?? '';
    if (t.text === '.' && /^\p{Lu}\p{L}{0,2}$/u.test(before)) return;
    t.endOfSentence = true;
  });
}

/** Joins tokens as the page had them: a newline at a line end, no space where the TSV says so. */
function join(tokens: readonly Token[]): string {
  let out = '';
  tokens.forEach((t, i) => {
    out += t.text;
    if (i < tokens.length - 1) out += t.endOfLine ? '\n' : t.noSpace ? '' : ' ';
  });
  return out;
}

/** A span's text as gold: hyphenated line breaks joined ("Wash¬\nington"), other line breaks a space. */
const spanText = (tokens: readonly Token[]) =>
  join(tokens)
    .replace(/[¬-]\n/g, '')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * A person's name within its mention: where the corpus labels components, the title and name tokens only
 * ("M. Hagenbeck, le célèbre marchand d'animaux" → "M. Hagenbeck"); a mention whose components hold no
 * name ("le président") names nobody and is dropped. A mention with no component labelled at all is a
 * bare name ("Ruth Dreifuss, Kaspar Villiger et Pascal Couchepin": the annotators label components only
 * where a mention holds more than the name), kept whole, as in a corpus without components.
 */
function nameOf(mention: readonly Token[], hasComponents: boolean): string | undefined {
  if (!hasComponents || !mention.some((t) => t.comp.includes('comp.'))) return spanText(mention);
  if (!mention.some((t) => t.comp.endsWith('comp.name'))) return undefined;
  return spanText(mention.filter((t) => t.comp.endsWith('comp.name') || t.comp.endsWith('comp.title')));
}

function spans(tokens: readonly Token[], type: string, hasComponents = false): string[] {
  const out: string[] = [];
  let cur: Token[] = [];
  const flush = () => {
    const text = cur.length
      ? type === 'pers' || type === 'per'
        ? nameOf(cur, hasComponents)
        : spanText(cur)
      : undefined;
    if (text) out.push(text);
    cur = [];
  };
  for (const t of tokens) {
    if (t.tag === `B-${type}`) {
      flush();
      cur.push(t);
    } else if (t.tag === `I-${type}` && cur.length) cur.push(t);
    else flush();
  }
  flush();
  return out;
}

const uniq = (xs: string[]) => [...new Set(xs)];

/** Cuts a document into passages at sentence ends (never inside an entity), MIN..MAX characters. */
function passages(doc: Doc): Token[][] {
  const out: Token[][] = [];
  let cur: Token[] = [];
  let length = 0;
  doc.tokens.forEach((t, i) => {
    cur.push(t);
    length += t.text.length + 1;
    const next = doc.tokens[i + 1];
    const insideEntity = next?.tag.startsWith('I-') ?? false;
    if (!insideEntity && ((t.endOfSentence && length >= MIN_PASSAGE) || length >= MAX_PASSAGE)) {
      out.push(cur);
      cur = [];
      length = 0;
    }
  });
  if (cur.length) {
    // A short tail joins the passage before it.
    if (length < MIN_PASSAGE / 2 && out.length) out[out.length - 1]!.push(...cur);
    else out.push(cur);
  }
  return out;
}

function convert(mirror: Mirror): void {
  for (const subset of SUBSETS) {
    convertFile(mirror, subset, 'dev');
    convertFile(mirror, subset, 'test');
    if (subset.hasTrain) convertFile(mirror, subset, 'train');
  }
}

function convertFile(mirror: Mirror, subset: (typeof SUBSETS)[number], part: 'dev' | 'test' | 'train'): void {
  const { corpus, lang } = subset;
  const source = part === 'dev' ? `${corpus}-${lang}` : `${corpus}-${lang}-${part}`;
  const file = `data/v2.1/${corpus}/${lang}/HIPE-2022-v2.1-${corpus}-${part}-${lang}.tsv`;
  writeDocs(parseTsv(mirror.show(file)), source, subset, part);
}

/**
 * HIPE-2020's v0.9 French train file → `hipe2020-fr-train` (dev whole). Documents that HIPE-2022's hipe2020 fr
 * test file (our holdout `hipe2020-fr-test`) or dev file (split dev/holdout in `hipe2020-fr`) also holds are left out.
 */
function convertFrTrain09(hipe2020: Mirror, hipe2022: Mirror): void {
  const ids = (part: string) =>
    parseTsv(hipe2022.show(`data/v2.1/hipe2020/fr/HIPE-2022-v2.1-hipe2020-${part}-fr.tsv`)).map((d) => d.id);
  const taken = new Set([...ids('test'), ...ids('dev')]);
  const docs = parseTsv(hipe2020.show(HIPE2020_FR_TRAIN));
  const kept = docs.filter((d) => !taken.has(d.id));
  console.log(
    `hipe2020-fr-train: ${docs.length - kept.length} of ${docs.length} documents also in HIPE-2022 test/dev, left out`,
  );
  const subset = SUBSETS.find((s) => s.corpus === 'hipe2020' && s.lang === 'fr')!;
  writeDocs(kept, 'hipe2020-fr-train', subset, 'train');
}

function writeDocs(
  docs: Doc[],
  source: string,
  subset: (typeof SUBSETS)[number],
  part: 'dev' | 'test' | 'train',
): void {
  const { lang, hasTime, hasComponents } = subset;
  {
    const records: GoldRecord[] = [];
    /** Documents with no entity of any kind labelled: not annotated (letemps has 20 of 51, "M. Gambetta" ten times unlabelled in one). */
    const unannotated = new Set<string>();
    for (const doc of docs) {
      if (!doc.tokens.some((t) => t.tag !== 'O')) unannotated.add(doc.id);
      passages(doc).forEach((tokens, index) => {
        const text = join(tokens);
        const record: GoldRecord = {
          id: `${source}:${doc.id}:${index}`,
          source,
          lang,
          kind: 'newspaper',
          text,
          people: uniq(spans(tokens, 'pers', hasComponents).concat(spans(tokens, 'per'))).map((name) => ({ name })),
          places: uniq(spans(tokens, 'loc')),
          hasKinship: textStatesKinship(text, lang),
        };
        if (hasTime) record.dates = uniq(spans(tokens, 'time')).map((t) => ({ text: t }));
        records.push(record);
      });
    }
    // The sample is drawn first, so dropping them changes no other record's membership.
    writeSplits(
      source,
      pick(records, { dev: PER_SOURCE, test: PER_TEST_SOURCE, train: PER_TRAIN_SOURCE }[part]).filter(
        (r) => !unannotated.has(r.id.slice(source.length + 1, r.id.lastIndexOf(':'))),
      ),
      { all: { dev: undefined, test: 'holdout' as const, train: 'dev' as const }[part] },
    );
  }
}

const hipe2022 = new Mirror(
  mirrorArg('hipe.mts <…/hipe-eval+HIPE-2022-data/repo> [<…/impresso+CLEF-HIPE-2020/repo>]'),
  HIPE_COMMIT,
);
convert(hipe2022);
if (process.argv[3]) convertFrTrain09(new Mirror(process.argv[3], HIPE2020_COMMIT), hipe2022);
