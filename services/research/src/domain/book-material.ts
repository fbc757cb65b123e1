// The book's material is one description shared with the documents service (shared/contracts/src/book-material.ts).
export type {
  BookSex,
  BookEventKind,
  BookDate,
  BookEvent,
  BookLink,
  BookConflict,
  BookPerson,
  BookSource,
  BookPhoto,
  BookChart,
  BookMaterial,
  BookMaterialWire,
} from '@gnology/contracts';
