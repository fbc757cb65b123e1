import type { Journal } from '@gnology/contracts';
import { describe, expect, it } from 'vitest';
import { journalBlock } from '../src/domain/journal-block';
import { offlineAnswer } from '../src/domain/offline/answer';
import { documentBlock } from '../src/domain/prompt';
import type { ContextDocument } from '../src/domain/model';

const journal: Journal = {
  version: '1',
  project: { title: 'The Nowak family', goal: 'Who were the parents of Łukasz Nowak?' },
  ancestors: [
    {
      number: 1,
      name: 'Łukasz Nowak',
      relationship: 'great-great-grandfather',
      birth: { date: '12 Mar 1850', place: 'Kraków, Poland' },
      marriage: { date: '3 Jun 1875', spouse: 'Zofia Kowalska' },
      death: { date: '2 Feb 1920', place: 'Chicago, Illinois' },
      father: 'Jan Nowak',
      children: ['Józef Nowak, b. 1876'],
      residences: [],
    },
    {
      number: 2,
      name: 'Nguyễn Thị Lan',
      birth: { date: 'abt 1885', place: 'Huế, Vietnam' },
      children: [],
      residences: [],
    },
  ],
  sourcesSearched: [{ key: 'census', label: 'Census returns', notes: '1900 US census' }],
  log: [
    {
      date: '5 Jan 2026',
      repository: 'Archiwum Narodowe w Krakowie',
      source: 'Parish register',
      result: 'Found the baptism',
    },
  ],
  contacts: [],
  findings: { conflicts: 'The 1900 census gives 1851.' },
};

const doc: ContextDocument = {
  _id: '65f0a1b2c3d4e5f6a7b8c9d9',
  originalName: 'GNology-Journal.pdf',
  documentType: 'journal',
  extractedText: 'Łukasz Nowak was born on 12 Mar 1850 in Kraków, Poland.',
  peopleIdentified: [{ name: 'Łukasz Nowak', role: 'primary_subject' }],
  journal,
};

describe('a filled GNology Journal in Gene’s context', () => {
  it('is a structured block of the document in the prompt', () => {
    const block = documentBlock(doc);
    expect(block).toContain('<journal version="1" ancestors="2">');
    expect(block).toContain('Ancestor 1: Łukasz Nowak (great-great-grandfather)');
    expect(block).toContain('  birth: 12 Mar 1850, Kraków, Poland');
    expect(block).toContain('  marriage: 3 Jun 1875, spouse Zofia Kowalska');
    expect(block).toContain('  parents: father Jan Nowak');
    expect(block).toContain('Sources searched: Census returns (1900 US census)');
    expect(block).toContain('  - 5 Jan 2026 | Archiwum Narodowe w Krakowie | Parish register | Found the baptism');
    expect(block).toContain('Conflicts: The 1900 census gives 1851.');
    // The journal block sits inside the document's own block, before its text.
    expect(block.indexOf('</journal>')).toBeLessThan(block.indexOf('Extracted text:'));
    expect(documentBlock({ ...doc, journal: undefined })).not.toContain('<journal');
  });

  it('leaves out what was not filled in', () => {
    const block = journalBlock({
      ...journal,
      ancestors: [journal.ancestors[1]!],
      log: [],
      sourcesSearched: [],
      findings: {},
    });
    expect(block).toContain('Ancestor 2: Nguyễn Thị Lan');
    expect(block).not.toMatch(/death|Research log|Sources searched|Conflicts/);
  });

  it('lists the journal’s ancestors in the offline answer', () => {
    const answer = offlineAnswer({ query: 'Tell me about my ancestors', documents: [doc], requestType: 'regular' });
    expect(answer).toContain(
      '## Ancestors in your GNology Journal *"GNology-Journal.pdf"* (id 65f0a1b2c3d4e5f6a7b8c9d9)',
    );
    expect(answer).toContain(
      '1. **Łukasz Nowak** (1850–1920), Kraków, Poland → Chicago, Illinois; married Zofia Kowalska',
    );
    expect(answer).toContain('2. **Nguyễn Thị Lan** (1885–?), Huế, Vietnam');
  });
});
