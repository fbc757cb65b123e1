import type { PersonRole, PersonTag } from '@gnology/contracts';
import { GIVEN_NAMES, TITLES } from './given-names';

/**
 * People named in a record, with their role relative to its primary subject. Names are found by
 * a given-name lexicon, titles ("Mrs.", "Rev.", "Pvt.") and relationship phrases; relationships
 * ("son of", "daughter of", "wife of", "widow of", "married", "his wife", census relation
 * columns) become edges between people, and roles are read off the edges touching the primary.
 */

type Relation = Exclude<PersonRole, 'primary_subject'>;
interface Mention {
  name: string;
  key: string;
  start: number;
  end: number;
}
interface Edge {
  /** `person` is `role` of `anchor`; anchor -1 means "the primary subject, whoever it is". */
  anchor: number;
  person: number;
  role: Relation;
}

const TOKEN = String.raw`(?:(?:Mc|Mac|O')?[A-Z][a-z]+(?:-[A-Z][a-z]+)?|[A-Z]\.|(?:van|von|de|du|der|den|la|le)(?= [A-Z]))`;
const NAME_RUN = new RegExp(String.raw`\b${TOKEN}(?:[ \t]+${TOKEN}){0,4}(?:,?[ \t]+(?:Jr|Sr)\.?)?`, 'g');

/** Capitalised words that end a name: census columns, calendar and place words, sentence starters. */
const STOP = new Set(
  `head wife husband son sons daughter daughters daur dau father mother brother sister child children widow widower servant boarder lodger
  grandson granddaughter nephew niece cousin uncle aunt inlaw in-law
  january february march april may june july august september october november december jan feb mar apr jun jul aug sep sept oct nov dec
  monday tuesday wednesday thursday friday saturday sunday
  county co township parish church cemetery street road avenue farm city town state district ward precinct hospital school
  the and of in at on for with from to by was is he she his her their this that born died married baptised baptized buried age aged
  certificate registration record census obituary mr mrs miss dr rev capt`
    .split(/\s+/),
);

const REL_WORDS: Record<string, Relation> = {
  wife: 'spouse', husband: 'spouse', widow: 'spouse', widower: 'spouse', spouse: 'spouse', consort: 'spouse', relict: 'spouse',
  son: 'child', sons: 'child', daughter: 'child', daughters: 'child', dau: 'child', daur: 'child', child: 'child', children: 'child', stepson: 'child', stepdaughter: 'child',
  father: 'parent', mother: 'parent', parents: 'parent', stepfather: 'parent', stepmother: 'parent',
  brother: 'sibling', brothers: 'sibling', sister: 'sibling', sisters: 'sibling',
  grandson: 'other_relative', granddaughter: 'other_relative', grandchildren: 'other_relative', grandfather: 'other_relative', grandmother: 'other_relative',
  nephew: 'other_relative', niece: 'other_relative', cousin: 'other_relative', uncle: 'other_relative', aunt: 'other_relative',
  'brother-in-law': 'other_relative', 'sister-in-law': 'other_relative', 'son-in-law': 'other_relative', 'daughter-in-law': 'other_relative',
  'father-in-law': 'other_relative', 'mother-in-law': 'other_relative',
};
const REL_ALT = Object.keys(REL_WORDS)
  .sort((a, b) => b.length - a.length)
  .join('|');
/** "… son of " right before a name: the name is the parent (or spouse, ...) of the phrase's subject. */
const REL_OF_BEFORE = new RegExp(String.raw`\b(${REL_ALT})\s+of\s+(?:the\s+late\s+)?$`, 'i');
/** "his wife ", "survived by her sons " right before a name: the name is that relative of the subject. */
const REL_BEFORE = new RegExp(String.raw`\b(${REL_ALT})(?:\s*\([^)]*\))?,?\s*(?:(?:Mr|Mrs|Miss|Dr|Rev)\.?\s+)?$`, 'i');
const MARRIED_BEFORE = /\b(?:married|wed|marriage\s+of\s+[^.;\n]{0,60}?\s+(?:to|and|with)|united\s+in\s+marriage\s+(?:to|with))\s+(?:(?:Mr|Mrs|Miss)\.?\s+)?$/i;
const BORN_TO_BEFORE = /\bborn\s+(?:[^.;\n]{0,60}?\s+)?to\s+$/i;
/** A letter's salutation names its addressee, the person the letter is about ("My dear Sarah,"). */
const DEAR_BEFORE = /\b(?:my\s+)?dear(?:est)?\s+$/i;
const LIST_BEFORE = /^\s*(?:,\s*(?:a|an|the|aged?)\s[^,.;\n]{0,30}?)?(?:,|,?\s+and|&)\s*(?:(?:Mr|Mrs|Miss|Dr|Rev)\.?\s+)?$/i;
/** Census relation column right after the name. */
const CENSUS_AFTER = /^[ \t,]+(Head|Wife|Son|Daughter|Dau|Daur|Father|Mother|Brother|Sister|Grandson|Granddaughter|Nephew|Niece|Servant|Boarder|Lodger|Cousin)\b/;
const SUBJECT_AFTER = /^,?\s+(?:was\s+born|was\s+baptized|was\s+baptised|died|passed\s+away|departed\s+this\s+life|,?\s*aged?\s+\d|,\s*born|enlisted|was\s+enlisted)/i;
const SUBJECT_BEFORE = /(?:in\s+(?:loving\s+)?memory\s+of|obituary\s*[:\-–]?|death\s+of|birth\s+of|certify\s+that|this\s+is\s+to\s+certify\s+that|name\s+of\s+(?:child|deceased|soldier)\s*:?|deceased\s*:|soldier\s*:)\s*(?:(?:Mr|Mrs|Miss|Dr|Rev|Pvt|Sgt|Capt)\.?\s+)?$/i;

