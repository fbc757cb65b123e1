import { describe, expect, it } from 'vitest';
import { viewerTarget } from '../pages/research/markdown';
import { viewerHref } from './document-urls';

const ID = '65f0a1b2c3d4e5f6a7b8c9d0';
const origin = 'https://app.gnology.example';

describe('the viewer address, written by one builder', () => {
  it('names the document, a page after the first and the words to highlight', () => {
    expect(viewerHref(ID)).toBe(`/documents?view=${ID}`);
    expect(viewerHref(ID, 1)).toBe(`/documents?view=${ID}`);
    expect(viewerHref(ID, 2, '  Mary Ellen Turner ')).toBe(`/documents?view=${ID}&page=2&q=Mary%20Ellen%20Turner`);
    expect(viewerHref(ID, undefined, ' ')).toBe(`/documents?view=${ID}`);
  });

  it('is read back by the citation reader as the same document, page and words', () => {
    expect(viewerTarget(viewerHref(ID, 3, 'Thomas & Sons'), origin)).toEqual({ id: ID, page: 3, q: 'Thomas & Sons' });
    expect(viewerTarget(viewerHref(ID), origin)).toEqual({ id: ID, page: null });
  });
});
