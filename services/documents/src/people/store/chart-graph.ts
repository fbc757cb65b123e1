import type { Relative } from '@gnology/contracts';
import type { TreeFact } from '@gnology/genealogy/gedcom';
import type { SourcedEvent } from '@gnology/genealogy/people/timeline';
import { sql } from 'kysely';
import type { ChartGraph, ChartKind, ChartPerson, ChartUnion } from '../domain/chart/graph';
import { orderParents } from '../domain/chart/graph';
import type { DocumentsDb } from '../../library/store/documents-store';

/*
 * The family around a chart's person, read one generation at a time (at most 8 rounds of one
 * query each): parents for a pedigree or fan, partners and children for descendants. One owner's
 * rows only; a tree person's relatives come from the families of their own import.
 */

const BIRTH_TAGS = ['BIRT', 'CHR', 'BAPM'];
const DEATH_TAGS = ['DEAT', 'BURI', 'CREM'];

function treePlace(facts: readonly TreeFact[] | null): string | null {
  const list = facts ?? [];
  for (const tags of [BIRTH_TAGS, DEATH_TAGS]) {
    const f = list.find((x) => tags.includes(x.tag) && x.place);
    if (f) return f.place;
  }
  return null;
}

function indexPlace(timeline: readonly SourcedEvent[] | null): string | null {
  const list = timeline ?? [];
  for (const kinds of [
    ['birth', 'baptism'],
    ['death', 'burial'],
  ]) {
    const e = list.find((x) => kinds.includes(x.kind) && x.place);
    if (e) return e.place;
  }
  return null;
}

type PersonRow = {
  id: string;
  name: string;
  sex: ChartPerson['sex'];
  birth_year: number | null;
  death_year: number | null;
};
const chartPerson = (r: PersonRow, place: string | null): ChartPerson => ({
  id: r.id,
  name: r.name,
  sex: r.sex,
  birthYear: r.birth_year,
  deathYear: r.death_year,
  place,
});

interface Walk {
  people: Map<string, ChartPerson>;
  parents: Map<string, string[]>;
  unions: Map<string, ChartUnion[]>;
}

const upward = (kind: ChartKind) => kind !== 'descendants';

/** A tree person's chart family, from their import's families. */
export async function treeChartGraph(
  db: DocumentsDb,
  ownerId: string,
  importId: string,
  rootId: string,
  kind: ChartKind,
  generations: number,
): Promise<ChartGraph> {
  const walk: Walk = { people: new Map(), parents: new Map(), unions: new Map() };
  const wanted = new Set([rootId]);
  let frontier = [rootId];
  for (let g = 1; g < generations && frontier.length > 0; g++) {
    const ids = frontier;
    const families = await db
      .selectFrom('tree_families')
      .select(['partner1_id', 'partner2_id', 'child_ids'])
      .where('owner_id', '=', ownerId)
      .where('import_id', '=', importId)
      .where((eb) =>
        upward(kind)
          ? eb(sql<boolean>`child_ids && ${sql`array[${sql.join(ids)}]::uuid[]`}`, '=', true)
          : eb.or([eb('partner1_id', 'in', ids), eb('partner2_id', 'in', ids)]),
      )
      .orderBy('xref')
      .execute();
    const next: string[] = [];
    const add = (id: string) => {
      if (!wanted.has(id)) next.push(id);
      wanted.add(id);
    };
    for (const f of families) {
      const partners = [f.partner1_id, f.partner2_id].filter((p): p is string => !!p);
      if (upward(kind)) {
        for (const child of f.child_ids.filter((c) => ids.includes(c))) {
          walk.parents.set(child, [...(walk.parents.get(child) ?? []), ...partners]);
          for (const p of partners) add(p);
        }
      } else {
        for (const self of partners.filter((p) => ids.includes(p))) {
          const partner = partners.find((p) => p !== self) ?? null;
          walk.unions.set(self, [...(walk.unions.get(self) ?? []), { partner, children: f.child_ids }]);
          if (partner) wanted.add(partner);
          for (const c of f.child_ids) add(c);
        }
      }
    }
    frontier = next;
  }
  const rows = await db
    .selectFrom('tree_individuals')
    .select(['id', 'name', 'sex', 'birth_year', 'death_year'])
    .select(sql<TreeFact[] | null>`facts->'facts'`.as('fact_list'))
    .where('owner_id', '=', ownerId)
    .where('import_id', '=', importId)
    .where('id', 'in', [...wanted])
    .execute();
  for (const r of rows) walk.people.set(r.id, chartPerson(r, treePlace(r.fact_list)));
  return walk;
}

/**
 * A documents person's chart family, from the relatives the index computed (decision 0185):
 * parents, partners and children. Children are grouped under the partner who is also their parent.
 */
export async function indexChartGraph(
  db: DocumentsDb,
  ownerId: string,
  rootId: string,
  kind: ChartKind,
  generations: number,
): Promise<ChartGraph> {
  const walk: Walk = { people: new Map(), parents: new Map(), unions: new Map() };
  const relatives = new Map<string, Relative[]>();
  const read = async (ids: string[]) => {
    const todo = ids.filter((id) => !walk.people.has(id));
    if (todo.length === 0) return;
    const rows = await db
      .selectFrom('people_individuals')
      .select(['id', 'name', 'sex', 'birth_year', 'death_year'])
      .select(sql<Relative[] | null>`facts->'relatives'`.as('relatives'))
      .select(sql<SourcedEvent[] | null>`facts->'timeline'`.as('timeline'))
      .where('owner_id', '=', ownerId)
      .where('mention_count', '>', 0)
      .where('id', 'in', todo)
      .execute();
    for (const r of rows) {
      walk.people.set(r.id, chartPerson(r, indexPlace(r.timeline)));
      relatives.set(r.id, r.relatives ?? []);
    }
  };
  const of = (id: string, relation: Relative['relation']) =>
    (relatives.get(id) ?? []).filter((r) => r.relation === relation).map((r) => r.individualId);

  await read([rootId]);
  let frontier = walk.people.has(rootId) ? [rootId] : [];
  for (let g = 1; g < generations && frontier.length > 0; g++) {
    const next: string[] = [];
    if (upward(kind)) {
      await read(frontier.flatMap((id) => of(id, 'parent')));
      for (const id of frontier) {
        const parents = orderParents(of(id, 'parent'), walk.people).filter((p) => walk.people.has(p));
        walk.parents.set(id, parents);
        next.push(...parents);
      }
    } else {
      await read(frontier.flatMap((id) => [...of(id, 'spouse'), ...of(id, 'child')]));
      for (const id of frontier) {
        const spouses = of(id, 'spouse').filter((s) => walk.people.has(s));
        const byPartner = new Map<string | null, string[]>(spouses.map((s) => [s, []]));
        for (const child of of(id, 'child').filter((c) => walk.people.has(c))) {
          const other = of(child, 'parent').find((p) => p !== id && byPartner.has(p)) ?? null;
          byPartner.set(other, [...(byPartner.get(other) ?? []), child]);
          next.push(child);
        }
        walk.unions.set(
          id,
          [...byPartner].map(([partner, children]) => ({ partner, children })),
        );
      }
    }
    frontier = [...new Set(next)];
  }
  return walk;
}
