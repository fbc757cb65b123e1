import { ERROR_MESSAGES } from '@gnology/contracts';
import { HttpError } from '@gnology/platform/http/errors';
import { describe, expect, it } from 'vitest';
import { fullNamesAsked, isBareContinue } from '../src/domain/asked';
import { generationView } from '../src/use-cases/present-generation';
import { ProviderError } from '../src/domain/model';
import { providerFailure } from '../src/domain/provider-failure';
import { historyBefore } from '../src/domain/provider-request';
import type { GenerationRow } from '../src/store/generations';

describe('providerFailure', () => {
  it("answers the provider's client errors with their own status and message", () => {
    const e = providerFailure(new ProviderError('slow down', 429, 'rate_limit_error'));
    expect(e.statusCode).toBe(429);
    expect(e.message).toBe(ERROR_MESSAGES.rateLimited);
    expect(e.extra).toMatchObject({ code: 'provider_error', providerStatus: 429, providerType: 'rate_limit_error' });
  });

  it('never passes on a 401 or 403 about our key (the web would sign the user out): 503 with the spec message', () => {
    const e = providerFailure(new ProviderError('bad key', 401, 'authentication_error'));
    expect(e.statusCode).toBe(503);
    expect(e.message).toBe(ERROR_MESSAGES.unauthorized);
  });

  it('answers server failures and unknown errors with 503', () => {
    expect(providerFailure(new ProviderError('down', 529, 'overloaded_error'))).toMatchObject({
      statusCode: 503,
      message: ERROR_MESSAGES.overloaded,
    });
    expect(providerFailure(new Error('socket hang up')).statusCode).toBe(503);
  });

  it('keeps an HttpError as it is', () => {
    const refusal = new HttpError(402, 'Your balance is too low.');
    expect(providerFailure(refusal)).toBe(refusal);
  });
});

describe('generationView', () => {
  const row = {
    id: '6b0595943525815dc09d5262',
    user_id: 'u1',
    conversation_id: null,
    request_type: 'chapter',
    status: 'running',
    stop_requested: false,
    text: 'Café 👪',
    error: null,
    created_at: new Date('2026-11-24T10:00:00Z'),
    updated_at: new Date('2026-11-24T10:01:00Z'),
  } as unknown as GenerationRow;

  it('counts the length in characters (what stream offsets count), and gives the text only when asked', () => {
    const listed = generationView(row, false);
    expect(listed).toMatchObject({
      id: row.id,
      status: 'running',
      length: 6,
      createdAt: '2026-11-24T10:00:00.000Z',
      updatedAt: '2026-11-24T10:01:00.000Z',
    });
    expect(listed).not.toHaveProperty('text');
    expect(generationView(row, true).text).toBe('Café 👪');
  });
});

describe('historyBefore', () => {
  const messages = [{ id: 'a' }, { id: 'b' }, { id: 'c' }];
  it('is the history as it was when the question was asked, or all of it when the question is unknown', () => {
    expect(historyBefore(messages, 'c')).toEqual([{ id: 'a' }, { id: 'b' }]);
    expect(historyBefore(messages, 'x')).toEqual(messages);
    expect(historyBefore(messages, null)).toEqual(messages);
  });
});

describe('what a question asks about', () => {
  it('reads a bare "continue" as the next part of a book, and nothing longer', () => {
    expect(isBareContinue('  Continue. ')).toBe(true);
    expect(isBareContinue('continue the story of Mary Cole')).toBe(false);
  });

  it('keeps the full names only (a given name alone would match half the library)', () => {
    const names = fullNamesAsked('What do we know about Thomas Whitfield and Mary?');
    expect(names).toContain('Thomas Whitfield');
    expect(names.every((n) => n.includes(' '))).toBe(true);
  });
});
