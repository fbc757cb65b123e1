import type { DateInfoItem, TimelineEvent } from '@gnology/contracts';
import { buildCitation, citationPeople } from '@gnology/genealogy/citation';
import {
  type GedcomCitation,
  type GedcomDateInput,
  type GedcomEvent,
  type GedcomFamily,
  type GedcomIndividual,
  type GedcomInput,
  splitName,
} from '@gnology/genealogy/gedcom';
import type { ExportDocument, ExportIndividual, PeopleExport } from './people-export';

/*
 * The people index as GEDCOM's input (issue 16, decision 0186): individuals as the user left them
 * (merges, splits and renames included); families from the relatives (a spouse pair, or the
 * parents a child names; siblings with no known parent share a family of their own); one source
 * per document, titled with its citation; each fact cites the document and page it was read from;
 * conflicts and other spellings become notes.
 */

export function gedcomInputOf(data: PeopleExport, exportedAt: Date, submitter = 'GNology user'): GedcomInput {
  const docs = new Map(data.documents.map((d) => [d.id, d]));
  const byId = new Map(data.individuals.map((i) => [i.summary.id, i]));
  const families = familiesOf(data.individuals);
  const familyOfSpouses = new Map<string, GedcomFamily[]>();
  for (const f of families)
    for (const id of [f.husbandId, f.wifeId]) if (id) familyOfSpouses.set(id, [...(familyOfSpouses.get(id) ?? []), f]);

  const individuals: GedcomIndividual[] = data.individuals.map((p) => {
    const pageOf = pagesOf(p);
    const cite = (documentId: string): GedcomCitation => ({
      sourceId: documentId,
      page: pageOf.get(documentId) ?? null,
    });
    const events: GedcomEvent[] = [];
    for (const t of p.timeline) {
      const e: GedcomEvent = {
        kind: t.kind,
        date: dateOf(t, docs.get(t.documentId)),
        place: t.place,
        detail: t.detail,
        citations: docs.has(t.documentId) ? [cite(t.documentId)] : [],
      };
      // A marriage is the family's: on the family of the spouse the same record names, else of any spouse.
      if (t.kind === 'marriage') {
        const own = familyOfSpouses.get(p.summary.id) ?? [];
        const family =
          own.find((f) =>
            [f.husbandId, f.wifeId].some(
              (id) => id && id !== p.summary.id && byId.get(id)?.evidence.some((x) => x.documentId === t.documentId),
            ),
          ) ?? own[0];
        if (family) {
          if (
            !family.events.some(
              (x) =>
                x.kind === 'marriage' &&
                x.citations[0]?.sourceId === t.documentId &&
                x.date?.normalized === e.date?.normalized,
            )
          )
            family.events.push(e);
          continue;
        }
      }
      events.push(e);
    }
    const name = splitName(p.summary.name);
    const notes = [
      ...p.conflicts.map((c) => `Conflict: ${c.message}`),
      ...(p.variants.filter((v) => v !== p.summary.name).length
        ? [`Also written: ${p.variants.filter((v) => v !== p.summary.name).join('; ')}.`]
        : []),
    ];
    return {
      id: p.summary.id,
      given: name.given,
      surname: name.surname,
      suffix: name.suffix,
      sex: p.summary.sex,
      events,
      notes,
      citations: [...new Set(p.evidence.map((e) => e.documentId))].filter((id) => docs.has(id)).map(cite),
    };
  });

  const sources = data.documents.map((d) => ({ id: d.id, title: citationOf(d), fileName: d.fileName }));
  return { individuals, families, sources, exportedAt, submitter };
}

/** The first page each document names this person on. */
function pagesOf(p: ExportIndividual): Map<string, number> {
  const out = new Map<string, number>();
  for (const e of p.evidence) if (e.page != null && !out.has(e.documentId)) out.set(e.documentId, e.page);
  return out;
}

/** The timeline keeps only the normalized date: the document's dates say how it was qualified ("abt", "bet", "1749/50"). */
function dateOf(t: TimelineEvent, doc: ExportDocument | undefined): GedcomDateInput | null {
  if (!t.date) return null;
  const written: DateInfoItem | undefined = doc?.dates.find((d) => d.normalized === t.date);
  if (/^estimated\b/i.test(t.detail ?? '')) return { normalized: t.date, qualifier: 'about' };
  if (written)
    return {
      normalized: written.normalized,
      qualifier: written.qualifier,
      ...(written.calendar ? { calendar: written.calendar } : {}),
    };
  return { normalized: t.date, qualifier: t.date.includes('/') ? 'between' : 'exact' };
}

