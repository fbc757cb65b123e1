import type { ChartQuery } from '@gnology/contracts';
import { HttpError, notFound } from '@gnology/platform/http/errors';
import { chartLayout } from '../domain/chart/layout';
import { MAX_SHEETS, renderPdf, TooManySheets } from '../domain/chart/render-pdf';
import { renderSvg } from '../domain/chart/render-svg';
import { indexChartGraph, treeChartGraph } from '../store/chart-graph';
import type { DocumentsDeps } from '../../context';
import type { DocumentsDb } from '../../library/store/documents-store';
import { loadChartFonts } from '../../fonts/product-fonts';
import { linkMaps } from './read-people-links';

/**
 * The most people one chart draws. Only descendants can reach it (8 generations of ancestors are
 * at most 255): past it the SVG runs to megabytes and the page slows, so the answer is 422 with
 * the count, and the user chooses fewer generations.
 */
export const MAX_CHART_PEOPLE = 2000;
const count = (n: number) => n.toLocaleString('en-US');

export interface ChartFile {
  bytes: Uint8Array | string;
  contentType: string;
  fileName: string;
}

/** Where a person's box links to in the SVG: their page in the web app (relative, so it works on any host). */
export const personHref = (id: string) => `/people/${id}`;

/**
 * GET /api/people/:id/chart: the person is looked for as GET /api/people/:id looks (a person
 * linked by a hint as their tree person, then the index, then the imported trees), one owner's
 * rows only; another user's id is 404.
 */
export async function personChart(
  deps: Pick<DocumentsDeps, 'database'>,
  ownerId: string,
  asked: string,
  q: ChartQuery,
): Promise<ChartFile> {
  const db: DocumentsDb = deps.database.db;
  // A person linked by an accepted hint (decision 0228) is the tree person, by either id: drawn from the tree.
  const links = await linkMaps(db, ownerId);
  const id = links.byTree.has(asked) ? asked : (links.byIndividual.get(asked) ?? asked);
  const linked = id !== asked || links.byTree.has(id);
  const indexed =
    !linked &&
    (await db
      .selectFrom('people_individuals')
      .select('id')
      .where('owner_id', '=', ownerId)
      .where('id', '=', id)
      .where('mention_count', '>', 0)
      .executeTakeFirst());
  let graph: Awaited<ReturnType<typeof indexChartGraph>>;
  if (indexed) graph = await indexChartGraph(db, ownerId, id, q.kind, q.generations);
  else {
    const tree = await db
      .selectFrom('tree_individuals')
      .select('import_id')
      .where('owner_id', '=', ownerId)
      .where('id', '=', id)
      .executeTakeFirst();
    if (!tree) throw notFound('Person not found');
    graph = await treeChartGraph(db, ownerId, tree.import_id, id, q.kind, q.generations);
  }
  const layout = chartLayout(q.kind, graph, id, q.generations);
  const drawn = layout.boxes.length + layout.wedges.filter((w) => w.person).length;
  if (drawn > MAX_CHART_PEOPLE)
    throw new HttpError(
      422,
      `This chart would draw ${count(drawn)} people; one chart holds at most ${count(MAX_CHART_PEOPLE)}. Choose fewer generations.`,
    );
  const base = `${graph.people.get(id)!.name} ${q.kind} (${q.generations} generations)`;
  if (q.format === 'pdf')
    return {
      bytes: await renderPdf(layout, await loadChartFonts(), q.paper).catch((e: unknown) => {
        if (!(e instanceof TooManySheets)) throw e;
        throw new HttpError(
          422,
          `This chart would print on ${count(e.sheets)} sheets; a PDF holds at most ${MAX_SHEETS}. Choose fewer generations, or download the SVG.`,
        );
      }),
      contentType: 'application/pdf',
      fileName: `${base}.pdf`,
    };
  return {
    bytes: renderSvg(layout, { href: personHref }),
    contentType: 'image/svg+xml; charset=utf-8',
    fileName: `${base}.svg`,
  };
}
