import type { BookConflict, BookEvent, BookLink, BookPerson } from './book-material';
import type { Block, Run } from './manuscript';
import type { RegisterNotes } from './register-notes';
import { byBirth } from './register-numbering';
import {
  capitalize,
  datePhraseFor,
  listRuns,
  mergeRuns,
  personRun,
  placeRun,
  possessive,
  precision,
  roman,
  subject,
  text,
} from './register-words';
import { citedDate } from '@gnology/genealogy/citation';

/**
 * One person's entry in the register (decision 0234): who they were and whose child, then a
 * sentence per event, each with its note; the "how we know" sentence of each conflict; the
 * spouses brought in by marriage; the children. Only what the material holds is said.
 */
export interface EntryContext {
  people: ReadonlyMap<string, BookPerson>;
  numbers: ReadonlyMap<string, number>;
  notes: RegisterNotes;
  /** People whose entry is written already (one person's entry is written once). */
  written: Set<string>;
  /** Couples whose marriage is told already ("a|b"): the partner's entry does not tell it again. */
  married?: Set<string>;
}

const couple = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`);

const para = (runs: Run[]): Block => ({ kind: 'paragraph', runs: mergeRuns(runs) });

/** A sentence's end: the full stop, and the note of the fact after it. */
function end(notes: RegisterNotes, sources: readonly string[]): Run[] {
  const n = notes.source(sources);
  return [n === undefined ? text('.') : { text: '.', note: n }];
}

/** "in Wake County", "at Raleigh": a county, parish or state is a region one lives in, a town a place one is at. */
export function placePreposition(place: string): 'at' | 'in' {
  const first = place.split(',')[0]!.trim();
  return /\b(County|Parish|Township|District|Province|State|Shire)$/i.test(first) ||
    (!place.includes(',') && /^(USA|United States|England|Ireland|Scotland|Wales|Canada|Germany|France)$/i.test(first))
    ? 'in'
    : 'at';
}

/** " on 14 June 1887 at Raleigh", as much as the event says. */
function when(e: Pick<BookEvent, 'date' | 'place'>): Run[] {
  const out: Run[] = [];
  if (e.date) out.push(text(` ${datePhraseFor(e.date)}`));
  if (e.place) out.push(text(` ${placePreposition(e.place)} `), placeRun(e.place));
  return out;
}

/** "14 June 1887 at Raleigh" for "another record gives …". */
function asGiven(e: Pick<BookEvent, 'date' | 'place'>): Run[] {
  const out: Run[] = [];
  if (e.date) out.push(text(citedDate(e.date)));
  if (e.place) out.push(text(`${e.date ? ' ' : ''}${placePreposition(e.place)} `), placeRun(e.place));
  return out;
}

const sameFact = (a: BookEvent, b: BookEvent) =>
  a.date?.normalized === b.date?.normalized && a.date?.qualifier === b.date?.qualifier && a.place === b.place;

/** The events of a kind, the same date and place told once with all their sources. */
function grouped(p: BookPerson, kind: BookEvent['kind']): BookEvent[] {
  const out: BookEvent[] = [];
  for (const e of p.events.filter((x) => x.kind === kind)) {
    const same = out.find((o) => sameFact(o, e) && o.spouseId === e.spouseId && o.detail === e.detail);
    if (same) same.sources = [...same.sources, ...e.sources];
    else out.push({ ...e, sources: [...e.sources] });
  }
  return out;
}

const VERB: Partial<Record<BookEvent['kind'], string>> = {
  birth: 'was born',
  baptism: 'was baptized',
  death: 'died',
  burial: 'was buried',
};
const NOUN: Partial<Record<BookEvent['kind'], string>> = {
  birth: 'birth',
  baptism: 'baptism',
  death: 'death',
  burial: 'burial',
};

/** "He was born on … at ….¹ Another record gives his birth as about 1858.²" */
function vitalSentences(p: BookPerson, kind: BookEvent['kind'], notes: RegisterNotes, lead?: Run[]): Run[] {
  const events = grouped(p, kind).sort((a, b) => precision(b) - precision(a));
  if (events.length === 0) return [];
  const [first, ...others] = events;
  const runs: Run[] = [
    ...(lead ?? [text(` ${subject(p)}`)]),
    text(` ${VERB[kind]}`),
    ...when(first!),
    ...end(notes, first!.sources),
  ];
  for (const o of others) {
    if (!o.date && !o.place) continue;
    // "gives his death as 3 May 1921 at Cary", or with no date "places his death at Cary".
    const lead = o.date ? `gives ${possessive(p)} ${NOUN[kind]} as ` : `places ${possessive(p)} ${NOUN[kind]} `;
    runs.push(text(` Another record ${lead}`), ...asGiven(o), ...end(notes, o.sources));
  }
  return runs;
}

function childWord(p: BookPerson): string {
  return p.sex === 'M' ? 'son' : p.sex === 'F' ? 'daughter' : 'child';
}

function linked(ctx: EntryContext, links: readonly BookLink[]): { person: BookPerson; link: BookLink }[] {
  return links
    .map((link) => ({ person: ctx.people.get(link.personId), link }))
    .filter((x): x is { person: BookPerson; link: BookLink } => !!x.person);
}

/** The opening: number, name, parents, birth and baptism. */
function identity(p: BookPerson, ctx: EntryContext, number: number | undefined): Run[] {
  const head: Run[] = [];
  if (number !== undefined) head.push({ text: `${number}. `, bold: true });
  head.push({ ...personRun(p), bold: true });
  const parents = linked(ctx, p.parents).sort(
    (a, b) => (a.person.sex === 'F' ? 1 : 0) - (b.person.sex === 'F' ? 1 : 0),
  );
  const parentNote = ctx.notes.source(parents.flatMap((x) => x.link.sources));
  const parentRuns =
    parents.length > 0 && parentNote !== undefined
      ? [text(`${childWord(p)} of `), ...listRuns(parents.map((x) => [personRun(x.person)]))]
      : [];
  const hasBirth = p.events.some((e) => e.kind === 'birth');
  const runs: Run[] = [...head];
  if (parentRuns.length > 0 && hasBirth) {
    runs.push(text(', '), ...parentRuns, { text: ',', note: parentNote }, ...vitalSentences(p, 'birth', ctx.notes, []));
  } else if (parentRuns.length > 0) {
    runs.push(text(' was the '), ...parentRuns, { text: '.', note: parentNote });
  } else if (hasBirth) {
    runs.push(...vitalSentences(p, 'birth', ctx.notes, []));
  } else {
    runs.push(text('.'));
  }
  runs.push(...vitalSentences(p, 'baptism', ctx.notes));
  return runs;
}

function spouseWord(of: BookPerson, spouse: BookPerson): string {
  if (spouse.sex === 'F' && of.sex !== 'F') return 'wife';
  if (spouse.sex === 'M' && of.sex !== 'M') return 'husband';
  return 'spouse';
}

/** A marriage the records date, or a spouse they name: "He married Sarah Barnes on … at ….³" */
function marriages(p: BookPerson, ctx: EntryContext): Run[] {
  const runs: Run[] = [];
  const spouses = linked(ctx, p.spouses);
  const told = new Set<string>();
  ctx.married ??= new Set();
  for (const e of grouped(p, 'marriage')) {
    const spouse = e.spouseId ? ctx.people.get(e.spouseId) : undefined;
    if (spouse) {
      told.add(spouse.id);
      const key = `${couple(p.id, spouse.id)}|${e.date?.normalized ?? ''}|${e.place ?? ''}`;
      if (ctx.married.has(key)) continue;
      ctx.married.add(key);
    }
    runs.push(text(` ${subject(p)} married`), ...(spouse ? [text(' '), personRun(spouse)] : []), ...when(e));
    runs.push(...end(ctx.notes, e.sources));
  }
  for (const { person: s, link } of spouses) {
    if (told.has(s.id) || ctx.married.has(couple(p.id, s.id))) continue;
    ctx.married.add(couple(p.id, s.id));
    const n = ctx.notes.source(link.sources);
    if (n === undefined) continue;
    runs.push(text(` ${capitalize(possessive(p))} ${spouseWord(p, s)} was `), personRun(s), { text: '.', note: n });
  }
  return runs;
}

function lifeSentences(p: BookPerson, ctx: EntryContext): Run[] {
  const events = [...grouped(p, 'residence'), ...grouped(p, 'occupation')].sort((a, b) =>
    (a.date?.normalized ?? '9999').localeCompare(b.date?.normalized ?? '9999'),
  );
  // One occupation several records give is one sentence, where it is first met: "… as farmer on 2 March 1862 at Raleigh,¹ in 1880² and …".
  const order: (BookEvent | string)[] = [];
  const occupations = new Map<string, BookEvent[]>();
  for (const e of events) {
    if (e.kind === 'residence') {
      if (e.place) order.push(e);
    } else if (e.detail) {
      const key = e.detail.trim().replace(/\.$/, '').toLowerCase();
      if (!occupations.has(key)) order.push(key);
      occupations.set(key, [...(occupations.get(key) ?? []), e]);
    }
  }
  return order.flatMap((item): Run[] => {
    if (typeof item !== 'string') {
      return [
        text(` ${subject(p)} was living ${placePreposition(item.place!)} `),
        placeRun(item.place!),
        ...(item.date ? [text(` ${datePhraseFor(item.date)}`)] : []),
        ...end(ctx.notes, item.sources),
      ];
    }
    const list = occupations.get(item)!;
    const out: Run[] = [
      text(` ${capitalize(possessive(p))} occupation was recorded as ${list[0]!.detail!.trim().replace(/\.$/, '')}`),
    ];
    // The note follows the comma that ends its clause ("at Raleigh,¹ in 1880² and …").
    list.forEach((e, i) => {
      out.push(...when(e));
      if (i === list.length - 1) {
        out.push(...end(ctx.notes, e.sources));
        return;
      }
      const n = ctx.notes.source(e.sources);
      const comma = i < list.length - 2 ? ',' : '';
      out.push(n === undefined ? text(comma) : { text: comma, note: n });
      if (i === list.length - 2) out.push(text(' and'));
    });
    return out;
  });
}

function objectPronoun(p: BookPerson): string {
  return p.sex === 'M' ? 'him' : p.sex === 'F' ? 'her' : p.given || p.name;
}

const CONFLICT_SENTENCE: Record<string, (p: BookPerson) => string> = {
  birth_years: (p) =>
    `The records do not agree on when ${p.sex === 'U' ? subject(p) : subject(p).toLowerCase()} was born`,
  event_dates: (p) => `The records date one of ${possessive(p)} life’s events differently`,
  event_after_death: (p) => `One record places an event after ${possessive(p)} death`,
  mother_age: (p) =>
    `The dates the records give make ${possessive(p)} mother unusually young or old at ${possessive(p)} birth`,
  marriage_age: (p) => `The dates the records give make ${objectPronoun(p)} unusually young at marriage`,
  child_after_parent_death: () => 'One record dates a child’s birth after a parent’s death',
};

function conflictSentences(p: BookPerson, conflicts: readonly BookConflict[], notes: RegisterNotes): Run[] {
  return conflicts.flatMap((c) => {
    const words = CONFLICT_SENTENCE[c.kind]?.(p) ?? `The records disagree on a point about ${objectPronoun(p)}`;
    return [text(` ${words}`), { text: '.', note: notes.howWeKnow(c.message, c.sources) }];
  });
}

/** The blocks of one person's entry (and of the spouses written inside it). */
export function writeEntry(p: BookPerson, ctx: EntryContext): Block[] {
  ctx.written.add(p.id);
  const number = ctx.numbers.get(p.id);
  const opening = identity(p, ctx, number);
  const paragraphs = [
    [...marriages(p, ctx), ...lifeSentences(p, ctx)],
    [...vitalSentences(p, 'death', ctx.notes), ...vitalSentences(p, 'burial', ctx.notes)],
    conflictSentences(p, p.conflicts, ctx.notes),
  ].filter((runs) => runs.length > 0);
  // An opening that only names the person runs on into the next paragraph rather than stand alone.
  const bare = !opening.some((r) => r.note !== undefined);
  // A spouse of whom the records say nothing more than the marriage already told is not given an empty entry.
  if (bare && paragraphs.length === 0 && number === undefined) return [];
  if (bare && paragraphs.length === 0) opening.push(text(` These records tell nothing more of ${objectPronoun(p)}.`));
  const blocks: Block[] = [para(bare && paragraphs.length > 0 ? [...opening, ...paragraphs.shift()!] : opening)];
  for (const runs of paragraphs) blocks.push(para(trimLead(runs)));
  // A spouse not on the line (no number) is written here, once, as registers do.
  for (const { person: s } of linked(ctx, p.spouses)) {
    if (ctx.numbers.has(s.id) || ctx.written.has(s.id)) continue;
    blocks.push(...writeEntry(s, ctx));
  }
  if (number !== undefined) blocks.push(...childrenBlocks(p, ctx));
  return blocks;
}

function trimLead(runs: Run[]): Run[] {
  const [first, ...rest] = runs;
  return first ? [{ ...first, text: first.text.replace(/^ /, '') }, ...rest] : runs;
}

/**
 * The children the material holds, under the parent whose number is lowest (both parents on the
 * line would list them twice): "Children of A and B:", then "i. Name; see number 2.⁴".
 */
function childrenBlocks(p: BookPerson, ctx: EntryContext): Block[] {
  const number = ctx.numbers.get(p.id)!;
  const children = linked(ctx, p.children).sort((a, b) => byBirth(a.person, b.person));
  const groups = new Map<string | null, typeof children>();
  for (const c of children) {
    const other = c.person.parents.map((l) => l.personId).find((id) => id !== p.id && ctx.people.has(id)) ?? null;
    const otherNumber = other ? ctx.numbers.get(other) : undefined;
    if (otherNumber !== undefined && otherNumber < number) continue;
    groups.set(other, [...(groups.get(other) ?? []), c]);
  }
  const blocks: Block[] = [];
  for (const [other, list] of groups) {
    const partner = other ? ctx.people.get(other)! : undefined;
    blocks.push(
      para([
        text('Children of '),
        personRun(p),
        ...(partner ? [text(' and '), personRun(partner)] : []),
        text(' named in these records:'),
      ]),
    );
    list.forEach(({ person: c, link }, i) => {
      const n = ctx.numbers.get(c.id);
      blocks.push(
        para([
          text(`${roman(i + 1)}. `),
          personRun(c),
          ...(n !== undefined ? [text(`; see number ${n}`)] : []),
          ...end(ctx.notes, link.sources),
        ]),
      );
    });
  }
  return blocks;
}
