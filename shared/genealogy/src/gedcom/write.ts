import { TIMELINE_EVENT_LABELS } from '@gnology/contracts';
import { gedcomDate, gedcomToday } from './dates';
import { type GedcomNode, serialize } from './lines';
import type { GedcomCitation, GedcomEvent, GedcomInput, GedcomVersion } from './model';
import { mergeLinked } from './write-links';
import { numberXrefs, treeRecords } from './write-tree';

/*
 * The people index as a GEDCOM file (issue 16, decision 0186): 5.5.1 (what most desktop programs
 * import, Gramps included) or 7.0, from one input. Individuals with their names, sex, events and
 * notes; families linking spouses and children both ways (FAMS/FAMC and HUSB/WIFE/CHIL); one
 * source per document titled with its citation, cited with its page on every fact it gave. The
 * imported family trees follow with xrefs of their own (write-tree.ts, decision 0230).
 */

const EVENT_TAG: Record<GedcomEvent['kind'], string> = {
  birth: 'BIRT',
  baptism: 'BAPM',
  marriage: 'MARR',
  residence: 'RESI',
  occupation: 'OCCU',
  death: 'DEAT',
  burial: 'BURI',
  other: 'EVEN',
};

/** 5.5.1 field limits (NAME and PLAC 120, ABBR 60, OCCU 90); GEDCOM 7 has none. */
const clip = (text: string, max: number, version: GedcomVersion) =>
  version === '5.5.1' ? Array.from(text).slice(0, max).join('').trim() : text;

export function writeGedcom551(input: GedcomInput): string {
  return writeGedcom(input, '5.5.1');
}

export function writeGedcom7(input: GedcomInput): string {
  return writeGedcom(input, '7.0');
}

export function writeGedcom(input: GedcomInput, version: GedcomVersion): string {
  const tree = input.tree
    ? treeRecords(input.tree, version)
    : { individuals: [], families: [], sources: [], xrefs: null };
  // An index person linked to a tree person (an accepted hint) is written as the tree person.
  const linked = new Map<string, string>();
  for (const [indexId, treeId] of input.links ?? []) {
    const ref = tree.xrefs?.individual.get(treeId);
    if (ref) linked.set(indexId, ref);
  }
  const xref = xrefs(input, linked);
  const own = mergeLinked(individuals(input, version, xref), tree.individuals);
  const records: GedcomNode[] = [
    header(input, version),
    ...own,
    ...tree.individuals,
    ...families(input, version, xref),
    ...tree.families,
    ...sources(input, version, xref),
    ...tree.sources,
  ];
  records.push({
    xref: '@U1@',
    tag: 'SUBM',
    children: [{ tag: 'NAME', value: clip(input.submitter || 'GNology user', 60, version) }],
  });
  records.push({ tag: 'TRLR' });
  return serialize(records, version);
}

interface Xrefs {
  individual: Map<string, string>;
  family: Map<string, string>;
  source: Map<string, string>;
}

function xrefs(input: GedcomInput, linked: Map<string, string>): Xrefs {
  const individual = numberXrefs(
    input.individuals.map((i) => i.id).filter((id) => !linked.has(id)),
    'I',
  );
  for (const [id, ref] of linked) individual.set(id, ref);
  return {
    individual,
    family: numberXrefs(
      input.families.map((f) => f.id),
      'F',
    ),
    source: numberXrefs(
      input.sources.map((s) => s.id),
      'S',
    ),
  };
}

function header(input: GedcomInput, version: GedcomVersion): GedcomNode {
  const source: GedcomNode = { tag: 'SOUR', value: 'GNOLOGY', children: [{ tag: 'NAME', value: 'GNology' }] };
  const date: GedcomNode = { tag: 'DATE', value: gedcomToday(input.exportedAt) };
  const subm: GedcomNode = { tag: 'SUBM', pointer: '@U1@' };
  if (version === '7.0')
    return { tag: 'HEAD', children: [{ tag: 'GEDC', children: [{ tag: 'VERS', value: '7.0' }] }, source, date, subm] };
  return {
    tag: 'HEAD',
    children: [
      source,
      date,
      subm,
      {
        tag: 'GEDC',
        children: [
          { tag: 'VERS', value: '5.5.1' },
          { tag: 'FORM', value: 'LINEAGE-LINKED' },
        ],
      },
      { tag: 'CHAR', value: 'UTF-8' },
    ],
  };
}

