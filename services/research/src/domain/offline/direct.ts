import type { TimelineEventKind } from '@gnology/contracts';
import { type Fact, type Kin, kinOf, type Person, pronoun } from './person';
import type { AskedEvent, Question } from './question';
import { type DocumentsById, type Source, sourcesText } from './sources';
import { datePhraseOf, dateText, disagreeingYears, list, mostPrecise } from './wording';

/**
 * The first paragraph of an offline answer (issues 13 and 28): the facts the people index holds
 * for the question, in the question's form, each clause with its sources. "John Henry Whitfield's
 * parents were Thomas Whitfield and Mary Ann Whitfield (…); he married Sarah Elizabeth Barnes on
 * 14 June 1887 in Raleigh (…)." Where the structures hold nothing, it says the READING found
 * nothing — never that the records are silent, since the text may say what the reading missed.
 */
export interface DirectAnswer {
  text: string;
  /** What each clause rests on, to quote the sentence of that document that gives it. */
  evidence: { source: Source; needles: string[] }[];
}

const VERB: Record<AskedEvent, string> = {
  birth: 'was born',
  baptism: 'was baptised',
  marriage: 'married',
  death: 'died',
  burial: 'was buried',
};
const NOUN: Record<AskedEvent, string> = {
  birth: 'birth',
  baptism: 'baptism',
  marriage: 'marriage',
  death: 'death',
  burial: 'burial',
};
const NOTHING = 'the reading of these documents found';

