import type {
  DateInfoItem,
  DocumentType,
  GeoInfoItem,
  PersonDetail,
  PersonTag,
  TimelineEvent,
} from '@gnology/contracts';

/* What a record gives the people index, and the events it reads there (mentions.ts re-exports both). */

/** What the index needs of a document to find the people in it. */
export interface DocumentFacts {
  id: string;
  fileName: string;
  documentType: DocumentType;
  text: string;
  people: readonly PersonTag[];
  details: readonly PersonDetail[];
  dates: readonly DateInfoItem[];
  places: readonly GeoInfoItem[];
  occupations: readonly string[];
  /** The text of each page, to say on which page a name is written (empty for one-page documents). */
  pages: readonly { pageNumber: number; text: string }[];
}

/**
 * One event a record gives a person, before it is tied to an individual.
 * `estimated`: the year comes from an age. `registered`: a civil or church register of that kind
 * of event gives it (a birth or baptism register, a marriage or death certificate), the evidence
 * the researcher weighs first against later recollections (an obituary, a census age).
 */
export type MentionEvent = Omit<TimelineEvent, 'documentId' | 'fileName'> & {
  estimated?: boolean;
  registered?: boolean;
  /** The age an estimated birth comes from: its year is the record's year less the age, give or take the birthday. */
  age?: number;
};