/** GEDCOM marks the surname with slashes: neither part may hold one. */
const namePart = (s: string) =>
  s
    .replace(/[/\n\r]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

function individuals(input: GedcomInput, version: GedcomVersion, x: Xrefs): GedcomNode[] {
  const fams = new Map<string, string[]>();
  const famc = new Map<string, string[]>();
  const add = (m: Map<string, string[]>, id: string | null, f: string) => {
    if (id && x.individual.has(id)) m.set(id, [...(m.get(id) ?? []), f]);
  };
  for (const f of input.families) {
    const ref = x.family.get(f.id)!;
    add(fams, f.husbandId, ref);
    add(fams, f.wifeId, ref);
    for (const c of f.childIds) add(famc, c, ref);
  }
  return input.individuals.map((p) => {
    const given = namePart(p.given);
    const surname = namePart(p.surname);
    const suffix = namePart(p.suffix ?? '');
    const base = surname ? `${given ? `${given} ` : ''}/${surname}/` : given || 'Unknown';
    const full = suffix ? `${base} ${suffix}` : base;
    const name: GedcomNode = {
      tag: 'NAME',
      value: clip(full, 120, version),
      children: [
        ...(given ? [{ tag: 'GIVN', value: clip(given, 120, version) }] : []),
        ...(surname ? [{ tag: 'SURN', value: clip(surname, 120, version) }] : []),
        ...(suffix ? [{ tag: 'NSFX', value: clip(suffix, 30, version) }] : []),
        ...citations(p.citations, version, x),
      ],
    };
    const children: GedcomNode[] = [name, { tag: 'SEX', value: p.sex }];
    for (const e of p.events) children.push(event(e, version, x, 'individual'));
    for (const f of [...new Set(fams.get(p.id) ?? [])]) children.push({ tag: 'FAMS', pointer: f });
    for (const f of [...new Set(famc.get(p.id) ?? [])]) children.push({ tag: 'FAMC', pointer: f });
    for (const n of p.notes) if (n.trim()) children.push({ tag: 'NOTE', value: n.trim() });
    return { xref: x.individual.get(p.id)!, tag: 'INDI', children };
  });
}

function families(input: GedcomInput, version: GedcomVersion, x: Xrefs): GedcomNode[] {
  return input.families.map((f) => {
    const children: GedcomNode[] = [];
    const husband = f.husbandId ? x.individual.get(f.husbandId) : undefined;
    const wife = f.wifeId ? x.individual.get(f.wifeId) : undefined;
    if (husband) children.push({ tag: 'HUSB', pointer: husband });
    if (wife) children.push({ tag: 'WIFE', pointer: wife });
    for (const c of [...new Set(f.childIds)]) {
      const ref = x.individual.get(c);
      if (ref) children.push({ tag: 'CHIL', pointer: ref });
    }
    for (const e of f.events) children.push(event(e, version, x, 'family'));
    return { xref: x.family.get(f.id)!, tag: 'FAM', children };
  });
}

function sources(input: GedcomInput, version: GedcomVersion, x: Xrefs): GedcomNode[] {
  return input.sources.map((s) => ({
    xref: x.source.get(s.id)!,
    tag: 'SOUR',
    children: [
      { tag: 'TITL', value: s.title },
      { tag: 'ABBR', value: clip(s.fileName, 60, version) },
    ],
  }));
}

function citations(list: GedcomCitation[], _version: GedcomVersion, x: Xrefs): GedcomNode[] {
  const seen = new Set<string>();
  const out: GedcomNode[] = [];
  for (const c of list) {
    const ref = x.source.get(c.sourceId);
    const key = `${c.sourceId}#${c.page ?? ''}`;
    if (!ref || seen.has(key)) continue;
    seen.add(key);
    out.push({ tag: 'SOUR', pointer: ref, children: c.page ? [{ tag: 'PAGE', value: `p. ${c.page}` }] : [] });
  }
  return out;
}

/**
 * One event or attribute. A marriage belongs to a family: on an individual it is a generic event.
 * OCCU needs its words (else it is a generic event too); RESI has no payload in 5.5.1 and a
 * required one in 7.0; EVEN carries its TYPE; any other detail (how a date was estimated) is a NOTE.
 */
function event(e: GedcomEvent, version: GedcomVersion, x: Xrefs, owner: 'individual' | 'family'): GedcomNode {
  let tag = EVENT_TAG[e.kind];
  if (tag === 'MARR' && owner === 'individual') tag = 'EVEN';
  if (owner === 'family' && tag !== 'MARR') tag = 'EVEN';
  if (tag === 'OCCU' && !e.detail?.trim()) tag = 'EVEN';
  const detail = e.detail?.trim() || null;
  const children: GedcomNode[] = [];
  let value: string | null = null;
  let note: string | null = null;
  if (tag === 'OCCU') value = clip(detail!, 90, version);
  else if (tag === 'EVEN') {
    value = detail ?? TIMELINE_EVENT_LABELS[e.kind];
    children.push({ tag: 'TYPE', value: TIMELINE_EVENT_LABELS[e.kind] });
  } else if (tag === 'RESI') {
    // 7.0 requires RESI's payload, the residence itself: the place, else the record's words.
    if (version === '7.0') value = e.place?.trim() || detail || 'Residence';
    if (detail && detail !== value) note = detail;
  } else note = detail; // how it is known: "estimated from age 48 in 1880"

  const date = e.date ? gedcomDate(e.date, version) : null;
  if (date)
    children.push({
      tag: 'DATE',
      value: date.value,
      children: date.phrase ? [{ tag: 'PHRASE', value: date.phrase }] : [],
    });
  if (e.place?.trim()) children.push({ tag: 'PLAC', value: clip(e.place.trim(), 120, version) });
  children.push(...citations(e.citations, version, x));
  if (note) children.push({ tag: 'NOTE', value: note });
  // BIRT, DEAT, MARR... with nothing known but that they happened say so with "Y".
  if (value == null && children.length === 0 && tag !== 'RESI') value = 'Y';
  return { tag, value, children };
}
