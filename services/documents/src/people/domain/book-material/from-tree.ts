import type { TreeCitation, TreeFact } from '@gnology/genealogy/gedcom';
import { bookDateOfTree } from './tree-date';
import type { BookEvent, BookEventKind, BookLink, BookPerson, BookSource } from './types';
import { type FamilyAccess, type Placed, walkFamily } from './walk';

/*
 * The book's material from an imported tree (decision 0234): the tree's claims as events, each
 * with the sources the file cites for it — or, when it cites none, the file's record itself, so
 * no fact goes without a note and no note pretends to more than the file says.
 */

export interface TreeBookInput {
  fileName: string;
  individuals: readonly {
    id: string;
    xref: string;
    name: string;
    given: string;
    surname: string;
    sex: 'M' | 'F' | 'U';
    facts: readonly TreeFact[];
  }[];
  families: readonly {
    xref: string;
    partner1: string | null;
    partner2: string | null;
    children: readonly string[];
    facts: readonly TreeFact[];
    citations: readonly TreeCitation[];
  }[];
  sources: readonly { xref: string; title: string; author: string | null; publication: string | null }[];
}

const KINDS: Record<string, BookEventKind> = {
  BIRT: 'birth',
  CHR: 'baptism',
  BAPM: 'baptism',
  MARR: 'marriage',
  RESI: 'residence',
  OCCU: 'occupation',
  DEAT: 'death',
  BURI: 'burial',
};

type Family = TreeBookInput['families'][number];

/** The tree's families as the walk reads them. */
export function treeFamilyAccess(families: readonly Family[]): FamilyAccess & {
  familiesAsChild: Map<string, Family[]>;
  familiesAsPartner: Map<string, Family[]>;
} {
  const familiesAsChild = new Map<string, Family[]>();
  const familiesAsPartner = new Map<string, Family[]>();
  const push = (m: Map<string, Family[]>, k: string, f: Family) => m.set(k, [...(m.get(k) ?? []), f]);
  for (const f of families) {
    for (const c of f.children) push(familiesAsChild, c, f);
    for (const p of [f.partner1, f.partner2]) if (p) push(familiesAsPartner, p, f);
  }
  const partners = (f: Family) => [f.partner1, f.partner2].filter((p): p is string => !!p);
  return {
    familiesAsChild,
    familiesAsPartner,
    parents: (id) => (familiesAsChild.get(id) ?? []).flatMap(partners),
    children: (id) => (familiesAsPartner.get(id) ?? []).flatMap((f) => f.children),
    spouses: (id) => (familiesAsPartner.get(id) ?? []).flatMap(partners).filter((p) => p !== id),
  };
}

/** The people of the book and the sources they cite, for a tree person as root. */
export function treeBookPeople(
  input: TreeBookInput,
  rootId: string,
  generations: number,
  placed: Map<string, Placed> = walkFamily(rootId, generations, treeFamilyAccess(input.families)),
): { people: BookPerson[]; sources: BookSource[] } {
  const access = treeFamilyAccess(input.families);
  const sourceByXref = new Map(input.sources.map((s) => [s.xref, s]));
  const sources = new Map<string, BookSource>();
  const fileRecord = (xref: string): string => {
    const id = `tree:${input.fileName}:${xref}`;
    if (!sources.has(id))
      sources.set(id, {
        id,
        citation: `Family tree file "${input.fileName}", record ${xref}; the file cites no source for this.`,
      });
    return id;
  };
  const cite = (c: TreeCitation): string => {
    const id = `tree:${input.fileName}:${c.sourceXref ?? c.title}:${c.page ?? ''}`;
    if (!sources.has(id)) {
      const s = c.sourceXref ? sourceByXref.get(c.sourceXref) : undefined;
      const title = (s?.title ?? c.title).trim();
      const parts = [
        s?.author?.trim(),
        s?.publication ? `${title} (${s.publication.trim().replace(/;$/, '')})` : title,
      ];
      const page = c.page?.trim();
      sources.set(id, {
        id,
        citation: `${parts.filter(Boolean).join(', ')}${page ? `, ${page}` : ''}; cited in the family tree file "${input.fileName}".`,
      });
    }
    return id;
  };
  const factSources = (f: TreeFact, xref: string) => {
    const ids = [...new Set(f.citations.map(cite))];
    return ids.length > 0 ? ids : [fileRecord(xref)];
  };
  const familySources = (f: Family) => {
    const ids = [...new Set(f.citations.map(cite))];
    return ids.length > 0 ? ids : [fileRecord(f.xref)];
  };
  const event = (f: TreeFact, xref: string, spouseId?: string): BookEvent | null => {
    const kind = KINDS[f.tag];
    if (!kind) return null;
    return {
      kind,
      date: bookDateOfTree(f.date),
      place: f.place?.trim() || null,
      detail: kind === 'occupation' ? f.value?.trim() || null : null,
      ...(spouseId ? { spouseId } : {}),
      sources: factSources(f, xref),
      origin: 'tree',
    };
  };

  const people: BookPerson[] = [];
  for (const i of input.individuals) {
    const where = placed.get(i.id);
    if (!where) continue;
    const events = i.facts.map((f) => event(f, i.xref)).filter((e): e is BookEvent => !!e);
    const asPartner = access.familiesAsPartner.get(i.id) ?? [];
    for (const fam of asPartner) {
      const spouse = [fam.partner1, fam.partner2].find((p) => p && p !== i.id && placed.has(p)) ?? undefined;
      for (const f of fam.facts) {
        const e = event(f, fam.xref, spouse ?? undefined);
        if (e?.kind === 'marriage') events.push(e);
      }
    }
    const links = (pairs: [string, Family][]): BookLink[] => {
      const byId = new Map<string, string[]>();
      for (const [id, fam] of pairs) {
        if (!placed.has(id) || id === i.id) continue;
        byId.set(id, [...new Set([...(byId.get(id) ?? []), ...familySources(fam)])]);
      }
      return [...byId].map(([personId, s]) => ({ personId, sources: s }));
    };
    const partnersOf = (f: Family) => [f.partner1, f.partner2].filter((p): p is string => !!p);
    people.push({
      id: i.id,
      name: i.name,
      given: i.given,
      surname: i.surname,
      sex: i.sex,
      generation: where.generation,
      direct: where.direct,
      events,
      parents: links(
        (access.familiesAsChild.get(i.id) ?? []).flatMap((f) => partnersOf(f).map((p) => [p, f] as [string, Family])),
      ),
      spouses: links(asPartner.flatMap((f) => partnersOf(f).map((p) => [p, f] as [string, Family]))),
      children: links(asPartner.flatMap((f) => f.children.map((c) => [c, f] as [string, Family]))),
      conflicts: [],
    });
  }
  return { people, sources: [...sources.values()] };
}
