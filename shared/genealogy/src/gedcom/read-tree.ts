import type { PersonSex } from '@gnology/contracts';
import { decodeGedcom } from './decode';
import { type ParsedNode, parseGedcomLines } from './parse';
import type { FamilyTree, TreeCitation, TreeFact, TreeFamily, TreeIndividual, TreeSource } from './tree';

/*
 * A GEDCOM 5.5.1, 5.5.5 or 7.0 file read into a FamilyTree (issue 32, decision 0222). Events and
 * attributes become facts with their date, place, citations and notes; NOTE records (SNOTE in 7)
 * are resolved where they are pointed at; everything else a record holds — unknown and custom
 * tags, a fact's cause or age — is kept as a note in "TAG: value" form, never dropped.
 */

const FACT_LABELS: Record<string, string> = {
  BIRT: 'Birth',
  CHR: 'Christening',
  BAPM: 'Baptism',
  CHRA: 'Adult christening',
  BLES: 'Blessing',
  CONF: 'Confirmation',
  FCOM: 'First communion',
  BARM: 'Bar mitzvah',
  BASM: 'Bat mitzvah',
  ADOP: 'Adoption',
  DEAT: 'Death',
  BURI: 'Burial',
  CREM: 'Cremation',
  PROB: 'Probate',
  WILL: 'Will',
  EMIG: 'Emigration',
  IMMI: 'Immigration',
  NATU: 'Naturalization',
  CENS: 'Census',
  RESI: 'Residence',
  OCCU: 'Occupation',
  EDUC: 'Education',
  GRAD: 'Graduation',
  RETI: 'Retirement',
  ORDN: 'Ordination',
  RELI: 'Religion',
  NATI: 'Nationality',
  TITL: 'Title',
  DSCR: 'Description',
  CAST: 'Caste',
  IDNO: 'Identification number',
  SSN: 'Social security number',
  NCHI: 'Number of children',
  NMR: 'Number of marriages',
  PROP: 'Property',
  FACT: 'Fact',
  EVEN: 'Event',
  MARR: 'Marriage',
  MARB: 'Marriage banns',
  MARC: 'Marriage contract',
  MARL: 'Marriage licence',
  MARS: 'Marriage settlement',
  ENGA: 'Engagement',
  DIV: 'Divorce',
  DIVF: 'Divorce filed',
  ANUL: 'Annulment',
};

/** Tags read into fields of their record (the rest become notes). */
const INDI_FIELDS = new Set(['NAME', 'SEX', 'FAMC', 'FAMS', 'NOTE', 'SNOTE', 'SOUR']);
const FAM_FIELDS = new Set(['HUSB', 'WIFE', 'CHIL', 'NOTE', 'SNOTE', 'SOUR']);
const FACT_FIELDS = new Set(['DATE', 'PLAC', 'TYPE', 'NOTE', 'SNOTE', 'SOUR']);
const SOUR_FIELDS = new Set(['TITL', 'AUTH', 'PUBL', 'TEXT', 'ABBR', 'NOTE', 'SNOTE']);
/**
 * Bookkeeping of the program that wrote the file (its record numbers, when it changed a record):
 * not a claim about anyone, left out on purpose (and said so). Identifiers other programs and
 * people use to find the record again (_UID, UID, REFN, AFN, EXID) are kept as notes (0230).
 */
const BOOKKEEPING = new Set(['CHAN', 'CREA', 'RIN']);
/** Parts of a NAME read into the name itself; kept as a note only when the name's text lacks them. */
const NAME_PARTS = new Set(['GIVN', 'SURN', 'NPFX', 'NSFX', 'SPFX']);
const VOID = '@VOID@';
const NONE: ReadonlySet<string> = new Set();
/** A citation's lines read into the citation; NOTE is read as a note of its own. */
const CITATION_FIELDS: ReadonlySet<string> = new Set(['PAGE', 'DATA', 'TEXT', 'NOTE', 'SNOTE']);
const TEXT_ONLY: ReadonlySet<string> = new Set(['TEXT']);

class Reader {
  readonly notes = new Map<string, string>();
  readonly sources = new Map<string, TreeSource>();
  readonly kept = new Map<string, number>();
  readonly leftOut = new Map<string, number>();
  /** Individuals' names by xref, for notes about family links ("CHIL Mary Smith, _FREL: Adopted"). */
  readonly people = new Map<string, string>();
  /** Families by xref, named by their partners ("John Smith and Mary Cole"), for FAMC and FAMS notes. */
  readonly couples = new Map<string, string>();

