import { CHART_MAX_GENERATIONS } from '@gnology/contracts';
import { HttpError, notFound } from '@gnology/platform/http/errors';
import { indexBookPeople, indexFamilyAccess, type IndexBookRow } from '../domain/book-material/from-index';
import { treeBookPeople, treeFamilyAccess, type TreeBookInput } from '../domain/book-material/from-tree';
import { bookPhotos } from '../domain/book-material/photos';
import type { BookMaterialWire, BookPerson, BookSource } from '../domain/book-material/types';
import { walkFamily } from '../domain/book-material/walk';
import {
  documentsMentioning,
  imageMentions,
  indexBookRows,
  indexIndividualExists,
  mostDocumentedIndividual,
  mostFactsTreePerson,
  taggedImages,
  treeBookIndividuals,
  treeFamilyFacts,
  treeFamilyLinks,
  treePersonImport,
  treeSourcesOf,
} from '../store/book-material-query';
import { citationRows } from '../../library/store/citation-sources';
import type { DocumentsDeps } from '../../context';
import type { DocumentsDb } from '../../library/store/documents-store';
import { citationOf } from '../../library/use-cases/cite-document';
import { linkMaps } from './read-people-links';
import { personChart } from './chart-person';

/** The most generations a book covers (decision 0233); its pedigree chart draws at most 8 of them. */
export const BOOK_MAX_GENERATIONS = 10;

type Root = { kind: 'index'; id: string } | { kind: 'tree'; id: string; importId: string; fileName: string };

/**
 * POST /internal/book-material (issue 33, decision 0234): a user's family around a root person
 * for the book — people, events with their citations, conflicts, tagged photos and the pedigree
 * chart. One owner's rows only: another user's person is 404, as an unknown one.
 */
export async function readBookMaterial(
  deps: Pick<DocumentsDeps, 'database'>,
  ownerId: string,
  req: { rootIndividualId?: string; generations: number },
): Promise<BookMaterialWire> {
  const db: DocumentsDb = deps.database.db;
  const links = await linkMaps(db, ownerId);
  const asked = req.rootIndividualId?.toLowerCase();
  const root = await resolveRoot(db, ownerId, asked, links);
  const generations = Math.min(req.generations, BOOK_MAX_GENERATIONS);
  const { people, sources } =
    root.kind === 'tree'
      ? await treeMaterial(db, ownerId, root, generations, links.byTree)
      : await indexMaterial(db, ownerId, root.id, generations);
  const ordered = orderPeople(people, root.id);
  return {
    rootId: root.id,
    rootChosen: asked ? 'asked' : 'default',
    generations,
    people: ordered,
    sources,
    photos: await photosOf(db, ownerId, ordered, links.byIndividual),
    chart: await chartOf(deps, ownerId, ordered[0], generations),
  };
}

async function resolveRoot(
  db: DocumentsDb,
  ownerId: string,
  asked: string | undefined,
  links: Awaited<ReturnType<typeof linkMaps>>,
): Promise<Root> {
  let id = asked ?? (await mostDocumentedIndividual(db, ownerId)) ?? (await mostFactsTreePerson(db, ownerId));
  if (!id) throw notFound('There is no one in the people index yet to write a book about');
  // A person linked by an accepted hint is the tree person (decision 0228), as the chart draws them.
  id = links.byTree.has(id) ? id : (links.byIndividual.get(id) ?? id);
  if (!links.byTree.has(id) && (await indexIndividualExists(db, ownerId, id))) return { kind: 'index', id };
  const tree = await treePersonImport(db, ownerId, id);
  if (!tree) throw notFound('Person not found');
  return { kind: 'tree', id, ...tree };
}

