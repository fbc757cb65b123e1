import { describe, expect, it } from 'vitest';
import { planTitle } from './planTitle';

describe('the title a "Write the book" reply offers first', () => {
  it('reads the offline plan’s first title option', () => {
    const reply = [
      '## Title options',
      '1. *The Weber Story: From Kassel*',
      '2. *Roots and Records, 1850–1900: A Weber History*',
      '',
      '## How the book will be written',
      '1. Table of contents and introduction',
    ].join('\n');
    expect(planTitle(reply)).toBe('The Weber Story: From Kassel');
  });

  it('reads a model’s wording: bold, quotes and an explanation after a dash', () => {
    expect(
      planTitle(
        'Here is a plan.\n\n### Title Options\n\n- **“Whitfields of Raleigh”** — a family in one town\n- Other',
      ),
    ).toBe('Whitfields of Raleigh');
  });

  it('gives null when there are no title options', () => {
    expect(planTitle('## Chapter outline\n1. **Introduction** — the family')).toBeNull();
    expect(planTitle('## Title options\n\n## Next')).toBeNull();
  });
});