function keyOf(name: string): string {
  return name
    .toLowerCase()
    .replace(/[.,]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Trims stop words off both ends of a capitalised run; returns undefined when nothing name-like is left. */
function trimRun(words: string[]): { words: string[]; skipped: number } | undefined {
  let a = 0;
  let b = words.length;
  while (a < b && STOP.has(words[a]!.toLowerCase().replace(/\.$/, ''))) a++;
  // A stop word inside the run ends the name ("John Smith Head Farmer" → "John Smith").
  for (let i = a; i < b; i++) {
    if (STOP.has(words[i]!.toLowerCase().replace(/\.$/, ''))) {
      b = i;
      break;
    }
  }
  while (b > a && /^(?:van|von|de|du|der|den|la|le)$/.test(words[b - 1]!)) b--;
  if (a >= b) return undefined;
  return { words: words.slice(a, b), skipped: a };
}

function findMentions(text: string): Mention[] {
  const mentions: Mention[] = [];
  NAME_RUN.lastIndex = 0;
  for (let m = NAME_RUN.exec(text); m; m = NAME_RUN.exec(text)) {
    const raw = m[0];
    const rawWords = raw.split(/[ \t]+/);
    // A title in front (kept out of the name) makes the rest a name even without a known given name.
    let titled = false;
    let offset = 0;
    let words = rawWords;
    const first = rawWords[0]!.replace(/\.$/, '').toLowerCase();
    if (TITLES.has(first) && rawWords.length > 1) {
      titled = true;
      offset = rawWords[0]!.length + 1;
      words = rawWords.slice(1);
    }
    const trimmed = trimRun(words);
    if (!trimmed) continue;
    const w = trimmed.words;
    const given = w[0]!.replace(/\.$/, '').toLowerCase();
    const known = GIVEN_NAMES.has(given);
    const before = text.slice(Math.max(0, m.index - 60), m.index);
    const cued = REL_BEFORE.test(before) || REL_OF_BEFORE.test(before) || MARRIED_BEFORE.test(before) || BORN_TO_BEFORE.test(before) || DEAR_BEFORE.test(before);
    const initials = w.filter((x) => /^[A-Z]\.$/.test(x)).length;
    const isName = (known && w.length >= 2) || (titled && w.length >= 1) || (cued && (known || w.length >= 2)) || (known && w.length === 1 && cued);
    if (!isName || initials === w.length) continue;
    // Skip over the words trimmed from the front to locate the name itself.
    const lead = words.slice(0, trimmed.skipped).join(' ');
    const start = m.index + offset + (lead ? lead.length + 1 : 0);
    const name = w.join(' ').replace(/,$/, '');
    mentions.push({ name, key: keyOf(name), start, end: start + name.length });
  }
  return mentions;
}

const INVERSE: Record<Relation, Relation> = { spouse: 'spouse', child: 'parent', parent: 'child', sibling: 'sibling', other_relative: 'other_relative' };

/** People in `text` with roles. At most `limit` people, the primary subject first. */
export function extractPeople(text: string, limit = 60): PersonTag[] {
  const mentions = findMentions(text);
  if (mentions.length === 0) return [];

  // One person per key; a lone given name merges into the full name that starts with it.
  const persons: { name: string; key: string }[] = [];
  const index = new Map<string, number>();
  const idOf: number[] = [];
  for (const m of mentions) {
    let id = index.get(m.key);
    if (id === undefined && !m.key.includes(' ')) {
      id = persons.findIndex((p) => p.key.startsWith(`${m.key} `));
      if (id < 0) id = undefined;
    }
    if (id === undefined) {
      // A fuller name seen later replaces a lone given name seen first.
      const lone = persons.findIndex((p) => !p.key.includes(' ') && m.key.startsWith(`${p.key} `));
      if (lone >= 0) {
        persons[lone] = { name: m.name, key: m.key };
        index.set(m.key, lone);
        id = lone;
      } else {
        id = persons.length;
        persons.push({ name: m.name, key: m.key });
        index.set(m.key, id);
      }
    }
    idOf.push(id);
  }

  const edges: Edge[] = [];
  let head: number | undefined;
  const subjectCued: number[] = [];
  // The role a list ("sons John, William and Henry") hands on to its next member.
  let listRole: { anchor: number; role: Relation } | undefined;
  for (let i = 0; i < mentions.length; i++) {
    const m = mentions[i]!;
    const id = idOf[i]!;
    const before = text.slice(Math.max(0, m.start - 80), m.start);
    const after = text.slice(m.end, m.end + 40);
    const prev = i > 0 ? idOf[i - 1]! : undefined;
    const gap = i > 0 ? text.slice(mentions[i - 1]!.end, m.start) : '';
    const ofMatch = REL_OF_BEFORE.exec(before);
    const relMatch = REL_BEFORE.exec(before);
    if (gap && LIST_BEFORE.test(gap) && listRole) {
      edges.push({ anchor: listRole.anchor, person: id, role: listRole.role });
    } else if (ofMatch) {
      // "A, son of B": B is A's parent; the subject A is whoever was named just before.
      const rel = REL_WORDS[ofMatch[1]!.toLowerCase()]!;
      const anchorId = subjectBefore(mentions, idOf, i, text);
      if (anchorId !== id) {
        edges.push({ anchor: anchorId, person: id, role: INVERSE[rel] });
        listRole = { anchor: anchorId, role: INVERSE[rel] };
        if (anchorId >= 0) subjectCued.push(anchorId);
      }
    } else if (MARRIED_BEFORE.test(before)) {
      const anchorId = prev !== undefined && prev !== id && text.slice(mentions[i - 1]!.end, m.start).length < 80 ? prev : -1;
      edges.push({ anchor: anchorId, person: id, role: 'spouse' });
      listRole = undefined;
    } else if (BORN_TO_BEFORE.test(before)) {
      edges.push({ anchor: prev !== undefined && prev !== id ? prev : -1, person: id, role: 'parent' });
      listRole = { anchor: prev !== undefined && prev !== id ? prev : -1, role: 'parent' };
    } else if (relMatch) {
      const rel = REL_WORDS[relMatch[1]!.toLowerCase()]!;
      edges.push({ anchor: -1, person: id, role: rel });
      listRole = { anchor: -1, role: rel };
    } else {
      listRole = undefined;
    }
    const census = CENSUS_AFTER.exec(after);
    if (census) {
      const col = census[1]!.toLowerCase();
      if (col === 'head') head ??= id;
      else edges.push({ anchor: -1, person: id, role: REL_WORDS[col] ?? 'other_relative' });
    }
    if (DEAR_BEFORE.test(before)) subjectCued.unshift(id);
    else if (SUBJECT_AFTER.test(after) || SUBJECT_BEFORE.test(before)) subjectCued.push(id);
  }

  const related = new Set(edges.filter((e) => e.anchor === -1).map((e) => e.person));
  const primary: number = head ?? subjectCued.find((id) => !related.has(id)) ?? [...persons.keys()].find((id) => !related.has(id)) ?? 0;

  const roles = new Map<number, PersonRole>([[primary, 'primary_subject']]);
  for (const e of edges) {
    const anchor: number = e.anchor === -1 ? primary : e.anchor;
    if (e.person === anchor || roles.has(e.person)) continue;
    if (anchor === primary) roles.set(e.person, e.role);
  }
  // Edges from a relative of the primary to the primary ("B, wife of A" written the other way round).
  for (const e of edges) {
    if (e.person === primary && e.anchor >= 0 && !roles.has(e.anchor)) roles.set(e.anchor, INVERSE[e.role]);
  }
  const out: PersonTag[] = [{ name: persons[primary]!.name, role: 'primary_subject' }];
  for (let id = 0; id < persons.length && out.length < limit; id++) {
    if (id === primary) continue;
    out.push({ name: persons[id]!.name, role: (roles.get(id) ?? 'other_relative') as PersonRole });
  }
  return out;
}

/** The subject of a "… of" phrase: the last person named before the relation word. */
function subjectBefore(mentions: Mention[], idOf: number[], i: number, text: string): number {
  if (i === 0) return -1;
  const between = text.slice(mentions[i - 1]!.end, mentions[i]!.start);
  // "… Samuel Turner. She was the daughter of …": a new sentence or a pronoun means the primary subject.
  if (between.length > 120 || /[.;\n]|\b(?:he|she|who|they)\b/i.test(between)) return -1;
  return idOf[i - 1]!;
}
