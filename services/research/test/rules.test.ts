import {
  balanceRefusal,
  capacityLevel,
  conversationTokens,
  estimateMessageTokens,
  exportSizeLabel,
  inferRequestType,
  isAtCapacity,
  requestTimeoutMs,
  researchErrorMessage,
} from '@gnology/contracts';
import { describe, expect, it } from 'vitest';
import { isContinueRequest, planRequest } from '../src/domain/request';

describe('request type (docs/contract.md#tokens keyword lists)', () => {
  it.each([
    ['Write the book', 'book'],
    ['Help me write a family history book', 'book'],
    ['Draft my autobiography', 'book'],
    ['A memoir of grandmother', 'book'],
    ['The complete family history please', 'book'],
    ['Write a chapter about Johann', 'chapter'],
    ['Tell me the full story', 'chapter'],
    ['A narrative of the emigration', 'chapter'],
    ['Write about the farm', 'chapter'],
    ['Two stories from Hesse', 'chapter'],
    ['When was Johann baptised?', 'regular'],
    ['Who kept the storyteller’s bookkeeper records?', 'regular'],
    ['A chapter for the book', 'book'],
  ])('%s → %s', (text, type) => {
    expect(inferRequestType(text)).toBe(type);
  });

  it('recognises "continue"', () => {
    expect(isContinueRequest('continue')).toBe(true);
    expect(isContinueRequest('Please continue from chapter 4')).toBe(true);
    expect(isContinueRequest('Can you tell me how to continue my research?')).toBe(false);
  });
});

describe('estimates, limits and timeouts (docs/contract.md#validation, #constants)', () => {
  it('estimates characters / 3.5 times 2.5, 4 or 15', () => {
    expect(estimateMessageTokens('x'.repeat(350), 'regular')).toBe(250);
    expect(estimateMessageTokens('x'.repeat(350), 'chapter')).toBe(400);
    expect(estimateMessageTokens('x'.repeat(350), 'book')).toBe(1500);
  });

  it('gives 6,000 / 15,000 / 60,000 maximum tokens', () => {
    expect(planRequest('When?', undefined, { maxRetries: 2 }).maxTokens).toBe(6_000);
    expect(planRequest('Write a chapter', undefined, { maxRetries: 2 }).maxTokens).toBe(15_000);
    expect(planRequest('Write a book', undefined, { maxRetries: 2 }).maxTokens).toBe(60_000);
  });

  it('times out after 3 minutes by default, 5 for chapters or larger input, 30 for books or very large input', () => {
    const min = 60_000;
    expect(requestTimeoutMs('regular', 'short')).toBe(3 * min);
    expect(requestTimeoutMs('chapter', 'short')).toBe(5 * min);
    expect(requestTimeoutMs('regular', 'x'.repeat(7_000))).toBe(5 * min); // estimate 5,000
    expect(requestTimeoutMs('regular', 'x'.repeat(15_001))).toBe(5 * min);
    expect(requestTimeoutMs('book', 'short')).toBe(30 * min);
    expect(requestTimeoutMs('chapter', 'x'.repeat(13_125))).toBe(30 * min); // estimate 15,000
    expect(requestTimeoutMs('regular', 'x'.repeat(45_001))).toBe(30 * min);
  });

  it('counts measured tokens where present, else characters / 3.5', () => {
    expect(conversationTokens([{ content: 'x'.repeat(35) }, { content: 'long', tokens: { total: 1000 } }])).toBe(1010);
  });

  it('logs above 85%, warns above 90%, blocks above 95% of 200,000', () => {
    expect(capacityLevel(170_000, 0).level).toBe('ok');
    expect(capacityLevel(170_001, 0).level).toBe('log');
    expect(capacityLevel(180_000, 1).level).toBe('warn');
    expect(capacityLevel(189_000, 1_001).level).toBe('block');
    expect(isAtCapacity(189_999)).toBe(false);
    expect(isAtCapacity(190_000)).toBe(true);
  });

  it('refuses a balance at 0, or under 10,000 and below the estimate', () => {
    expect(balanceRefusal(0, 10)).toBe('limit_reached');
    expect(balanceRefusal(9_000, 9_500)).toBe('low_balance');
    expect(balanceRefusal(9_000, 100)).toBeNull();
    expect(balanceRefusal(20_000, 30_000)).toBeNull();
    expect(balanceRefusal(undefined, 100)).toBeNull();
    // Professional continues into metered overage: remaining 0 is not a refusal there.
    expect(balanceRefusal(0, 10, 'professional')).toBeNull();
    expect(balanceRefusal(0, 10, 'trial')).toBe('limit_reached');
  });

  it('labels export sizes', () => {
    expect(exportSizeLabel(15_000)).toBeNull();
    expect(exportSizeLabel(15_001)).toBe('medium');
    expect(exportSizeLabel(50_001)).toBe('large');
  });
});

describe('error catalogue (docs/contract.md#errors, with Gene for "the assistant")', () => {
  it.each([
    [
      529,
      undefined,
      'Gene is experiencing high demand right now. Please wait 5-10 minutes and try your request again.',
    ],
    [
      undefined,
      'overloaded_error',
      'Gene is experiencing high demand right now. Please wait 5-10 minutes and try your request again.',
    ],
    [401, undefined, 'Your session has expired. Please refresh the page and log in again.'],
    [403, undefined, 'Access denied. Please check your permissions and try again.'],
    [408, undefined, 'Your request timed out. Please try again or break your request into smaller parts.'],
    [413, undefined, 'Your request is too large. Please try breaking it into smaller parts.'],
    [429, undefined, 'Gene is receiving too many requests. Please wait a moment and try again.'],
    [500, undefined, 'Gene is temporarily unavailable. Please try again in a few minutes.'],
    [502, undefined, 'Gene is temporarily unavailable. Please try again in a few minutes.'],
    [503, undefined, 'Gene is temporarily unavailable. Please try again in a few minutes.'],
    [504, undefined, 'Gene is temporarily unavailable. Please try again in a few minutes.'],
    [
      418,
      undefined,
      'Gene encountered an issue processing your request. Please try again or break your request into smaller parts.',
    ],
  ])('%s %s', (status, type, message) => {
    expect(researchErrorMessage(status, type)).toBe(message);
  });
});
