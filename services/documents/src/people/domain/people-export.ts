import type {
  Conflict,
  DateInfoItem,
  DocumentType,
  Evidence,
  GeoInfoItem,
  IndividualSummary,
  PersonDetail,
  PersonTag,
  Relative,
  TimelineEvent,
} from '@gnology/contracts';

/** An individual of the index with everything an export writes of them. */
export interface ExportIndividual {
  summary: IndividualSummary;
  /** Given names and surname as the display name writes them (unfolded), for GEDCOM's NAME "Given /Surname/". */
  givenNames: string;
  surname: string;
  variants: string[];
  evidence: Evidence[];
  timeline: TimelineEvent[];
  conflicts: Conflict[];
  relatives: Relative[];
}

/** A document the index cites, with what extraction read from it (for source citations). */
export interface ExportDocument {
  id: string;
  fileName: string;
  documentType: DocumentType;
  uploadedAt: string;
  pageCount: number | null;
  people: PersonTag[];
  personDetails: PersonDetail[];
  dates: DateInfoItem[];
  places: GeoInfoItem[];
  occupations: string[];
}

export interface PeopleExport {
  individuals: ExportIndividual[];
  /** Only the documents some individual's evidence comes from. */
  documents: ExportDocument[];
}