async function indexMaterial(
  db: DocumentsDb,
  ownerId: string,
  rootId: string,
  generations: number,
): Promise<{ people: BookPerson[]; sources: BookSource[] }> {
  const rows = new Map<string, Awaited<ReturnType<typeof indexBookRows>>[number]>();
  const load = async (ids: string[]) => {
    for (const r of await indexBookRows(
      db,
      ownerId,
      ids.filter((id) => !rows.has(id)),
    ))
      rows.set(r.id, r);
  };
  const relatives = (id: string, relation: string) =>
    (rows.get(id)?.relatives ?? []).filter((r) => r.relation === relation).map((r) => r.individualId);
  await load([rootId]);
  for (const relation of ['parent', 'child']) {
    let frontier = [rootId];
    for (let g = 1; g < generations && frontier.length > 0; g++) {
      const next = [...new Set(frontier.flatMap((id) => relatives(id, relation)))];
      await load(next);
      frontier = next.filter((id) => rows.has(id));
    }
  }
  await load([...rows.keys()].flatMap((id) => relatives(id, 'spouse')));
  const placed = walkFamily(
    rootId,
    generations,
    indexFamilyAccess(new Map([...rows].map(([id, r]) => [id, { relatives: r.relatives ?? [] }]))),
  );
  const docs = await documentsMentioning(db, ownerId, [...placed.keys()]);
  const bookRows: IndexBookRow[] = [...rows.values()].map((r) => ({
    id: r.id,
    name: r.name,
    sex: r.sex,
    timeline: r.timeline ?? [],
    conflicts: r.conflicts ?? [],
    relatives: r.relatives ?? [],
    documentIds: docs.get(r.id) ?? [],
  }));
  const people = indexBookPeople(bookRows, placed);
  return { people, sources: await documentSources(db, ownerId, people) };
}

/** The citation of each document the people cite (sources are document ids). */
async function documentSources(db: DocumentsDb, ownerId: string, people: readonly BookPerson[]): Promise<BookSource[]> {
  const ids = new Set<string>();
  for (const p of people) {
    for (const e of p.events) if (e.origin === 'documents') for (const s of e.sources) ids.add(s);
    for (const l of [...p.parents, ...p.spouses, ...p.children])
      for (const s of l.sources) if (!s.startsWith('tree:')) ids.add(s);
    for (const c of p.conflicts) for (const s of c.sources) ids.add(s);
  }
  const rows = await citationRows(db, ownerId, [...ids]);
  return rows.map((r) => ({ id: r.id, citation: citationOf(r) }));
}

async function treeMaterial(
  db: DocumentsDb,
  ownerId: string,
  root: Extract<Root, { kind: 'tree' }>,
  generations: number,
  linkedIndex: ReadonlyMap<string, string>,
): Promise<{ people: BookPerson[]; sources: BookSource[] }> {
  const familyRows = await treeFamilyLinks(db, ownerId, root.importId);
  const light = familyRows.map((f) => ({
    id: f.id,
    xref: f.xref,
    partner1: f.partner1_id,
    partner2: f.partner2_id,
    children: f.child_ids,
    facts: [],
    citations: [],
  }));
  const placed = walkFamily(root.id, generations, treeFamilyAccess(light));
  const relevant = light.filter((f) => [f.partner1, f.partner2].some((p) => p && placed.has(p)));
  const facts = await treeFamilyFacts(
    db,
    ownerId,
    relevant.map((f) => f.id),
  );
  const individuals = await treeBookIndividuals(db, ownerId, root.importId, [...placed.keys()]);
  const input: TreeBookInput = {
    fileName: root.fileName,
    individuals: individuals.map((i) => ({
      id: i.id,
      xref: i.xref,
      name: i.name,
      given: i.facts.given,
      surname: i.facts.surname,
      sex: i.sex,
      facts: i.facts.facts ?? [],
    })),
    families: relevant.map((f) => ({ ...f, ...(facts.get(f.id) ?? { facts: [], citations: [] }) })),
    sources: await treeSourcesOf(db, ownerId, root.importId),
  };
  const { people, sources } = treeBookPeople(input, root.id, generations, placed);
  // A tree person linked by an accepted hint to someone of the documents also has that person's evidence and conflicts.
  const linked = people.filter((p) => linkedIndex.has(p.id));
  if (linked.length === 0) return { people, sources };
  const indexIds = linked.map((p) => linkedIndex.get(p.id)!);
  const rows = await indexBookRows(db, ownerId, indexIds);
  const docs = await documentsMentioning(db, ownerId, indexIds);
  const asIndex = indexBookPeople(
    rows.map((r) => ({
      id: r.id,
      name: r.name,
      sex: r.sex,
      timeline: r.timeline ?? [],
      conflicts: r.conflicts ?? [],
      relatives: [],
      documentIds: docs.get(r.id) ?? [],
    })),
    new Map(rows.map((r) => [r.id, { generation: 0, direct: false }])),
  );
  const byIndex = new Map(asIndex.map((p) => [p.id, p]));
  for (const p of linked) {
    const fromDocs = byIndex.get(linkedIndex.get(p.id)!);
    if (!fromDocs) continue;
    // The documents' marriage names no tree spouse: the spouse ids are the tree's.
    p.events.push(...fromDocs.events.map(({ spouseId: _s, ...e }) => e));
    p.conflicts.push(...fromDocs.conflicts);
  }
  return { people, sources: [...sources, ...(await documentSources(db, ownerId, linked))] };
}

