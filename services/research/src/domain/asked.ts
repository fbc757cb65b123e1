import { readQuestion } from './offline/question';

/** A bare "continue" writes the next part of a book: it asks about no one and searches nothing. */
export function isBareContinue(query: string): boolean {
  return /^\s*continue\W*$/i.test(query);
}

/**
 * The full names a question gives (two words or more: a given name alone would match half the
 * library), read from its first 2,000 characters.
 */
export function fullNamesAsked(query: string): string[] {
  return readQuestion(query.slice(0, 2_000)).names.filter((n) => n.split(/\s+/).length >= 2);
}
