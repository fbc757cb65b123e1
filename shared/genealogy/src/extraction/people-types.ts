import type { PersonDetail, PersonRole, PersonTag, RecordRole } from '@gnology/contracts';

/* The types the people pipeline's steps share (people.ts): not exported beyond extraction. */

export type Relation = Exclude<PersonRole, 'primary_subject'>;
export type Kin = 'son' | 'daughter' | 'wife' | 'husband' | 'father' | 'mother';

export interface Candidate {
  words: string[];
  start: number;
  end: number;
  title?: string;
  /** "Jr." after a given name alone ("sons Ebenezer, Jesse Jr. and Nathan"): goes after the surname found for it. */
  suffix?: string;
}
export interface Mention extends Candidate {
  /** The name as written (title-cased when the record wrote it in capitals). */
  name: string;
  lone: boolean;
  /** The surname is in the text at this mention (written, or "Thomas and Ann Whitfield", or a maiden name), not inferred. */
  written: boolean;
  maiden?: string;
  /** "v. Heyl", "Minister von Manteuffel": a German noble surname, a person without a given name (people-candidates.ts). */
  noble?: boolean;
}
export interface Edge {
  /** `person` is `role` of `anchor` (mention indexes); anchor -1 means "the primary subject, whoever it is". */
  anchor: number;
  person: number;
  role: Relation;
  kin?: Kin;
  /** 'of': read from an "X, son of A and B" phrase (or "born to A and B"): A and B are about X, the phrase's subject. */
  via?: 'of';
  /** A kinship word's possessive in a letter's voice: "my father" (first), "your brother" (second), "Father, …" (bare). */
  voice?: 'first' | 'second' | 'bare';
}

/** What the relations step read (people-relations.ts), for the roles step: mention indexes. */
export interface Relations {
  edges: Edge[];
  recordRoles: Map<number, RecordRole>;
  head: number | undefined;
  signer: number | undefined;
  groom: number | undefined;
  bride: number | undefined;
  subjectCued: number[];
  namedChild: number | undefined;
}

export interface PeopleResult {
  people: PersonTag[];
  details: PersonDetail[];
}