/** The root, then the ancestors by generation, then the descendants, each generation by birth. */
function orderPeople(people: BookPerson[], rootId: string): BookPerson[] {
  const rank = (p: BookPerson) => (p.id === rootId ? -1 : p.generation >= 0 ? p.generation : 1000 - p.generation);
  const birth = (p: BookPerson) =>
    p.events.find((e) => (e.kind === 'birth' || e.kind === 'baptism') && e.date)?.date?.normalized ?? '9999';
  return [...people].sort(
    (a, b) =>
      rank(a) - rank(b) ||
      Number(b.direct) - Number(a.direct) ||
      birth(a).localeCompare(birth(b)) ||
      a.name.localeCompare(b.name),
  );
}

async function photosOf(
  db: DocumentsDb,
  ownerId: string,
  people: readonly BookPerson[],
  treeOfIndex: ReadonlyMap<string, string>,
) {
  const images = await taggedImages(db, ownerId);
  const mentions = await imageMentions(
    db,
    ownerId,
    images.map((i) => i.id),
  );
  return bookPhotos(
    images.map((i) => ({
      id: i.id,
      people: i.people_identified,
      dates: i.date_info,
      places: i.geographical_info,
      width: i.width,
      height: i.height,
      // An index individual shown as a linked tree person is that tree person in the book.
      indexed: mentions
        .filter((m) => m.document_id === i.id)
        .map((m) => treeOfIndex.get(m.individual_id) ?? m.individual_id),
    })),
    people,
  );
}

/** The root's pedigree chart, SVG and PDF, from the chart code; none when the chart refuses (too big). */
async function chartOf(
  deps: Pick<DocumentsDeps, 'database'>,
  ownerId: string,
  root: BookPerson | undefined,
  generations: number,
) {
  if (!root) return null;
  // A chart has at least two generations: a book of one still shows the root with the parents' boxes empty.
  const g = Math.max(2, Math.min(generations, CHART_MAX_GENERATIONS));
  try {
    const svg = await personChart(deps, ownerId, root.id, {
      kind: 'pedigree',
      generations: g,
      format: 'svg',
      paper: 'a4',
    });
    const pdf = await personChart(deps, ownerId, root.id, {
      kind: 'pedigree',
      generations: g,
      format: 'pdf',
      paper: 'a4',
    });
    return {
      title: `Pedigree of ${root.name}`,
      svg: typeof svg.bytes === 'string' ? svg.bytes : Buffer.from(svg.bytes).toString('utf8'),
      pdfBase64: Buffer.from(pdf.bytes).toString('base64'),
    };
  } catch (e) {
    if (e instanceof HttpError && e.statusCode === 422) return null;
    throw e;
  }
}
