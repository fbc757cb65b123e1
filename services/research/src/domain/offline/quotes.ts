import { foldText } from '@gnology/contracts';
import type { ContextDocument } from '../model';
import { storedDates } from './record-facts';
import type { DocumentsById, Source } from './sources';

/*
 * Quoting the records (retrieval, not reading): the facts come from the stored extraction and the
 * people index; here Gene finds the sentence of a document that holds a fact it already has — the
 * date as the document writes it, the names — and quotes it as the supporting evidence. Nothing
 * found in a sentence becomes a fact.
 */

export interface Passage {
  text: string;
  page: number | null;
}
export interface Quote {
  text: string;
  sources: Source[];
}

const QUOTE_LENGTH = 400;
const flat = (s: string) =>
  foldText(s)
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
// A word ending so is not the end of a sentence ("Mrs.", "St.", "J.").
const NOT_AN_END = /(?:^|\s)(?:mr|mrs|dr|rev|st|no|jr|sr|abt|ca|co|\p{Lu})\.$/iu;

// An answer looks in one document many times (a quote per fact): it is split once.
const split = new WeakMap<ContextDocument, Passage[]>();

/** A document's passages: sentences of prose (a line a PDF wrapped is joined), and table rows each on its own. */
export function passagesOf(doc: ContextDocument): Passage[] {
  let passages = split.get(doc);
  if (!passages) {
    passages = splitPassages(doc);
    split.set(doc, passages);
  }
  return passages;
}

function splitPassages(doc: ContextDocument): Passage[] {
  const pages = doc.pages?.length ? doc.pages : [{ pageNumber: 0, text: doc.extractedText ?? '' }];
  const out: Passage[] = [];
  for (const p of pages) {
    for (const paragraph of p.text.slice(0, 200_000).split(/\n\s*\n/)) {
      const lines = paragraph
        .split('\n')
        .map((l) => l.trim())
        .filter(Boolean);
      const tabular = lines.some((l) => l.includes('|') || /\t/.test(l));
      // A heading in capitals ("CERTIFICATE OF MARRIAGE") stands alone; prose lines a PDF wrapped are joined.
      const units = tabular
        ? lines
        : lines.reduce<string[]>((acc, line) => {
            const heading = !/\p{Ll}/u.test(line);
            const last = acc.length ? acc[acc.length - 1]! : null;
            if (heading || last === null || !/\p{Ll}/u.test(last)) acc.push(line);
            else acc[acc.length - 1] = `${last} ${line}`;
            return acc;
          }, []);
      for (const unit of units) {
        let current = '';
        for (const piece of unit.split(/(?<=[.!?;])\s+/)) {
          current = current ? `${current} ${piece}` : piece;
          if (NOT_AN_END.test(current)) continue;
          out.push({ text: current, page: p.pageNumber || null });
          current = '';
        }
        if (current) out.push({ text: current, page: p.pageNumber || null });
      }
    }
  }
  return out
    .map((s) => ({ ...s, text: s.text.replace(/\s+/g, ' ').trim() }))
    .filter((s) => s.text.length >= 12 && /\p{L}/u.test(s.text))
    .map((s) => (s.text.length > QUOTE_LENGTH ? { ...s, text: `${s.text.slice(0, QUOTE_LENGTH)}…` } : s));
}

/** The strings to look for: "date:1887-06-14" becomes the date as this document writes it. */
function targets(doc: ContextDocument, needles: readonly string[]): { text: string; weight: number }[] {
  return needles.flatMap((n) => {
    if (!n.startsWith('date:')) return [{ text: flat(n), weight: 1 }];
    const normalized = n.slice(5);
    return storedDates(doc)
      .filter((d) => d.normalized === normalized)
      .map((d) => ({ text: flat(d.original), weight: 2 }));
  });
}

/** The passage of a source's document (on its page, when cited by page) that holds most of what the fact names. */
export function supportingPassage(source: Source, needles: readonly string[], docs: DocumentsById): Passage | null {
  const doc = docs.get(source.documentId);
  if (!doc) return null;
  const wanted = targets(doc, needles).filter((t) => t.text);
  const passages = passagesOf(doc);
  const onPage = passages.filter((p) => source.page === null || p.page === null || p.page === source.page);
  let best: { p: Passage; score: number } | null = null;
  for (const p of onPage.length ? onPage : passages) {
    const text = ` ${flat(p.text)} `;
    const score = wanted.reduce((n, t) => n + (text.includes(` ${t.text} `) ? t.weight : 0), 0);
    if (score > 0 && (!best || score > best.score)) best = { p, score };
  }
  return best?.p ?? null;
}

const STOP = new Set(
  'a an and are as at be by did do does for from had has have he her his how i in is it its me my of on or our she tell that the their them there they this to was were what when where which who whom why will with would you your about any find know more please show give list documents document say says said these those'.split(
    ' ',
  ),
);

/** The passages that share most words with the question, in reading order on ties (retrieval without a model). */
export function passagesMatching(
  docs: readonly ContextDocument[],
  query: string,
  names: readonly string[],
  limit: number,
  /** Documents about the person asked: a sentence there needs no name ("He was buried in Oakwood Cemetery"). */
  subjectOf: ReadonlySet<string> = new Set(),
): { passage: Passage; doc: ContextDocument }[] {
  const terms = [...new Set(flat(query).split(' '))].filter((w) => w.length >= 3 && !STOP.has(w));
  const wanted = names.map(flat).filter(Boolean);
  const scored: { passage: Passage; doc: ContextDocument; score: number; order: number }[] = [];
  let order = 0;
  for (const doc of docs)
    for (const passage of passagesOf(doc)) {
      const text = ` ${flat(passage.text)} `;
      const words = new Set(text.split(' '));
      let score = wanted.reduce((n, w) => n + (text.includes(` ${w} `) ? 3 : 0), 0);
      for (const t of terms) if (words.has(t)) score += 1;
      if (wanted.length && !subjectOf.has(doc._id) && !wanted.some((w) => text.includes(` ${w} `))) score = 0;
      if (score > 0)
        scored.push({ passage, doc, score: score + (/\b1[5-9]\d\d\b/.test(passage.text) ? 0.25 : 0), order: order++ });
      else order++;
    }
  return scored
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .slice(0, limit)
    .map(({ passage, doc }) => ({ passage, doc }));
}

/** The passages that write a date the extraction found, in reading order: what to quote when nothing matches the question's words. */
export function datedPassages(
  docs: readonly ContextDocument[],
  limit: number,
): { passage: Passage; doc: ContextDocument }[] {
  const out: { passage: Passage; doc: ContextDocument }[] = [];
  for (const doc of docs) {
    const dates = storedDates(doc)
      .map((d) => flat(d.original))
      .filter(Boolean);
    if (!dates.length) continue;
    for (const passage of passagesOf(doc)) {
      const text = ` ${flat(passage.text)} `;
      if (dates.some((d) => text.includes(` ${d} `))) out.push({ passage, doc });
      if (out.length >= limit) return out;
    }
  }
  return out;
}
