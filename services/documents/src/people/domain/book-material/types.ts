// The book's material as this service answers it: one description shared with the research service, which writes
// the book from it (shared/contracts/src/book-material.ts, decision 0234).
import type { BookMaterialWire } from '@gnology/contracts';

export type {
  BookConflict,
  BookDate,
  BookEvent,
  BookEventKind,
  BookLink,
  BookMaterialWire,
  BookPerson,
  BookSource,
} from '@gnology/contracts';

/** A photo as the material lists it: its bytes come by a second call. */
export type BookPhotoWire = BookMaterialWire['photos'][number];
