import { z } from 'zod';
import { DocumentType, PersonRole, RecordRole } from './documents';
import { TreeClaims } from './people-import';

/*
 * The people index (issue 16, "People index"; decision 0185): every person named in a user's
 * documents, grouped into candidate individuals across documents, with the evidence, a timeline
 * and the conflicts the Genealogical Proof Standard asks a researcher to resolve. Served by the
 * documents service under /api/people; the user's merges, splits and renames win over grouping.
 */

export const PersonSex = z.enum(['M', 'F', 'U']);
export type PersonSex = z.infer<typeof PersonSex>;

export const IndividualSummary = z.object({
  id: z.string().uuid(),
  name: z.string(),
  sex: PersonSex,
  birthYear: z.number().int().nullable(),
  deathYear: z.number().int().nullable(),
  documentCount: z.number().int(),
  mentionCount: z.number().int(),
  conflictCount: z.number().int(),
  /** The user merged, split or renamed this individual: automatic grouping keeps it as it is. */
  userEdited: z.boolean(),
  /**
   * Where the individual comes from (issue 32): 'documents' (read from the user's documents),
   * 'tree' (an imported GEDCOM file: claims, not evidence), 'both' (a tree person matched to
   * documents — the hints slice; not produced yet). The documents service always sends it;
   * optional so that summaries built before it still parse.
   */
  origin: z.enum(['tree', 'documents', 'both']).optional(),
});
export type IndividualSummary = z.infer<typeof IndividualSummary>;

/** One mention of the individual: the document, the name as written there and the part played. */
export const Evidence = z.object({
  mentionId: z.string(),
  documentId: z.string(),
  fileName: z.string(),
  documentType: DocumentType,
  nameAsWritten: z.string(),
  role: PersonRole,
  recordRole: RecordRole.nullable(),
  /** The record's date, normalized as `DateInfoItem.normalized`. */
  date: z.string().nullable(),
  place: z.string().nullable(),
  page: z.number().int().nullable(),
});
export type Evidence = z.infer<typeof Evidence>;

export const TimelineEventKind = z.enum([
  'birth',
  'baptism',
  'marriage',
  'residence',
  'occupation',
  'death',
  'burial',
  'other',
]);
export type TimelineEventKind = z.infer<typeof TimelineEventKind>;

/** A timeline event's kind in words: the people page's timeline and GEDCOM's event TYPE say the same. */
export const TIMELINE_EVENT_LABELS: Record<TimelineEventKind, string> = {
  birth: 'Birth',
  baptism: 'Baptism',
  marriage: 'Marriage',
  residence: 'Residence',
  occupation: 'Occupation',
  death: 'Death',
  burial: 'Burial',
  other: 'Event',
};

export const TimelineEvent = z.object({
  kind: TimelineEventKind,
  date: z.string().nullable(),
  year: z.number().int().nullable(),
  place: z.string().nullable(),
  detail: z.string().nullable(),
  documentId: z.string(),
  fileName: z.string(),
});
export type TimelineEvent = z.infer<typeof TimelineEvent>;

export const ConflictKind = z.enum([
  'birth_years',
  'event_after_death',
  'mother_age',
  'marriage_age',
  'child_after_parent_death',
  /** One event (a marriage, a death) dated differently by two records, at the precision both give. */
  'event_dates',
]);
export type ConflictKind = z.infer<typeof ConflictKind>;

export const Conflict = z.object({
  kind: ConflictKind,
  /** A plain sentence naming the documents that disagree. */
  message: z.string(),
  documentIds: z.array(z.string()),
});
export type Conflict = z.infer<typeof Conflict>;

export const Relation = z.enum(['spouse', 'parent', 'child', 'sibling']);
export type Relation = z.infer<typeof Relation>;

/** `relation` is what the relative is to this individual ("parent": the relative is their parent). */
export const Relative = z.object({
  individualId: z.string(),
  name: z.string(),
  relation: Relation,
  /** The documents that state the relation (issue 28); absent from indexes built before it. */
  documentIds: z.array(z.string()).optional(),
});
export type Relative = z.infer<typeof Relative>;

/** GET /api/people?q= */
export const PeopleListQuery = z.object({ q: z.string().trim().max(200).optional() });
export type PeopleListQuery = z.infer<typeof PeopleListQuery>;
export const PeopleListResponse = z.object({ individuals: z.array(IndividualSummary) });
export type PeopleListResponse = z.infer<typeof PeopleListResponse>;

/** GET /api/people/:id */
export const IndividualDetail = z.object({
  individual: IndividualSummary,
  variants: z.array(z.string()),
  evidence: z.array(Evidence),
  timeline: z.array(TimelineEvent),
  conflicts: z.array(Conflict),
  relatives: z.array(Relative),
  /** What an imported tree says of this person (issue 32), shown apart from the documents' evidence. */
  tree: TreeClaims.optional(),
});
export type IndividualDetail = z.infer<typeof IndividualDetail>;

export const IndividualIdParams = z.object({ id: z.string().uuid() });

/** POST /api/people/merge: the first id is kept. */
export const MergePeopleBody = z.object({
  ids: z.array(z.string().uuid()).min(2, 'choose at least two people to merge').max(20),
});
export type MergePeopleBody = z.infer<typeof MergePeopleBody>;

/** POST /api/people/:id/split: these mentions become a new individual. */
export const SplitPersonBody = z.object({
  mentionIds: z.array(z.string().uuid()).min(1, 'choose at least one mention to split off').max(500),
});
export type SplitPersonBody = z.infer<typeof SplitPersonBody>;

/** PATCH /api/people/:id */
export const RenamePersonBody = z.object({ name: z.string().trim().min(1, 'a name is required').max(200) });
export type RenamePersonBody = z.infer<typeof RenamePersonBody>;

/** The answer of merge, split and rename. */
export const IndividualResponse = z.object({ individual: IndividualSummary });
export type IndividualResponse = z.infer<typeof IndividualResponse>;

/** GET /api/people/export?format= */
export const PeopleExportFormat = z.enum(['gedcom-5.5.1', 'gedcom-7']);
export type PeopleExportFormat = z.infer<typeof PeopleExportFormat>;
export const PeopleExportQuery = z.object({ format: PeopleExportFormat.default('gedcom-5.5.1') });

/** GET /api/documents/:id/citation */
export const CitationResponse = z.object({ citation: z.string() });
export type CitationResponse = z.infer<typeof CitationResponse>;

/** POST /internal/people/lookup: Gene asks what the index knows about the names in a question. */
export const PeopleLookupRequest = z.object({
  userId: z.string().min(1).max(100),
  names: z.array(z.string().trim().min(1).max(200)).min(1).max(10),
});
export type PeopleLookupRequest = z.infer<typeof PeopleLookupRequest>;
export const PeopleLookupResponse = z.object({ individuals: z.array(IndividualDetail) });
export type PeopleLookupResponse = z.infer<typeof PeopleLookupResponse>;
