import { describe, expect, it } from 'vitest';
import { handwritingMessage, TRANSCRIBED_BY_AI } from './HandwritingNote';

describe('handwritingMessage', () => {
  it('marks a page transcribed by AI', () => {
    expect(handwritingMessage({ transcribedByAi: true })).toEqual({ tone: 'info', text: TRANSCRIBED_BY_AI });
  });
  it('shows why a low-confidence page kept its OCR text', () => {
    const note =
      'This page may be handwriting. Handwriting needs an AI model; ask your administrator to configure one.';
    expect(handwritingMessage({ handwritingNote: note })).toEqual({ tone: 'warning', text: note });
  });
  it('says nothing about pages read well', () => {
    expect(handwritingMessage({})).toBeNull();
    expect(handwritingMessage(undefined)).toBeNull();
  });
});
