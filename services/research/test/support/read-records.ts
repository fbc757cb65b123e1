import type { DocumentEntities, IndividualDetail } from '@gnology/contracts';
import { extractWithRules } from '@gnology/genealogy/extraction';
import { defaultGazetteer } from '@gnology/genealogy/node/gazetteer-tables';
import { groupDocuments } from '@gnology/genealogy/people/group-documents';
import type { ContextDocument } from '../../src/domain/model';
import { documentFacts } from '../../src/domain/offline/record-facts';

/*
 * Records as research receives them: each document with the extraction the documents service
 * stores (the real reader, the real gazetteer), and the people index's individuals built from them
 * by the genealogy package the way the documents service builds them (decision 0185).
 */

let gazetteer: ReturnType<typeof defaultGazetteer> | null = null;

export function readByRules(text: string, originalName: string): DocumentEntities {
  gazetteer ??= defaultGazetteer();
  return extractWithRules({ text, isImage: /\.(png|jpe?g)$/i.test(originalName), originalName }, gazetteer);
}

/** A context document whose stored extraction is `entities` (by default what the rules read in `text`). */
export function storedDocument(
  id: string,
  originalName: string,
  text: string | string[],
  entities: DocumentEntities = readByRules(Array.isArray(text) ? text.join('\n\n') : text, originalName),
): ContextDocument {
  const pages = Array.isArray(text) ? text.map((t, i) => ({ pageNumber: i + 1, text: t })) : undefined;
  return {
    _id: id,
    originalName,
    extractedText: Array.isArray(text) ? text.join('\n\n') : text,
    ...(pages ? { pages } : {}),
    documentType: entities.documentType,
    peopleIdentified: entities.peopleIdentified,
    personDetails: entities.personDetails ?? [],
    dateInfo: entities.dateInfo,
    geographicalInfo: entities.geographicalInfo,
    occupations: entities.occupations,
    tags: entities.tags,
  };
}

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** The people index of these documents, as POST /internal/people/lookup would answer with it. */
export function indexOf(docs: readonly ContextDocument[]): IndividualDetail[] {
  const byId = new Map(docs.map((d) => [d._id, d]));
  const { mentions, individuals } = groupDocuments(docs.map(documentFacts), (i) => uuid(i + 1));
  return individuals.map((d) => ({
    individual: {
      id: d.id,
      name: d.name,
      sex: d.sex,
      birthYear: d.birthYear,
      deathYear: d.deathYear,
      documentCount: d.documentCount,
      mentionCount: d.mentionCount,
      conflictCount: d.conflicts.length,
      userEdited: false,
    },
    variants: d.variants,
    evidence: mentions
      .filter((g) => g.individualId === d.id)
      .map(({ id, documentId, fileName, draft: m }) => ({
        mentionId: id,
        documentId,
        fileName,
        documentType: (byId.get(documentId)?.documentType ?? 'other') as DocumentEntities['documentType'],
        nameAsWritten: m.nameAsWritten,
        role: m.role,
        recordRole: m.recordRole,
        date: m.date,
        place: m.place,
        page: m.page,
      })),
    timeline: d.timeline.map(({ estimated: _e, registered: _r, ...t }) => t),
    conflicts: d.conflicts,
    relatives: d.relatives,
  }));
}
