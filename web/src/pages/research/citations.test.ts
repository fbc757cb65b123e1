import { describe, expect, it } from 'vitest';
import { viewerTarget } from './markdown';

const origin = 'https://app.gnology.example';

describe('citation links in answers', () => {
  it('open the viewer of the document and page they name', () => {
    expect(viewerTarget('/documents?view=65f0a1b2c3d4e5f6a7b8c9d0&page=2', origin)).toEqual({
      id: '65f0a1b2c3d4e5f6a7b8c9d0',
      page: 2,
    });
    expect(viewerTarget('/documents?view=65f0a1b2c3d4e5f6a7b8c9d0', origin)).toEqual({
      id: '65f0a1b2c3d4e5f6a7b8c9d0',
      page: null,
    });
    expect(viewerTarget('https://app.gnology.example/documents?view=65f0a1b2c3d4e5f6a7b8c9d0&page=x', origin)).toEqual({
      id: '65f0a1b2c3d4e5f6a7b8c9d0',
      page: null,
    });
  });

  it('carry the words to highlight on the page (&q=), tidied and capped', () => {
    expect(
      viewerTarget('/documents?view=65f0a1b2c3d4e5f6a7b8c9d0&page=2&q=Mary%20Ellen%20Turner', origin),
    ).toStrictEqual({ id: '65f0a1b2c3d4e5f6a7b8c9d0', page: 2, q: 'Mary Ellen Turner' });
    expect(viewerTarget('/documents?view=65f0a1b2c3d4e5f6a7b8c9d0&q=%20%20Samuel%0A%20Turner%20', origin)?.q).toBe(
      'Samuel Turner',
    );
    expect(viewerTarget('/documents?view=65f0a1b2c3d4e5f6a7b8c9d0&q=%20', origin)).toStrictEqual({
      id: '65f0a1b2c3d4e5f6a7b8c9d0',
      page: null,
    });
    expect(viewerTarget(`/documents?view=65f0a1b2c3d4e5f6a7b8c9d0&q=${'a'.repeat(500)}`, origin)?.q).toHaveLength(200);
  });

  it('are only viewer links of this site with a real id', () => {
    expect(viewerTarget('https://evil.example/documents?view=65f0a1b2c3d4e5f6a7b8c9d0', origin)).toBeNull();
    expect(viewerTarget('/research?view=65f0a1b2c3d4e5f6a7b8c9d0', origin)).toBeNull();
    expect(viewerTarget('/documents?view=../../api', origin)).toBeNull();
    expect(viewerTarget('/documents', origin)).toBeNull();
  });
});
