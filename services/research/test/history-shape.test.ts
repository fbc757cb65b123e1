import type { Message } from '@gnology/contracts';
import { describe, expect, it } from 'vitest';
import { costBound } from '../src/domain/cost';
import { historyOfShape, historyShape } from '../src/domain/history-shape';
import { buildProviderRequest } from '../src/domain/provider-request';
import { planRequest } from '../src/domain/request';
import { ReservationHints } from '../src/live/reservation-hints';

type Turn = Pick<Message, 'type' | 'content'>;
const turn = (type: Turn['type'], content: string): Turn => ({ type, content });

function costWith(history: Turn[], query: string) {
  const plan = planRequest(query, undefined, { maxRetries: 0 });
  return costBound(buildProviderRequest({ plan, query, history, documents: [], people: [] }), plan.estimate);
}

describe('a history rebuilt from its shape (decision 0245)', () => {
  const histories: Record<string, Turn[]> = {
    empty: [],
    'one exchange': [turn('user', 'Who was Johann Weber?'), turn('assistant', 'A weaver of Kassel. '.repeat(30))],
    'a failed answer (two questions in a row) and a blank message': [
      turn('user', 'Where did he live?'),
      turn('user', 'And his wife?'),
      turn('assistant', '   '),
      turn('assistant', 'Anna Weber, née Schmidt.'),
    ],
    // Longer than the context window: the request keeps only the most recent turns that fit.
    'trimmed to the budget': Array.from({ length: 40 }, (_, i) =>
      turn(i % 2 ? 'assistant' : 'user', `${i} `.repeat(i % 2 ? 30_000 : 40)),
    ),
  };

  for (const [name, history] of Object.entries(histories))
    it(`costs exactly what the history costs: ${name}`, () => {
      for (const query of ['When was he baptised?', 'Write a chapter about the Weber family'])
        expect(costWith(historyOfShape(historyShape(history)), query)).toEqual(costWith(history, query));
    });

  it('trims the long one (so the test above covers the budget)', () => {
    const plan = planRequest('When?', undefined, { maxRetries: 0 });
    const long = histories['trimmed to the budget']!;
    const req = buildProviderRequest({ plan, query: 'When?', history: long, documents: [], people: [] });
    expect(req.messages.length).toBeLessThan(long.length / 2);
  });

  it('keeps only the side and the length of each message, never its text', () => {
    expect(historyShape([turn('user', 'Anna'), turn('assistant', ' '), turn('assistant', 'Kassel, 1850')])).toEqual([
      { type: 'user', length: 4 },
      { type: 'assistant', length: 12 },
    ]);
  });
});

describe('ReservationHints.likelyHistory', () => {
  it('answers none for a bare prompt, the saved history for a conversation it saved, and null otherwise', () => {
    const hints = new ReservationHints();
    expect(hints.likelyHistory('u', 'c1')).toEqual([]);
    hints.learn('u', 'c1', false);
    // Read, but its exchange not yet saved here: unknown.
    expect(hints.likelyHistory('u', 'c1')).toBeNull();
    const shape = [
      { type: 'user' as const, length: 20 },
      { type: 'assistant' as const, length: 400 },
    ];
    hints.saved('c1', shape);
    expect(hints.likelyHistory('u', 'c1')).toEqual(shape);
    // Another request reads the conversation: unknown again until its exchange is saved.
    hints.learn('u', 'c1', false);
    expect(hints.likelyHistory('u', 'c1')).toBeNull();
    hints.saved('c1', shape);
    // A user whose library answers: the prompt holds what the search finds, unknown before it.
    hints.learn('u', null, true);
    expect(hints.likelyHistory('u', 'c1')).toBeNull();
    expect(hints.likelyHistory('u', null)).toBeNull();
  });
});
