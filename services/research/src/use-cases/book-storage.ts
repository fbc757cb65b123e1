import type { BookFormat } from '../render';

/** Where a book's compiled files live in object storage (one folder per book, under its owner). */
export const bookStoragePrefix = (userId: string, bookId: string) => `books/${userId}/${bookId}/`;

export const manuscriptKey = (userId: string, bookId: string) => `${bookStoragePrefix(userId, bookId)}manuscript.json`;

/** A rendered export of one compile (the compile's number keeps an older render from being served). */
export const exportKey = (userId: string, bookId: string, compile: number, format: BookFormat) =>
  `${bookStoragePrefix(userId, bookId)}exports/${compile}.${format}`;