  /** A subtree as note text: "TAG value" and its children indented, for what has no field. */
  keep(node: ParsedNode, depth = 0): string {
    if (depth === 0) this.kept.set(node.tag, (this.kept.get(node.tag) ?? 0) + 1);
    const self = `${'  '.repeat(depth)}${node.tag}${node.value ? `: ${node.value}` : node.pointer ? `: ${this.pointed(node.pointer)}` : ''}`;
    return [self, ...node.children.map((c) => this.keep(c, depth + 1))].join('\n');
  }

  pointed(pointer: string): string {
    return (
      this.notes.get(pointer) ??
      this.sources.get(pointer)?.title ??
      this.people.get(pointer) ??
      this.couples.get(pointer) ??
      pointer
    );
  }

  /**
   * What a line the reader does read holds beneath it and has no field for, as notes that name the
   * line: "PLAC MAP…", "CHIL Mary Smith, _FREL: Adopted". `used` are the children read into fields.
   */
  under(node: ParsedNode, used: ReadonlySet<string>, label: string): string[] {
    const out: string[] = [];
    for (const c of node.children) {
      if (used.has(c.tag)) continue;
      if (BOOKKEEPING.has(c.tag)) this.leave(c);
      else out.push(`${label}${this.keep(c)}`);
    }
    return out;
  }

  /** The family links' sub-lines (FAMC's PEDI, CHIL's _FREL, HUSB's _PREF), named by whom they link. */
  linkNotes(node: ParsedNode, tags: string[]): string[] {
    return node.children
      .filter((c) => tags.includes(c.tag) && c.children.length)
      .flatMap((c) => this.under(c, NONE, `${c.tag} ${c.pointer ? this.pointed(c.pointer) : (c.value ?? '')}, `));
  }

  noteOf(node: ParsedNode): string | null {
    if (node.pointer)
      return node.pointer === VOID ? null : (this.notes.get(node.pointer) ?? `(note ${node.pointer} is missing)`);
    return node.value ?? null;
  }

  /** A citation; what it holds beyond page and quoted text (QUAY, the entry's date, a note) goes to `notes`. */
  citationOf(node: ParsedNode, notes: string[]): TreeCitation | null {
    if (node.pointer === VOID) return null;
    const child = (tag: string) => node.children.find((c) => c.tag === tag);
    const data = child('DATA');
    const text = data?.children.find((c) => c.tag === 'TEXT')?.value ?? child('TEXT')?.value ?? null;
    const citation: TreeCitation = node.pointer
      ? {
          sourceXref: node.pointer,
          title: this.sources.get(node.pointer)?.title ?? node.pointer,
          page: child('PAGE')?.value ?? null,
          text,
        }
      : { sourceXref: null, title: node.value ?? '(source without a title)', page: null, text };
    const label = `Source "${citation.title}": `;
    for (const c of node.children) {
      if (c.tag === 'NOTE' || c.tag === 'SNOTE') {
        const n = this.noteOf(c);
        if (n) notes.push(`${label}${n}`);
      }
    }
    notes.push(...this.under(node, CITATION_FIELDS, label));
    if (data) notes.push(...this.under(data, TEXT_ONLY, `${label}DATA `));
    return citation;
  }

  leave(node: ParsedNode) {
    this.leftOut.set(node.tag, (this.leftOut.get(node.tag) ?? 0) + 1);
  }

  /** The children that are notes, citations, or kept as notes. */
  /** `facts`: the node's fact children are read as facts elsewhere (a record's, not a fact's). */
  extras(node: ParsedNode, fields: Set<string>, facts = true) {
    const notes: string[] = [];
    const citations: TreeCitation[] = [];
    for (const c of node.children) {
      if (c.tag === 'NOTE' || c.tag === 'SNOTE') {
        const n = this.noteOf(c);
        if (n) notes.push(n);
      } else if (c.tag === 'SOUR') {
        const cit = this.citationOf(c, notes);
        if (cit) citations.push(cit);
      } else if (BOOKKEEPING.has(c.tag)) this.leave(c);
      else if (!fields.has(c.tag) && !(facts && FACT_LABELS[c.tag])) notes.push(this.keep(c));
    }
    return { notes, citations };
  }

  fact(node: ParsedNode): TreeFact {
    const child = (tag: string) => node.children.find((c) => c.tag === tag);
    const type = child('TYPE')?.value ?? null;
    const date = child('DATE')?.value?.trim() || null;
    const value = node.value && node.value !== 'Y' ? node.value : null;
    const { notes, citations } = this.extras(node, FACT_FIELDS, false);
    for (const tag of ['DATE', 'PLAC']) {
      const c = child(tag);
      if (c) notes.push(...this.under(c, NONE, `${tag} `));
    }
    // TYPE names an EVEN or FACT, or stands for a fact's missing value; beside a value it is kept.
    if (type && value && node.tag !== 'EVEN' && node.tag !== 'FACT') notes.push(`TYPE: ${type}`);
    return {
      tag: node.tag,
      label: (node.tag === 'EVEN' || node.tag === 'FACT') && type ? type : (FACT_LABELS[node.tag] ?? node.tag),
      date,
      year: yearOf(date),
      place: child('PLAC')?.value ?? null,
      value: value ?? (node.tag === 'EVEN' || node.tag === 'FACT' ? null : type),
      citations,
      notes,
    };
  }
}