export function directAnswer(
  q: Question,
  person: Person | null,
  unknownName: string | null,
  docs: DocumentsById,
  mentioned: (name: string) => boolean,
): DirectAnswer | null {
  if (!person) {
    if (!unknownName) return null;
    return {
      text: mentioned(unknownName)
        ? `The selected documents mention ${unknownName}, but ${NOTHING} nothing about them in particular.`
        : `The selected documents do not mention ${unknownName}.`,
      evidence: [],
    };
  }
  const p = person;
  const clauses: string[] = [];
  const evidence: DirectAnswer['evidence'] = [];
  let named = false;
  const he = pronoun(p);
  // The first clause names the person; the ones after say "he"/"she" (or the name again when the records do not tell).
  const refer = (first: string, later: string) => {
    if (named) return later;
    named = true;
    return first;
  };
  const subject = () => refer(p.name, he ?? p.name);
  const possessive = () => refer(`${p.name}'s`, he === 'he' ? 'his' : he === 'she' ? 'her' : `${p.name}'s`);
  const object = () => refer(p.name, he === 'he' ? 'him' : he === 'she' ? 'her' : p.name);
  const cite = (sources: readonly Source[]) => sourcesText(sources, docs);
  const kinClause = (kin: Kin[]) => {
    for (const k of kin) for (const source of k.sources) evidence.push({ source, needles: [k.name] });
    return cite(kin.flatMap((k) => k.sources));
  };

  if (q.parents || q.who) {
    const parents = kinOf(p, 'parent');
    if (parents.length >= 2)
      clauses.push(`${possessive()} parents were ${list(parents.map((k) => k.name))}${kinClause(parents)}`);
    else if (parents.length === 1)
      clauses.push(
        `the records name one of ${possessive()} parents, ${parents[0]!.name}${kinClause(parents)}; ${NOTHING} no other`,
      );
    else if (q.parents) clauses.push(`${NOTHING} no parents of ${object()}`);
  }
  const spouses = kinOf(p, 'spouse');
  const asked = q.who
    ? (['birth', 'marriage', 'death'] as AskedEvent[]).map((kind) => ({ kind, when: true, where: true }))
    : q.events;
  const spouseAsked = q.spouse || q.who;
  let marriageTold = false;
  const eventClause = (kind: AskedEvent, when: boolean, where: boolean, optional: boolean) => {
    const withSpouse = kind === 'marriage' && spouseAsked;
    const clause = event(kind, when, where, optional, withSpouse ? spouses : []);
    if (clause) {
      if (kind === 'marriage') marriageTold = true;
      clauses.push(clause);
    }
  };
  const event = (
    kind: AskedEvent,
    when: boolean,
    where: boolean,
    optional: boolean,
    partners: Kin[],
  ): string | null => {
    const all = p.facts.filter((f) => f.kind === (kind as TimelineEventKind));
    const stated = all.filter((f) => !f.estimated);
    const facts = stated.length ? stated : all;
    const partner = partners.length ? ` ${list(partners.map((k) => k.name))}` : '';
    if (!facts.length) {
      if (optional) return null;
      const what = when && where ? 'date or place' : when ? 'date' : 'place';
      const missing = `${NOTHING} no ${what} of ${possessive()} ${NOUN[kind]}`;
      // A baptism is not a birth, but it is the nearest evidence of one: say it as what it is.
      const baptised = kind === 'birth' && !asked.some((a) => a.kind === 'baptism');
      const baptism = baptised ? event('baptism', true, true, true, []) : null;
      return baptism ? `${missing}; ${baptism}` : missing;
    }
    const note = (fs: Fact[]) => {
      for (const f of fs) evidence.push({ source: f.source, needles: needlesOf(f, p, partners) });
      return cite(fs.map((f) => f.source));
    };
    const groups = disagreeingYears(facts);
    if (groups.length) {
      // Two records, two years: say so, with both sources, rather than pick one.
      const readings = groups.map((fs) => {
        const best = mostPrecise(fs);
        return `${dateText(best.date!)}${best.place ? ` in ${best.place}` : ''}${note(fs)}`;
      });
      // "Whom did he marry?": the spouse first, then the two dates.
      if (partners.length)
        return `${subject()} married${partner}${kinClause(partners)}; the records disagree on when: ${readings.join(' or ')}`;
      return `the records disagree on when ${subject()} ${VERB[kind]}: ${readings.join(' or ')}`;
    }
    const best = mostPrecise(facts);
    const place = best.place ?? facts.find((f) => f.place)?.place ?? null;
    const same = facts.filter((f) => f.year === best.year || !f.date);
    let text = `${subject()} ${VERB[kind]}${partner}${best.date ? ` ${datePhraseOf(best)}` : ''}${place ? ` in ${place}` : ''}${note(same)}`;
    const missing = [when && !best.date ? 'date' : null, where && !place ? 'place' : null].filter(Boolean);
    if (missing.length && !optional) text += `; ${NOTHING} no ${missing.join(' or ')} of it`;
    return text;
  };

  for (const ask of asked) eventClause(ask.kind, ask.when, ask.where, q.who);
  if (q.spouse && !marriageTold) {
    eventClause('marriage', false, false, true);
    if (!marriageTold) {
      if (spouses.length) clauses.push(`${subject()} married ${list(spouses.map((k) => k.name))}${kinClause(spouses)}`);
      else clauses.push(`${NOTHING} no spouse of ${object()}`);
    }
  } else if (q.who && !marriageTold && spouses.length)
    clauses.push(`${subject()} married ${list(spouses.map((k) => k.name))}${kinClause(spouses)}`);
  const children = kinOf(p, 'child');
  if (q.children || (q.who && children.length)) {
    if (children.length)
      clauses.push(
        `${possessive()} children named in the records are ${list(children.map((k) => k.name))}${kinClause(children)}`,
      );
    else clauses.push(`${NOTHING} none of ${possessive()} children`);
  }
  if (!clauses.length) {
    for (const source of p.evidence.slice(0, 3)) evidence.push({ source, needles: [p.name] });
    return {
      text: `The selected documents mention ${p.name}${cite(p.evidence.slice(0, 3))}, but ${NOTHING} no date of ${he === 'he' ? 'his' : he === 'she' ? 'her' : 'their'} birth, marriage or death.`,
      evidence,
    };
  }
  const text = clauses.join('; ');
  return { text: `${text[0]!.toUpperCase()}${text.slice(1)}.`, evidence };
}

/** What to look for in a fact's document to quote the sentence giving it: its date as written, the names. */
function needlesOf(f: Fact, p: Person, partners: Kin[]): string[] {
  return [...(f.date ? [`date:${f.date}`] : []), p.name, ...partners.map((k) => k.name)];
}
