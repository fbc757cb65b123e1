import { splitName } from './names';
import type { GedcomNode } from './lines';
import type { GedcomTreeInput, GedcomVersion } from './model';
import type { TreeCitation, TreeFact } from './tree';
import { treeDate } from './tree-dates';

/*
 * The imported family trees written back as GEDCOM records (issue 32, decision 0230), beside the
 * people index's own. Their xrefs have prefixes of their own (@TI1@, @TF1@, @TS1@), so they can
 * never clash with the index's @I1@, @F1@, @S1@ nor with each other across imports (every import
 * had its own @I1@). Facts go back under their tags where the version and the record allow them,
 * else as EVEN with their label as TYPE; notes (the kept unknown tags among them) as NOTE.
 */

const INDI_EVENTS = new Set(
  'BIRT CHR DEAT BURI CREM ADOP BAPM BARM BASM BLES CHRA CONF FCOM ORDN NATU EMIG IMMI CENS PROB WILL GRAD RETI EVEN'.split(
    ' ',
  ),
);
const INDI_ATTRIBUTES = new Set('CAST DSCR EDUC IDNO NATI NCHI NMR OCCU PROP RELI RESI SSN TITL FACT'.split(' '));
/**
 * Attributes Gramps (5.1) reads as attributes without a date or place, reporting those lines as
 * "not supported" and dropping them: with a date or place they go out as EVEN with their label as
 * TYPE, which GEDCOM allows too and every reader keeps whole.
 */
const UNDATED_IN_GRAMPS = new Set(['CAST', 'DSCR', 'IDNO', 'NATI', 'NCHI', 'SSN']);
const FAM_EVENTS = new Set('ANUL CENS DIV DIVF ENGA MARB MARC MARR MARL MARS EVEN'.split(' '));
/** RESI is a family event in 5.5.1 and an attribute in 7.0; FACT is a family's only in 7.0. */
const famAttributes = (version: GedcomVersion) => new Set(version === '7.0' ? ['NCHI', 'RESI', 'FACT'] : ['NCHI']);

export interface TreeXrefs {
  individual: Map<string, string>;
  family: Map<string, string>;
  /** By import and the file's own xref: a citation names its source within its import. */
  source: Map<string, string>;
}

/** Who is in which family, and each person's sex: looked up once, not per person (trees of thousands). */
interface Links {
  fams: Map<string, string[]>;
  famc: Map<string, string[]>;
  sex: Map<string, string>;
}

function linksOf(tree: GedcomTreeInput, x: TreeXrefs): Links {
  const fams = new Map<string, string[]>();
  const famc = new Map<string, string[]>();
  const add = (m: Map<string, string[]>, id: string | null, ref: string) => {
    if (id && !m.get(id)?.includes(ref)) m.set(id, [...(m.get(id) ?? []), ref]);
  };
  for (const f of tree.families) {
    const ref = x.family.get(f.id)!;
    add(fams, f.partner1Id, ref);
    add(fams, f.partner2Id, ref);
    for (const c of f.childIds) add(famc, c, ref);
  }
  return { fams, famc, sex: new Map(tree.individuals.map((i) => [i.id, i.sex])) };
}

const sourceKey = (importId: string, xref: string) => `${importId} ${xref}`;

/** "@I1@", "@I2@"… for the keys in order. */
export const numberXrefs = (keys: string[], prefix: string) => new Map(keys.map((k, i) => [k, `@${prefix}${i + 1}@`]));

export function treeXrefs(tree: GedcomTreeInput): TreeXrefs {
  return {
    individual: numberXrefs(
      tree.individuals.map((i) => i.id),
      'TI',
    ),
    family: numberXrefs(
      tree.families.map((f) => f.id),
      'TF',
    ),
    source: numberXrefs(
      tree.sources.map((s) => sourceKey(s.importId, s.xref)),
      'TS',
    ),
  };
}

/** INDI, FAM and SOUR records of the trees, in that order. */
export function treeRecords(tree: GedcomTreeInput, version: GedcomVersion) {
  const x = treeXrefs(tree);
  const links = linksOf(tree, x);
  return {
    xrefs: x,
    individuals: tree.individuals.map((p) => individual(p, links, version, x)),
    families: tree.families.map((f) => family(f, links, version, x)),
    sources: tree.sources.map((s): GedcomNode => {
      const children: GedcomNode[] = [{ tag: 'TITL', value: s.title }];
      if (s.author) children.push({ tag: 'AUTH', value: s.author });
      if (s.publication) children.push({ tag: 'PUBL', value: s.publication });
      if (s.text) children.push({ tag: 'TEXT', value: s.text });
      children.push(...notes(s.notes));
      return { xref: x.source.get(sourceKey(s.importId, s.xref))!, tag: 'SOUR', children };
    }),
  };
}

const notes = (list: string[]): GedcomNode[] => list.filter((n) => n.trim()).map((n) => ({ tag: 'NOTE', value: n }));

