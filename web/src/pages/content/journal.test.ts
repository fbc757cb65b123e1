import { JOURNAL_FILE_NAME as CONTRACT_FILE_NAME } from '@gnology/contracts';
import { describe, expect, it } from 'vitest';
import { JOURNAL_FILE_NAME } from './journal';

describe('journal download', () => {
  it('saves under the file name the documents service sends', () => {
    expect(JOURNAL_FILE_NAME).toBe(CONTRACT_FILE_NAME);
  });
});
