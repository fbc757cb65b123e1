/*
 * The book's material as the documents service answers it (issue 33, decision 0234). The research
 * service reads it as `BookMaterialWire` (services/research/src/domain/book-material.ts): the two
 * must say the same; the integration test checks this answer's shape field by field.
 */

export type BookEventKind = 'birth' | 'baptism' | 'marriage' | 'residence' | 'occupation' | 'death' | 'burial';

export interface BookDate {
  normalized: string;
  qualifier: 'exact' | 'about' | 'before' | 'after' | 'between' | 'dual_year';
}

export interface BookEvent {
  kind: BookEventKind;
  date: BookDate | null;
  place: string | null;
  detail: string | null;
  spouseId?: string;
  sources: string[];
  origin?: 'documents' | 'tree';
}

export interface BookLink {
  personId: string;
  sources: string[];
}

export interface BookConflict {
  kind: string;
  message: string;
  sources: string[];
}

export interface BookPerson {
  id: string;
  name: string;
  given: string;
  surname: string;
  sex: 'M' | 'F' | 'U';
  generation: number;
  direct: boolean;
  events: BookEvent[];
  parents: BookLink[];
  spouses: BookLink[];
  children: BookLink[];
  conflicts: BookConflict[];
}

export interface BookSource {
  id: string;
  citation: string;
}

export interface BookPhotoWire {
  id: string;
  caption: string | null;
  people: { id: string; name: string }[];
  mime: 'image/jpeg';
  width: number;
  height: number;
}

export interface BookMaterialWire {
  rootId: string;
  rootChosen: 'asked' | 'default';
  generations: number;
  people: BookPerson[];
  sources: BookSource[];
  photos: BookPhotoWire[];
  chart: { title: string; svg: string; pdfBase64?: string } | null;
}