function citationOf(d: ExportDocument): string {
  return buildCitation({
    documentType: d.documentType,
    fileName: d.fileName,
    uploadedAt: new Date(d.uploadedAt),
    people: citationPeople(d.people, d.personDetails),
    dates: d.dates,
    places: d.places,
  });
}

/**
 * Families from the relatives: each child's parents (what either side says) make one family with
 * that pair; a spouse pair with no child is a family too; siblings none of whom has a known parent
 * share a family with no parents. Husband and wife by sex (the first named when it does not tell).
 */
export function familiesOf(individuals: ExportIndividual[]): GedcomFamily[] {
  const ids = new Set(individuals.map((i) => i.summary.id));
  const sex = new Map(individuals.map((i) => [i.summary.id, i.summary.sex]));
  const parents = new Map<string, Set<string>>();
  const spouses = new Set<string>();
  const siblings = new Map<string, Set<string>>();
  const link = (m: Map<string, Set<string>>, a: string, b: string) => m.set(a, (m.get(a) ?? new Set()).add(b));
  const pair = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`);
  for (const i of individuals) {
    const me = i.summary.id;
    for (const r of i.relatives) {
      if (!ids.has(r.individualId) || r.individualId === me) continue;
      if (r.relation === 'parent') link(parents, me, r.individualId);
      else if (r.relation === 'child') link(parents, r.individualId, me);
      else if (r.relation === 'spouse') spouses.add(pair(me, r.individualId));
      else {
        link(siblings, me, r.individualId);
        link(siblings, r.individualId, me);
      }
    }
  }
  const families = new Map<string, GedcomFamily>();
  const familyOf = (members: string[]): GedcomFamily => {
    const key = [...members].sort().join('|');
    let f = families.get(key);
    if (!f) {
      // Men first, then unknown, then women: the first takes the husband slot unless she is a woman alone.
      const [a = null, b = null] = [...members].sort((x, y) => rank(sex.get(x)) - rank(sex.get(y)));
      const aloneWoman = a !== null && b === null && sex.get(a) === 'F';
      f = {
        id: `family-${families.size + 1}`,
        husbandId: aloneWoman ? null : a,
        wifeId: aloneWoman ? a : b,
        childIds: [],
        events: [],
      };
      families.set(key, f);
    }
    return f;
  };
  for (const [child, ps] of parents) {
    // More than two "parents" is a grouping mistake the user has not fixed: keep a father and a mother.
    const chosen = [...ps].sort((x, y) => rank(sex.get(x)) - rank(sex.get(y)) || (x < y ? -1 : 1));
    const two =
      chosen.length > 2
        ? [chosen.find((x) => sex.get(x) === 'M') ?? chosen[0]!, chosen.find((x) => sex.get(x) === 'F') ?? chosen[1]!]
        : chosen;
    familyOf([...new Set(two)]).childIds.push(child);
  }
  for (const key of spouses) familyOf(key.split('|'));
  // Siblings of whom nobody has a parent in the index: one family of their own, without parents.
  const seen = new Set<string>();
  for (const start of siblings.keys()) {
    if (seen.has(start)) continue;
    const group: string[] = [];
    const queue = [start];
    while (queue.length) {
      const x = queue.pop()!;
      if (seen.has(x)) continue;
      seen.add(x);
      group.push(x);
      for (const y of siblings.get(x) ?? []) queue.push(y);
    }
    if (group.some((x) => parents.has(x))) {
      const family = [...families.values()].find((f) => group.some((x) => f.childIds.includes(x)));
      if (family) for (const x of group) if (!parents.has(x) && !family.childIds.includes(x)) family.childIds.push(x);
      continue;
    }
    const key = `siblings:${group.sort().join('|')}`;
    families.set(key, {
      id: `family-${families.size + 1}`,
      husbandId: null,
      wifeId: null,
      childIds: group,
      events: [],
    });
  }
  return [...families.values()];
}

function rank(sex: string | undefined): number {
  return sex === 'M' ? 0 : sex === 'F' ? 2 : 1;
}
