import type { DocumentsDeps } from '../../context';
import type { IndividualDetail } from '@gnology/contracts';
import { foldText } from '@gnology/contracts';
import { canonicalGiven, givenCompatible, parseName, surnameKeys } from '@gnology/genealogy/people/names';
import type { DocumentsDb } from '../../library/store/documents-store';
import type { IndividualRow } from '../store/people-schema';
import { evidenceOf, listIndividuals, namesOf, summaryOf } from '../store/people-query';

/** GET /api/people/:id's answer for rows already known to be the user's. */
export async function describeRows(
  db: DocumentsDb,
  ownerId: string,
  rows: readonly IndividualRow[],
): Promise<IndividualDetail[]> {
  const evidence = await evidenceOf(
    db,
    ownerId,
    rows.map((r) => r.id),
  );
  const relativeIds = [...new Set(rows.flatMap((r) => (r.facts.relatives ?? []).map((x) => x.individualId)))];
  const names = await namesOf(db, ownerId, relativeIds);
  return rows.map((r) => ({
    individual: summaryOf(r),
    variants: r.facts.variants ?? [],
    evidence: evidence.filter((e) => e.individualId === r.id).map(({ individualId: _i, ...e }) => e),
    timeline: (r.facts.timeline ?? []).map(({ estimated: _e, ...t }) => t),
    conflicts: r.facts.conflicts ?? [],
    // A relative whose individual went away since (a merge) is left out; names are today's.
    relatives: (r.facts.relatives ?? [])
      .filter((x) => names.has(x.individualId))
      .map((x) => ({ ...x, name: names.get(x.individualId)! })),
  }));
}

/**
 * POST /internal/people/lookup: the individuals a question names, for Gene. A name matches an
 * individual whose surname keys (variants, maiden name) and given names agree with it; a surname
 * alone matches the whole family, the most documented first. At most 5 per name.
 */
export async function lookupPeople(
  deps: Pick<DocumentsDeps, 'database'>,
  ownerId: string,
  names: readonly string[],
): Promise<IndividualDetail[]> {
  const db: DocumentsDb = deps.database.db;
  const found = new Map<string, IndividualRow>();
  for (const asked of names) {
    // "Thomas Whitfield's will": the possessive is not part of the name.
    const written = asked.replace(/['’]s\b/g, '').replace(/[?!.,;:]+$/g, '');
    const parsed = parseName(written);
    const single = parsed.surname === '' && parsed.given.length === 1;
    const keys = single ? [parsed.given[0]!] : surnameKeys(parsed);
    const given = single ? [] : canonicalGiven(parsed);
    const surname = single ? parsed.given[0]! : parsed.surname;
    const candidates = await listIndividuals(db, ownerId, surname);
    const matching = candidates.filter((row) => {
      const p = parseName(row.name);
      const rowKeys = surnameKeys(p).concat(row.facts.surnameKeys ?? []);
      if (!keys.some((k) => rowKeys.includes(k)) && !foldText(row.name).includes(foldText(surname))) return false;
      return given.length === 0 || givenCompatible(canonicalGiven(p), given);
    });
    matching.sort((a, b) => b.document_count - a.document_count);
    for (const row of matching.slice(0, 5)) found.set(row.id, row);
  }
  return describeRows(db, ownerId, [...found.values()]);
}
