import { citation } from '../cite';
import type { PersonFacts, Relative } from './person';
import type { AskedEvent, Question } from './question';
import type { EventFact, Sentence } from './reading';

/**
 * The first paragraph of an offline answer (issue 13): a direct answer in the question's form,
 * built from the facts found, each clause with its source, and plainly what the documents do not
 * say. "John Henry Whitfield's parents were Thomas Whitfield and Mary Ann Whitfield (…, p. 2);
 * he married on 14 June 1887 in Raleigh (…, p. 2)."
 */
export interface DirectAnswer {
  text: string;
  /** The sentences it rests on, to quote first under the answer. */
  sentences: Sentence[];
}

const VERB: Record<AskedEvent, string> = {
  birth: 'was born',
  baptism: 'was baptised',
  marriage: 'married',
  death: 'died',
  burial: 'was buried',
};

/** "(a.pdf, p. 2; b.txt)": each distinct document and page once. */
export function sourcesOf(sentences: Sentence[]): string {
  const seen = new Set<string>();
  const cites: string[] = [];
  for (const s of sentences) {
    const key = `${s.doc._id}|${s.page ?? ''}`;
    if (seen.has(key)) continue;
    seen.add(key);
    cites.push(citation(s.doc, s.page));
  }
  return cites.length ? ` (${cites.join('; ')})` : '';
}

function list(names: string[]): string {
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

function sentencesOfRelatives(relatives: Relative[]): Sentence[] {
  return relatives.flatMap((r) => r.sentences);
}

export function directAnswer(q: Question, person: PersonFacts | null, unknownName: string | null): DirectAnswer | null {
  if (!person) {
    return unknownName ? { text: `The selected documents do not mention ${unknownName}.`, sentences: [] } : null;
  }
  const clauses: string[] = [];
  const used: Sentence[] = [];
  const p = person;
  let named = false;
  // The first clause names the person; the ones after say "he"/"she" (or the name again when the records do not tell).
  const subject = () => {
    if (!named) {
      named = true;
      return p.name;
    }
    return p.gender ?? p.name;
  };
  const possessive = () => {
    if (!named) {
      named = true;
      return `${p.name}'s`;
    }
    return p.gender === 'he' ? 'his' : p.gender === 'she' ? 'her' : `${p.name}'s`;
  };
  const add = (clause: string, sentences: Sentence[], cited = false) => {
    clauses.push(cited ? clause : `${clause}${sourcesOf(sentences)}`);
    used.push(...sentences.filter((s) => !used.includes(s)));
  };

  const asked = q.who
    ? (['birth', 'marriage', 'death'] as AskedEvent[]).map((kind) => ({ kind, when: true, where: true }))
    : q.events;
  if (q.parents || q.who) {
    const parents = p.parents.map((r) => r.name);
    if (parents.length >= 2) add(`${possessive()} parents were ${list(parents)}`, sentencesOfRelatives(p.parents));
    else if (parents.length === 1)
      add(`the documents name only one of ${possessive()} parents: ${parents[0]}`, sentencesOfRelatives(p.parents));
    else if (q.parents) clauses.push(`the documents do not name ${possessive()} parents`);
  }
  for (const ask of asked) {
    const withSpouse = ask.kind === 'marriage' && (q.spouse || q.who);
    const clause = eventClause(ask, p, withSpouse, subject, q.who);
    if (clause) add(clause.text, clause.sentences, true);
    else if (withSpouse && p.spouses.length)
      add(`${subject()} married ${list(p.spouses.map((r) => r.name))}`, sentencesOfRelatives(p.spouses));
  }
  const wedding = p.events.some((e) => e.kind === 'marriage')
    ? eventClause({ kind: 'marriage', when: false, where: false }, p, true, subject, true)
    : null;
  if (q.spouse && !asked.some((a) => a.kind === 'marriage')) {
    if (wedding) add(wedding.text, wedding.sentences, true);
    else if (p.spouses.length)
      add(`${subject()} married ${list(p.spouses.map((r) => r.name))}`, sentencesOfRelatives(p.spouses));
    else clauses.push(`the documents do not say whom ${subject()} married`);
  }
  if (q.children || (q.who && p.children.length)) {
    if (p.children.length)
      add(
        `${possessive()} children named in the documents are ${list(p.children.map((r) => r.name))}`,
        sentencesOfRelatives(p.children),
      );
    else clauses.push(`the documents name none of ${possessive()} children`);
  }
  if (!clauses.length) {
    return {
      text: `The selected documents mention ${p.name} but do not say when or where ${p.gender ?? 'they'} ${p.gender ? 'was' : 'were'} born, married or died.`,
      sentences: p.sentences.slice(0, 3),
    };
  }
  const text = clauses.join('; ');
  return { text: `${text[0]!.toUpperCase()}${text.slice(1)}.`, sentences: used };
}

/** One event: its date and place with sources, the readings that disagree, or what is missing. */
function eventClause(
  ask: { kind: AskedEvent; when: boolean; where: boolean },
  p: PersonFacts,
  withSpouse: boolean,
  subject: () => string,
  optional: boolean,
): { text: string; sentences: Sentence[] } | null {
  const facts = p.events.filter((e) => e.kind === ask.kind);
  const spouse = withSpouse
    ? (facts.find((e) => e.spouse && e.spouse !== p.name)?.spouse ?? p.spouses[0]?.name ?? null)
    : null;
  const spouseText = spouse ? ` ${spouse}` : '';
  if (!facts.length) {
    if (optional) return null;
    const what = ask.when && ask.where ? 'when or where' : ask.when ? 'when' : 'where';
    return { text: `the documents do not say ${what} ${subject()} ${VERB[ask.kind]}`, sentences: [] };
  }
  const years = new Set(facts.filter((e) => e.date).map((e) => e.date!.year));
  if (years.size > 1) {
    // Two records, two years: say so, with both sources, rather than pick one.
    const readings = [...years].map((y) => {
      const fs = facts.filter((e) => e.date?.year === y);
      const best = precise(fs);
      return {
        text: `${best.date!.text}${sourcesOf(fs.map((e) => e.sentence))}`,
        sentences: fs.map((e) => e.sentence),
      };
    });
    return {
      text: `the documents disagree on when ${subject()} ${VERB[ask.kind]}: ${readings.map((r) => r.text).join(' or ')}`,
      sentences: readings.flatMap((r) => r.sentences),
    };
  }
  const dated = facts.filter((e) => e.date);
  const best = dated.length ? precise(dated) : facts[0]!;
  const place = best.place ?? facts.find((e) => e.place)?.place ?? null;
  const sources = [best, ...facts.filter((e) => e !== best && e.place === place && place)].map((e) => e.sentence);
  let text = `${subject()} ${VERB[ask.kind]}${spouseText}${best.date ? ` ${best.date.phrase}` : ''}${place ? ` in ${place}` : ''}`;
  const missing = [ask.when && !best.date ? 'when' : null, ask.where && !place ? 'where' : null].filter(Boolean);
  if (missing.length && !optional)
    text += `${sourcesOf(sources)}, but the documents do not say ${missing.join(' or ')}`;
  else text += sourcesOf(sources);
  return { text, sentences: sources };
}

/** The reading with the fullest date ("14 June 1887" over "1887"). */
function precise(facts: EventFact[]): EventFact {
  return [...facts].sort((a, b) => (b.date?.text.length ?? 0) - (a.date?.text.length ?? 0))[0]!;
}
