import type { IndividualDetail } from '@gnology/contracts';
import { describe, expect, it } from 'vitest';
import { lookupPeopleMeant, namesMeantIn } from '../src/use-cases/lookup-people';
import { JOHN_HENRY, record } from './support/stored-records';

// Issue 28: Gene asks the people index about the person a question means, as the documents'
// stored extraction names them, when the question does not give a full name.
const docs = [record('sullivan'), record('marriage')];

describe('the names a question means', () => {
  it('completes a given name or a surname from the documents’ people', () => {
    expect(namesMeantIn("Who were Margaret's parents?", docs)).toEqual(['Margaret Sullivan']);
    expect(namesMeantIn('What do the records say about Barnes?', docs)).toEqual([
      'Sarah Elizabeth Barnes',
      'William Barnes',
      'Catherine Barnes',
    ]);
  });

  it('takes the primary subjects when the question names nobody but asks a fact', () => {
    expect(namesMeantIn('When did she die?', docs)).toEqual(['Margaret Sullivan', 'John Henry Whitfield']);
    expect(namesMeantIn('Hello', docs)).toEqual([]);
  });

  it('asks the index only when the names asked found no one, and never fails the question', async () => {
    const asked: string[][] = [];
    const clients = {
      lookupPeople: async (_u: string, names: string[]) => {
        asked.push(names);
        return [JOHN_HENRY];
      },
    };
    const found: IndividualDetail[] = [JOHN_HENRY];
    expect(await lookupPeopleMeant(clients, { userId: 'u', query: 'q', documents: docs, found })).toBe(found);
    expect(asked).toEqual([]);
    expect(
      await lookupPeopleMeant(clients, { userId: 'u', query: 'When did he marry?', documents: docs, found: [] }),
    ).toEqual([JOHN_HENRY]);
    expect(asked).toEqual([['Margaret Sullivan', 'John Henry Whitfield']]);
    const failing = { lookupPeople: async () => Promise.reject(new Error('down')) };
    const errors: unknown[] = [];
    expect(
      await lookupPeopleMeant(failing, {
        userId: 'u',
        query: 'When did he marry?',
        documents: docs,
        found: [],
        onError: (e) => errors.push(e),
      }),
    ).toEqual([]);
    expect(errors).toHaveLength(1);
  });
});