/** "Given /Surname/ Suffix" from the display name and its parts; no slashes when there is no surname. */
function nameNode(display: string, given: string, surname: string): GedcomNode | null {
  if (!display || display === '(no name)') return null;
  const clean = (s: string) => s.replace(/\//g, ' ').replace(/\s+/g, ' ').trim();
  const at = surname ? display.lastIndexOf(surname) : -1;
  if (at < 0) return { tag: 'NAME', value: clean(display) };
  const before = clean(display.slice(0, at));
  const after = clean(display.slice(at + surname.length));
  const value = [before, `/${clean(surname)}/`, after].filter(Boolean).join(' ');
  const children: GedcomNode[] = [];
  if (given) children.push({ tag: 'GIVN', value: given });
  children.push({ tag: 'SURN', value: surname });
  return { tag: 'NAME', value, children };
}

function individual(
  p: GedcomTreeInput['individuals'][number],
  links: Links,
  version: GedcomVersion,
  x: TreeXrefs,
): GedcomNode {
  const children: GedcomNode[] = [];
  const name = nameNode(p.name, p.given, p.surname);
  if (name) children.push(name);
  for (const other of p.otherNames) {
    const split = splitName(other);
    const node = nameNode(other, split.given, split.surname);
    if (node) children.push(node);
  }
  children.push({ tag: 'SEX', value: p.sex });
  for (const f of p.facts) children.push(fact(f, 'individual', p.importId, version, x));
  for (const ref of links.fams.get(p.id) ?? []) children.push({ tag: 'FAMS', pointer: ref });
  for (const ref of links.famc.get(p.id) ?? []) children.push({ tag: 'FAMC', pointer: ref });
  children.push(
    ...citations(p.citations, p.importId, x),
    ...notes([...p.notes, ...unlinked(p.citations, p.importId, x)]),
  );
  return { xref: x.individual.get(p.id)!, tag: 'INDI', children };
}

function family(
  f: GedcomTreeInput['families'][number],
  links: Links,
  version: GedcomVersion,
  x: TreeXrefs,
): GedcomNode {
  let [husband, wife] = [f.partner1Id, f.partner2Id];
  // 5.5.1 has a husband and a wife: a woman written first (and a man second, or nobody) takes WIFE.
  // GEDCOM 7's HUSB and WIFE are partners of any sex: kept as the file had them.
  if (version === '5.5.1') {
    const sex = (id: string | null) => (id ? links.sex.get(id) : undefined);
    if (sex(husband) === 'F' && sex(wife) !== 'F') [husband, wife] = [wife, husband];
  }
  const children: GedcomNode[] = [];
  const ref = (id: string | null) => (id ? x.individual.get(id) : undefined);
  if (ref(husband)) children.push({ tag: 'HUSB', pointer: ref(husband)! });
  if (ref(wife)) children.push({ tag: 'WIFE', pointer: ref(wife)! });
  for (const c of f.childIds) if (ref(c)) children.push({ tag: 'CHIL', pointer: ref(c)! });
  for (const e of f.facts) children.push(fact(e, 'family', f.importId, version, x));
  children.push(
    ...citations(f.citations, f.importId, x),
    ...notes([...f.notes, ...unlinked(f.citations, f.importId, x)]),
  );
  return { xref: x.family.get(f.id)!, tag: 'FAM', children };
}

function citations(list: TreeCitation[], importId: string, x: TreeXrefs): GedcomNode[] {
  return list.flatMap((c) => {
    const pointer = c.sourceXref ? x.source.get(sourceKey(importId, c.sourceXref)) : undefined;
    if (!pointer) return [];
    const children: GedcomNode[] = [];
    if (c.page) children.push({ tag: 'PAGE', value: c.page });
    if (c.text) children.push({ tag: 'DATA', children: [{ tag: 'TEXT', value: c.text }] });
    return [{ tag: 'SOUR', pointer, children }];
  });
}

/**
 * Citations with no source record (5.5.1's inline "SOUR text", or a pointer to a source the file
 * lacked) as notes: GEDCOM 7 has no inline sources, and a made-up source record would change the
 * count of sources a peer program reads.
 */
function unlinked(list: TreeCitation[], importId: string, x: TreeXrefs): string[] {
  return list
    .filter((c) => !c.sourceXref || !x.source.has(sourceKey(importId, c.sourceXref)))
    .map((c) => [`Source: ${c.title}`, c.page, c.text].filter(Boolean).join('\n'));
}

function fact(
  f: TreeFact,
  owner: 'individual' | 'family',
  importId: string,
  version: GedcomVersion,
  x: TreeXrefs,
): GedcomNode {
  const events = owner === 'individual' ? INDI_EVENTS : FAM_EVENTS;
  const attributes = owner === 'individual' ? INDI_ATTRIBUTES : famAttributes(version);
  const value = f.value?.trim() || null;
  const children: GedcomNode[] = [];
  let tag = f.tag;
  let payload: string | null = null;
  // RESI has no payload in 5.5.1 and needs one in 7.0: the residence itself, else its place.
  const resi = tag === 'RESI';
  if (!events.has(tag) && !attributes.has(tag)) tag = 'EVEN';
  else if (attributes.has(tag) && !resi && !value)
    tag = 'EVEN'; // an attribute needs its value
  else if (UNDATED_IN_GRAMPS.has(tag) && (f.date || f.place)) tag = 'EVEN';
  if (tag === 'EVEN') {
    payload = value ?? (version === '7.0' ? f.label : null); // 7.0's EVEN says what happened
    children.push({ tag: 'TYPE', value: f.label });
  } else if (tag === 'FACT') {
    payload = value;
    children.push({ tag: 'TYPE', value: f.label });
  } else if (resi) {
    if (version === '7.0') payload = value ?? f.place ?? f.label;
    else if (value) children.push({ tag: 'TYPE', value });
  } else if (attributes.has(tag)) payload = value;
  else if (value) children.push({ tag: 'TYPE', value }); // an event's own words (the reader's value) as its TYPE
  if (f.date) {
    const date = treeDate(f.date, version);
    children.push({
      tag: 'DATE',
      value: date.value,
      children: date.phrase ? [{ tag: 'PHRASE', value: date.phrase }] : [],
    });
  }
  if (f.place) children.push({ tag: 'PLAC', value: f.place });
  children.push(...citations(f.citations, importId, x), ...notes([...f.notes, ...unlinked(f.citations, importId, x)]));
  // An event known only to have happened says so with "Y".
  if (payload == null && children.length === 0 && !resi) payload = 'Y';
  return { tag, value: payload, children };
}
