import { describe, expect, it } from 'vitest';
import { personLabel } from './document-labels';

const marriage = {
  personDetails: [
    { name: 'Mary Ann Colclough', recordRole: 'bride' as const },
    { name: 'James Colclough', recordRole: 'father_of_bride' as const },
    { name: 'Peter Greene', recordRole: 'witness' as const, title: 'Rev.' },
    { name: 'John Colclough', title: 'Esq.' },
  ],
};

describe('a tagged person as the document list shows them', () => {
  it('gives the record role in plain words, matched by name whatever its case', () => {
    expect(personLabel(marriage, { name: 'Mary Ann Colclough', role: 'spouse' })).toEqual({
      name: 'Mary Ann Colclough',
      role: 'bride',
    });
    expect(personLabel(marriage, { name: 'james colclough', role: 'other_relative' })).toEqual({
      name: 'james colclough',
      role: 'father of the bride',
    });
  });

  it('puts the title before or after the name as it is written', () => {
    expect(personLabel(marriage, { name: 'Peter Greene', role: 'other_relative' })).toEqual({
      name: 'Rev. Peter Greene',
      role: 'witness',
    });
    expect(personLabel(marriage, { name: 'John Colclough', role: 'parent' })).toEqual({
      name: 'John Colclough, Esq.',
      role: 'parent',
    });
  });

  it('falls back to the relation to the main person without details (older documents, names the user added)', () => {
    expect(personLabel(marriage, { name: 'Aunt Bridget', role: 'other_relative' })).toEqual({
      name: 'Aunt Bridget',
      role: 'relative',
    });
    expect(personLabel({}, { name: 'John Smith', role: 'primary_subject' })).toEqual({
      name: 'John Smith',
      role: 'subject',
    });
  });
});

describe('a person the record only names', () => {
  it('is "mentioned", not a relative of the subject', () => {
    const news = { personDetails: [{ name: 'Oscar Despland', namedOnly: true as const }] };
    expect(personLabel(news, { name: 'Oscar Despland', role: 'other_relative' })).toEqual({
      name: 'Oscar Despland',
      role: 'mentioned',
    });
  });

  it('keeps a role the user gave over the reading', () => {
    const news = { personDetails: [{ name: 'Oscar Despland', namedOnly: true as const }] };
    expect(personLabel(news, { name: 'Oscar Despland', role: 'sibling' })).toEqual({
      name: 'Oscar Despland',
      role: 'sibling',
    });
  });
});
