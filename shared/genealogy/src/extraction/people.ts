import type { DocumentType, PersonTag } from '@gnology/contracts';
import { expandEditorialBrackets } from './editorial-brackets';
import { mendOcrSpacing } from './ocr-spacing';
import { acceptMentions, shareSurnames } from './people-acceptance';
import { findMentions } from './people-candidates';
import { readRelations } from './people-relations';
import { repairMentions } from './people-repair';
import { peopleOf } from './people-roles';
import type { PeopleResult } from './people-types';

/**
 * People named in a record, with their role relative to its primary subject and the part the
 * record gives them (bride, witness, sponsor, census head...).
 *
 * 1. Candidates: runs of capitalised words (Unicode letters, "O'Brien", "Fitz-williams", "van der
 *    Berg", initials, surnames in capitals), split at stop words, at titles ("Knight", "Esq.") and
 *    where a second given name starts a second person; a given name at a line end joins the
 *    surname on the next line ("son of Thomas⏎Whitfield").
 * 2. Acceptance: a full name needs a known given name, a title or a cue around it; a lone given
 *    name needs a cue: a relationship phrase ("his wife Mary", "daughter of Thomas and Ann",
 *    "Sohn des", "fille de", "filius"), a list it continues ("children: John, Mary and William"),
 *    a census column after it, a maiden name ("née Brown", "geb. Schmidt").
 * 3. Edges between people from the phrases, the primary subject (groom, census head, baptised
 *    child, deceased, testator), roles read off the edges, lone given names completed with the
 *    surname of the person they are tied to.
 *
 * One file a step: people-candidates.ts (1), people-acceptance.ts (2), people-relations.ts (edges
 * and principals) and people-roles.ts (the primary, roles, surnames, one entry per person), over the
 * phrases of people-cues.ts and the shared types of people-types.ts.
 */

export type { PeopleResult } from './people-types';

/** People in `text` with roles. At most `limit` people, the primary subject first. */
export function extractPeople(text: string, limit = 60, documentType?: DocumentType): PersonTag[] {
  return extractPeopleWithDetails(text, limit, documentType).people;
}

export function extractPeopleWithDetails(raw: string, limit = 60, documentType?: DocumentType): PeopleResult {
  const text = mendOcrSpacing(expandEditorialBrackets(raw));
  const mentions = acceptMentions(text, findMentions(text));
  if (mentions.length === 0) return { people: [], details: [] };
  const ms = repairMentions(text, shareSurnames(text, mentions));
  return peopleOf(text, ms, readRelations(text, ms, documentType), documentType, limit);
}