/** The year of a GEDCOM date, for sorting; none for Hebrew or French Republican dates. */
export function yearOf(date: string | null): number | null {
  if (!date) return null;
  if (/HEBREW|FRENCH/i.test(date)) return null;
  const m = /(?:^|\D)(\d{3,4})(?:\/\d{1,2})?(?:\s*(?:B\.?C\.?|BCE)?)?(?!\d)/i.exec(date.replace(/@#D[^@]*@/g, ''));
  if (!m) return null;
  if (/B\.?C/i.test(date)) return null;
  return Number(m[1]);
}

function nameParts(node: ParsedNode): { name: string; given: string; surname: string } {
  const raw = (node.value ?? '').trim();
  const m = /^([^/]*)\/([^/]*)\/?(.*)$/.exec(raw);
  const sub = (tag: string) => node.children.find((c) => c.tag === tag)?.value?.trim();
  const given = sub('GIVN') ?? (m ? m[1]!.trim() : raw);
  const surname = sub('SURN') ?? (m ? m[2]!.trim() : '');
  const suffix = m ? m[3]!.trim() : '';
  const name = (m ? [m[1]!.trim(), m[2]!.trim(), suffix] : [raw]).filter(Boolean).join(' ').replace(/\s+/g, ' ');
  return { name: name || [given, surname].filter(Boolean).join(' '), given, surname };
}

function sexOf(value: string | undefined): PersonSex {
  const v = (value ?? '').trim().toUpperCase();
  return v === 'M' || v === 'F' ? v : 'U';
}

function individual(r: Reader, rec: ParsedNode): TreeIndividual {
  const names = rec.children.filter((c) => c.tag === 'NAME');
  const main = names[0] ? nameParts(names[0]) : { name: '', given: '', surname: '' };
  const facts: TreeFact[] = [];
  const notes: string[] = [];
  for (const c of rec.children) if (FACT_LABELS[c.tag]) facts.push(r.fact(c));
  const extras = r.extras(rec, INDI_FIELDS);
  notes.push(...extras.notes, ...r.linkNotes(rec, ['FAMC', 'FAMS']));
  // What a NAME holds beyond the name (its sources, notes, a nickname, its type) stays with the person.
  const citations = [...extras.citations];
  names.forEach((n, i) => {
    const written = n.value ?? '';
    // The first name's parts are read into given and surname; a part the text lacks ("Dr.") is kept.
    const used = new Set(
      n.children.filter(
        (c) =>
          NAME_PARTS.has(c.tag) &&
          (written.includes(c.value ?? '') || (i === 0 && (c.tag === 'GIVN' || c.tag === 'SURN'))),
      ),
    );
    for (const c of n.children) {
      if (used.has(c)) continue;
      if (c.tag === 'SOUR') {
        const cit = r.citationOf(c, notes);
        if (cit) citations.push(cit);
      } else if (c.tag === 'NOTE' || c.tag === 'SNOTE') {
        const note = r.noteOf(c);
        if (note) notes.push(note);
      } else if (BOOKKEEPING.has(c.tag)) r.leave(c);
      else notes.push(`NAME ${i === 0 ? '' : `${written}, `}${r.keep(c)}`);
    }
  });
  const year = (tags: string[]) => facts.find((f) => tags.includes(f.tag) && f.year !== null)?.year ?? null;
  return {
    xref: rec.xref!,
    name: main.name || '(no name)',
    given: main.given,
    surname: main.surname,
    otherNames: names
      .slice(1)
      .map((n) => nameParts(n).name)
      .filter(Boolean),
    sex: sexOf(rec.children.find((c) => c.tag === 'SEX')?.value),
    birthYear: year(['BIRT']) ?? year(['CHR', 'BAPM']),
    deathYear: year(['DEAT']) ?? year(['BURI', 'CREM']),
    facts,
    notes,
    citations,
  };
}

function family(r: Reader, rec: ParsedNode): TreeFamily {
  const ptr = (tag: string) => {
    const p = rec.children.find((c) => c.tag === tag)?.pointer;
    return p && p !== VOID ? p : null;
  };
  const { notes, citations } = r.extras(rec, FAM_FIELDS);
  notes.push(...r.linkNotes(rec, ['HUSB', 'WIFE', 'CHIL']));
  return {
    xref: rec.xref!,
    partner1: ptr('HUSB'),
    partner2: ptr('WIFE'),
    children: rec.children.filter((c) => c.tag === 'CHIL' && c.pointer && c.pointer !== VOID).map((c) => c.pointer!),
    facts: rec.children.filter((c) => FACT_LABELS[c.tag]).map((c) => r.fact(c)),
    notes,
    citations,
  };
}

function source(r: Reader, rec: ParsedNode): TreeSource {
  const sub = (tag: string) => rec.children.find((c) => c.tag === tag)?.value ?? null;
  const notes: string[] = [];
  for (const c of rec.children) {
    if (c.tag === 'NOTE' || c.tag === 'SNOTE') {
      const n = r.noteOf(c);
      if (n) notes.push(n);
    } else if (BOOKKEEPING.has(c.tag)) r.leave(c);
    else if (!SOUR_FIELDS.has(c.tag)) notes.push(r.keep(c));
    else if (c.tag === 'ABBR' && sub('TITL')) notes.push(r.keep(c)); // the title is shown; the short title kept
  }
  return {
    xref: rec.xref!,
    title: (sub('TITL') ?? sub('ABBR') ?? rec.value ?? rec.xref!).trim(),
    author: sub('AUTH'),
    publication: sub('PUBL'),
    text: sub('TEXT'),
    notes,
  };
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const listed = (m: Map<string, number>) =>
  [...m.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 20)
    .map(([t, n]) => `${t} ×${n}`)
    .join(', ');

/** Reads a GEDCOM file's bytes; throws NotGedcomError when they are not GEDCOM. */
export function readGedcomTree(bytes: Uint8Array): FamilyTree {
  const decoded = decodeGedcom(bytes);
  const parsed = parseGedcomLines(decoded.text);
  const r = new Reader();
  const warnings = [...decoded.warnings, ...parsed.warnings];
  // GEDCOM 7 allows a record without an xref (nothing points at it): it is kept under its line number.
  for (const x of parsed.records) if (!x.xref && ['INDI', 'FAM', 'SOUR'].includes(x.tag)) x.xref = `#L${x.line}`;
  const byTag = (tag: string) => parsed.records.filter((x) => x.tag === tag && x.xref);
  // Notes and sources first: facts that point at them read their text.
  for (const n of [...byTag('NOTE'), ...byTag('SNOTE')]) {
    const text = [n.value ?? '', ...n.children.filter((c) => !BOOKKEEPING.has(c.tag)).map((c) => r.keep(c))]
      .filter(Boolean)
      .join('\n');
    r.notes.set(n.xref!, text);
  }
  const sources = byTag('SOUR').map((s) => source(r, s));
  for (const s of sources) r.sources.set(s.xref, s);
  for (const i of byTag('INDI')) r.people.set(i.xref!, nameParts(i.children.find((c) => c.tag === 'NAME') ?? i).name);
  for (const f of byTag('FAM')) {
    const partners = f.children.filter((c) => (c.tag === 'HUSB' || c.tag === 'WIFE') && c.pointer);
    const named = partners.map((c) => r.people.get(c.pointer!)).filter(Boolean);
    if (named.length) r.couples.set(f.xref!, named.join(' and '));
  }
  const individuals = byTag('INDI').map((i) => individual(r, i));
  const families = byTag('FAM').map((f) => family(r, f));
  const known = new Set(['HEAD', 'TRLR', 'INDI', 'FAM', 'SOUR', 'NOTE', 'SNOTE']);
  const others = new Map<string, number>();
  for (const rec of parsed.records) if (!known.has(rec.tag)) others.set(rec.tag, (others.get(rec.tag) ?? 0) + 1);
  if (r.kept.size)
    warnings.push(
      `Kept as notes: ${plural(sum(r.kept), 'line', 'lines')} GNology has no field for (${listed(r.kept)}).`,
    );
  if (others.size)
    warnings.push(
      `Not imported: ${plural(sum(others), 'record', 'records')} of other kinds (${listed(others)}): media, repositories and submitters are not part of the people index yet.`,
    );
  if (r.leftOut.size)
    warnings.push(
      `Left out: ${plural(sum(r.leftOut), 'line', 'lines')} of the program's bookkeeping (${listed(r.leftOut)}).`,
    );
  const ids = new Set(individuals.map((i) => i.xref));
  const dangling = families.flatMap((f) => [f.partner1, f.partner2, ...f.children]).filter((p) => p && !ids.has(p));
  if (dangling.length)
    warnings.push(`${plural(dangling.length, 'family link points', 'family links point')} at no person in the file.`);
  return { version: parsed.version, individuals, families, sources, warnings };
}

const sum = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);
