import { z } from 'zod';

/**
 * The GNology Journal (docs/contract.md#product, #screens, #permissions): a fillable PDF for the tutorial's five-ancestor,
 * ten-section method, and the structured journal read back from a filled copy's form fields.
 */

/** Bumped when the journal's fields or layout change: the cache key and the marker in the PDF. */
export const JOURNAL_VERSION = '1';
/** The fixed file name of `GET /api/journal/pdf/download` (docs/contract.md#api). */
export const JOURNAL_FILE_NAME = 'GNology-Journal.pdf';
export const JOURNAL_ANCESTORS = 5;
export const JOURNAL_SECTIONS = 10;

export const JournalPaper = z.enum(['letter', 'a4']);
export type JournalPaper = z.infer<typeof JournalPaper>;

/** An event as the journal records it: the date as written and the place. */
export const JournalEvent = z.object({ date: z.string().optional(), place: z.string().optional() });
export type JournalEvent = z.infer<typeof JournalEvent>;

export const JournalAncestor = z.object({
  /** 1..5: the ancestor's section in the journal. */
  number: z.number().int().min(1).max(5),
  name: z.string(),
  relationship: z.string().optional(),
  birth: JournalEvent.optional(),
  baptism: JournalEvent.optional(),
  marriage: JournalEvent.extend({ spouse: z.string().optional() }).optional(),
  death: JournalEvent.optional(),
  burial: JournalEvent.optional(),
  father: z.string().optional(),
  mother: z.string().optional(),
  children: z.array(z.string()),
  occupation: z.string().optional(),
  residences: z.array(z.string()),
  sources: z.string().optional(),
  notes: z.string().optional(),
});
export type JournalAncestor = z.infer<typeof JournalAncestor>;

export const JournalSourceSearched = z.object({ key: z.string(), label: z.string(), notes: z.string().optional() });
export const JournalLogEntry = z.object({
  date: z.string().optional(),
  repository: z.string().optional(),
  source: z.string().optional(),
  result: z.string().optional(),
});
export type JournalLogEntry = z.infer<typeof JournalLogEntry>;
export const JournalContact = z.object({
  date: z.string().optional(),
  contact: z.string().optional(),
  subject: z.string().optional(),
  outcome: z.string().optional(),
});

/** A filled journal as read from its form fields (only what was filled in is present). */
export const Journal = z.object({
  version: z.string(),
  project: z.object({
    title: z.string().optional(),
    researcher: z.string().optional(),
    started: z.string().optional(),
    goal: z.string().optional(),
    plan: z.string().optional(),
  }),
  ancestors: z.array(JournalAncestor),
  sourcesSearched: z.array(JournalSourceSearched),
  otherSources: z.string().optional(),
  log: z.array(JournalLogEntry),
  contacts: z.array(JournalContact),
  findings: z.object({
    summary: z.string().optional(),
    conflicts: z.string().optional(),
    nextSteps: z.string().optional(),
  }),
});
export type Journal = z.infer<typeof Journal>;
