import { describe, expect, it } from 'vitest';
import { expandWords, isExpandable, type SearchMatchRow, toSearchResults } from '../src/domain/search-results';
import { HEADLINE_START, HEADLINE_STOP } from '../src/domain/search';

const at = new Date('2026-03-01T10:00:00Z');

function row(over: Partial<SearchMatchRow>): SearchMatchRow {
  return {
    conversation_id: 'c1',
    title: 'Schmidt family',
    last_activity: at,
    match_count: 2,
    total: 1,
    rn: 1,
    type: 'user',
    created_at: at,
    content_start: 'Where did the **Schmidt** family live?',
    headline: null,
    content_head: null,
    ...over,
  };
}

describe('expandWords', () => {
  it('adds equivalents before similar vocabulary terms', () => {
    const known = [{ word: 'schmidt', equivalents: ['smith', 'schmitt'], similar: ['schmid'] }];
    expect(expandWords(['schmidt'], known)).toEqual([
      { word: 'schmidt', alternatives: ['smith', 'schmitt', 'schmid'] },
    ]);
  });

  it('searches years, short words and unknown words as typed', () => {
    const known = [
      { word: '1850', equivalents: [], similar: ['1851'] },
      { word: 'ox', equivalents: ['oxe'], similar: [] },
    ];
    expect(expandWords(['1850', 'ox', 'farm'], known)).toEqual([
      { word: '1850', alternatives: [] },
      { word: 'ox', alternatives: [] },
      { word: 'farm', alternatives: [] },
    ]);
  });

  it('looks up alternatives only for words of three or more characters that are not all digits', () => {
    expect(['1850', 'ox', 'farm', 'abc', '1850s'].filter(isExpandable)).toEqual(['farm', 'abc', '1850s']);
  });
});

describe('toSearchResults', () => {
  it('groups the rows into one result per conversation, in the rows order, with plain-text previews', () => {
    const rows = [
      row({ rn: 1, headline: `the ${HEADLINE_START}Schmidt${HEADLINE_STOP} farm <b>` }),
      row({
        rn: 2,
        type: 'assistant',
        content_start: '## Answer\nThe Schmidts farmed',
        content_head: '## Answer\nThe Schmidts farmed',
      }),
      row({
        conversation_id: 'c2',
        title: 'Schmidt letters',
        match_count: 0,
        rn: null,
        type: null,
        created_at: null,
        content_start: null,
      }),
    ];
    const { results, totalFound } = toSearchResults(rows, ['schmidt']);
    expect(totalFound).toBe(1);
    expect(results.map((r) => r.conversationId)).toEqual(['c1', 'c2']);
    expect(results[0]).toMatchObject({ title: 'Schmidt family', matchCount: 2, lastActivity: at.toISOString() });
    expect(results[0].relevantMessages).toEqual([
      {
        type: 'user',
        timestamp: at.toISOString(),
        content: 'Where did the Schmidt family live?',
        preview: 'the <mark>Schmidt</mark> farm &lt;b&gt;',
      },
      {
        type: 'assistant',
        timestamp: at.toISOString(),
        content: 'Answer The Schmidts farmed',
        preview: 'Answer The <mark>Schmidts</mark> farmed',
      },
    ]);
    // A conversation found by its title alone has no message to preview.
    expect(results[1].relevantMessages).toEqual([]);
  });

  it('answers nothing found for no rows', () => {
    expect(toSearchResults([], ['schmidt'])).toEqual({ results: [], totalFound: 0 });
  });
});
