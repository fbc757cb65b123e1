/**
 * The pure part of a people index rebuild at library scale (issue 35), without the database: the
 * mentions of every record of the synthetic library (bench/people/library.ts, as the rule
 * extractor reads it), grouped into individuals, and every individual's facts. Each phase timed;
 * run under `node --cpu-prof` to see where a rebuild's CPU goes.
 *
 *   npx tsx bench/people/grouping.mts          # BENCH_DOCS=5000 by default
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { extractWithRules } from '@gnology/genealogy/extraction';
import { defaultGazetteer } from '@gnology/genealogy/node/gazetteer-tables';
import { groupMentions } from '@gnology/genealogy/people/grouping';
import { describeIndividuals } from '@gnology/genealogy/people/individuals';
import { mentionsOfDocument } from '@gnology/genealogy/people/mentions';
import { syntheticLibrary } from './library';

const DOCS = Number(process.env.BENCH_DOCS ?? 5000);
const records = syntheticLibrary(DOCS, Math.max(10, Math.round(DOCS / 6.25)));
const gazetteer = defaultGazetteer();
let t0 = performance.now();
const docs = records.map((r, i) => {
  const e = extractWithRules({ text: r.text, isImage: false, originalName: r.name }, gazetteer);
  return {
    id: `doc-${String(i).padStart(5, '0')}`,
    fileName: r.name,
    documentType: e.documentType,
    text: r.text,
    people: e.peopleIdentified,
    details: e.personDetails ?? [],
    dates: e.dateInfo,
    places: e.geographicalInfo,
    occupations: e.occupations,
    pages: [],
  };
});
console.log(`extraction (processing's cost): ${Math.round(performance.now() - t0)} ms`);

const phase = <T,>(what: string, run: () => T): T => {
  const t = performance.now();
  const out = run();
  console.log(`${what}: ${Math.round(performance.now() - t)} ms`);
  return out;
};
t0 = performance.now();
const mentions = phase('mentions of every document', () =>
  docs.flatMap((d) =>
    mentionsOfDocument(d).map((m) => ({
      ...m,
      id: randomUUID() as string,
      documentId: d.id,
      fileName: d.fileName,
      documentType: d.documentType,
      pinnedTo: null,
      individualId: null as string | null,
    })),
  ),
);
const clusters = phase(`grouping ${mentions.length} mentions`, () => groupMentions(mentions));
const byId = new Map(mentions.map((m) => [m.id, m]));
const ids = clusters.map(() => randomUUID());
clusters.forEach((c, i) => {
  for (const id of c.mentionIds) byId.get(id)!.individualId = ids[i]!;
});
const facts = phase(`facts of ${clusters.length} individuals`, () => describeIndividuals(mentions, ids));
console.log(`total ${Math.round(performance.now() - t0)} ms (${facts.length} individuals)`);
