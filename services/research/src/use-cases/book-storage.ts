import type { BookFormat } from '../render';

/** Where a book's compiled files live in object storage (one folder per book, under its owner). */
export const bookStoragePrefix = (userId: string, bookId: string) => `books/${userId}/${bookId}/`;

/** One compile's folder: its manuscript and its renders, kept together until a later compile is done. */
export const compilePrefix = (userId: string, bookId: string, run: number) =>
  `${bookStoragePrefix(userId, bookId)}runs/${run}/`;

export const manuscriptKey = (userId: string, bookId: string, run: number) =>
  `${compilePrefix(userId, bookId, run)}manuscript.json`;

/** A render of the compile whose manuscript is at `manuscriptKey`. */
export const exportKeyOf = (manuscriptKey: string, format: BookFormat) =>
  manuscriptKey.replace(/manuscript\.json$/, `book.${format}`);
