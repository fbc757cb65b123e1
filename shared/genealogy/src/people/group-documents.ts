import { groupMentions } from './grouping';
import { describeIndividuals, type IndividualFacts } from './individuals';
import type { DocumentFacts } from './mention-types';
import { type MentionDraft, mentionsOfDocument } from './mentions';

/** One person named in one document, and the individual grouping put them in. */
export interface GroupedMention {
  id: string;
  documentId: string;
  fileName: string;
  draft: MentionDraft;
  individualId: string;
}

/**
 * A set of documents grouped into individuals as the people index groups a library, with no user
 * decisions (no pins): mentions, grouping, then each individual's facts, conflicts and relatives.
 * Research's offline engine groups the documents at hand with it; the documents service runs the
 * same steps against its store, where the user's merges and splits are pinned.
 */
export function groupDocuments(
  docs: readonly DocumentFacts[],
  individualId: (cluster: number) => string,
): { mentions: GroupedMention[]; individuals: IndividualFacts[] } {
  const drafts = docs.flatMap((doc) =>
    mentionsOfDocument(doc).map((draft) => ({ doc, draft, id: `${doc.id}#${draft.ordinal}` })),
  );
  const clusters = groupMentions(
    drafts.map(({ doc, draft, id }) => ({
      id,
      documentId: doc.id,
      given: draft.given,
      surnameKeys: draft.surnameKeys,
      sex: draft.sex,
      birthYear: draft.birthYear,
      country: draft.country,
      pinnedTo: null,
    })),
  );
  const owner = new Map<string, string>();
  clusters.forEach((c, i) => {
    for (const id of c.mentionIds) owner.set(id, individualId(i));
  });
  const mentions = drafts.map(({ doc, draft, id }) => ({
    id,
    documentId: doc.id,
    fileName: doc.fileName,
    draft,
    individualId: owner.get(id)!,
  }));
  const individuals = describeIndividuals(
    mentions.map(({ draft, ...m }) => ({
      ...m,
      nameAsWritten: draft.nameAsWritten,
      sex: draft.sex,
      role: draft.role,
      recordRole: draft.recordRole,
      events: draft.events,
      surnameKeys: draft.surnameKeys,
    })),
    clusters.map((_, i) => individualId(i)),
  );
  return { mentions, individuals };
}
