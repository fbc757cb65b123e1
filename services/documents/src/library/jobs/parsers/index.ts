import type { DocumentKind } from '../../domain/file-types';
import { imageParser } from './image';
import { pdfParser } from './pdf';
import { txtParser } from './txt';
import type { DocumentParser } from './types';
import { docParser, docxParser } from './word';

export type { ParsedPage } from '../../domain/parsed-page';
export type { DocumentParser, ParseContext, ParseResult, ParseLimits } from './types';

const PARSERS: DocumentParser[] = [imageParser, pdfParser, docxParser, docParser, txtParser];

/** The parser for a kind of file; every accepted kind has exactly one. */
export function parserFor(kind: string): DocumentParser {
  const parser = PARSERS.find((p) => p.kinds.includes(kind as DocumentKind));
  if (!parser) throw new Error(`no parser for documents of kind "${kind}"`);
  return parser;
}
