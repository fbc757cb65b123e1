import { z } from 'zod';

/*
 * Hints (issue 32, decisions 0227–0228): a person a document names who matches someone of the
 * user's imported tree by name variants, dates, places and relatives. Accepting links the
 * document's person to the tree person (one person, origin 'both', the document listed as
 * evidence); rejecting keeps the two apart for good (a rebuild or re-import never hints the pair
 * again).
 */

export const PeopleHint = z.object({
  id: z.string().uuid(),
  /** The tree person (GET /api/people/:id). */
  individualId: z.string().uuid(),
  /** The document that names them. */
  documentId: z.string(),
  /** The document's file name, for the user to see which document it is. */
  fileName: z.string(),
  /** The name as the document writes it. */
  nameAsWritten: z.string(),
  /** The person of the people index the document's person is in now (their page shows the hint too). */
  documentPersonId: z.string().uuid().nullable(),
  /** The tree person's name. */
  treeName: z.string(),
  /** 0.5–0.99: the more facts agree, the higher. */
  score: z.number(),
  /** What agrees, in short sentences ("Born 1917 in both", "Father Joseph Patrick Kennedy in both"). */
  reasons: z.array(z.string()),
});
export type PeopleHint = z.infer<typeof PeopleHint>;

/** GET /api/people/hints: the open hints, best first. */
export const PeopleHintsResponse = z.object({ hints: z.array(PeopleHint) });
export type PeopleHintsResponse = z.infer<typeof PeopleHintsResponse>;

export const HintIdParams = z.object({ id: z.string().max(100) });

/** POST /api/people/hints/:id/accept and /reject. */
export const HintDecisionResponse = z.object({
  hint: z.object({ id: z.string().uuid(), status: z.enum(['accepted', 'rejected']) }),
  /** The person page to show: the tree person, now with the document as evidence (accept). */
  individualId: z.string().uuid(),
});
export type HintDecisionResponse = z.infer<typeof HintDecisionResponse>;

export const HINT_REJECTED_MESSAGE = 'This hint was rejected: the two people are kept apart.';
