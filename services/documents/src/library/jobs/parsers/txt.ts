import { readFile } from 'node:fs/promises';
import { decodeText } from '../../domain/text-decoding';
import type { DocumentParser } from './types';
import { oneTextPage } from './text-page';

/** Plain text in UTF-8, UTF-16 (BOM) or Windows-1252. */
export const txtParser: DocumentParser = {
  kinds: ['txt'],
  async parse(ctx) {
    await ctx.progress({ step: 'text' });
    const text = decodeText(await readFile(ctx.path)).trim();
    return oneTextPage(text);
  },
};
