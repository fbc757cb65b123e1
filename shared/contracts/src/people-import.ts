import { z } from 'zod';

/*
 * GEDCOM import (issue 32, decisions 0222–0224): a user's existing family tree comes in as a job
 * on the worker. `POST /api/people/import` (multipart field `file`: GEDCOM 5.5.1, 5.5.5, 7.0 or a
 * GEDZIP) answers 202 and the import's id; `GET /api/people/imports/:importId` says how it goes;
 * `DELETE /api/people/imports/:importId` undoes it as a whole. Imported people are tree claims,
 * kept apart from what documents show.
 */

/** The largest GEDCOM or GEDZIP file accepted: a tree of 100,000 people is some 30 MB. */
export const GEDCOM_UPLOAD_LIMIT_BYTES = 50 * 1024 * 1024;
export const GEDCOM_TOO_LARGE_MESSAGE = 'The file is too large: a GEDCOM file or GEDZIP may be up to 50 MB.';

export const ImportStatus = z.enum(['queued', 'running', 'completed', 'failed']);
export type ImportStatus = z.infer<typeof ImportStatus>;

/** POST /api/people/import → 202 */
export const ImportAccepted = z.object({ importId: z.string().uuid() });
export type ImportAccepted = z.infer<typeof ImportAccepted>;

/** GET /api/people/imports/:importId */
export const ImportRecord = z.object({
  importId: z.string().uuid(),
  fileName: z.string(),
  status: ImportStatus,
  /** The file's INDI, FAM and SOUR records imported (0 until completed). */
  individuals: z.number().int(),
  families: z.number().int(),
  sources: z.number().int(),
  /** What the reader had to decide or kept as notes, in words for the user. */
  warnings: z.array(z.string()),
  /** Why a failed import failed, in words for the user. */
  error: z.string().optional(),
  /** "5.5.1", "7.0": the version the file declares, once read. */
  version: z.string().nullable(),
  createdAt: z.string(),
});
export type ImportRecord = z.infer<typeof ImportRecord>;

/** GET /api/people/imports: the user's imports, newest first. */
export const ImportListResponse = z.object({ imports: z.array(ImportRecord) });
export type ImportListResponse = z.infer<typeof ImportListResponse>;

export const ImportIdParams = z.object({ importId: z.string().max(100) });

/** A source the tree file cites for a fact: its title, the page, the quoted text. */
export const TreeCitationOut = z.object({
  title: z.string(),
  page: z.string().nullable(),
  text: z.string().nullable(),
});
export type TreeCitationOut = z.infer<typeof TreeCitationOut>;

/** One fact the tree file states, with its own sources and notes (a claim until a document shows it). */
export const TreeFactOut = z.object({
  tag: z.string(),
  label: z.string(),
  /** As the file writes it ("ABT 1850", "JULIAN 1 JAN 1700"). */
  date: z.string().nullable(),
  place: z.string().nullable(),
  value: z.string().nullable(),
  citations: z.array(TreeCitationOut),
  notes: z.array(z.string()),
});
export type TreeFactOut = z.infer<typeof TreeFactOut>;

/** What an imported tree says of a person (IndividualDetail.tree). */
export const TreeClaims = z.object({
  importId: z.string().uuid(),
  fileName: z.string(),
  /** The person's id in the file ("@I12@"). */
  xref: z.string(),
  otherNames: z.array(z.string()),
  facts: z.array(TreeFactOut),
  notes: z.array(z.string()),
  citations: z.array(TreeCitationOut),
});
export type TreeClaims = z.infer<typeof TreeClaims>;
