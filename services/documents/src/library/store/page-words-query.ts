import type { PageWordBox } from '@gnology/contracts';
import { sql } from 'kysely';
import type { DocumentsDb } from './documents-store';

const clamp01 = (n: number) => Math.min(1, Math.max(0, n));
const num = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** A stored word as the API answers it, or null for a value that cannot be one (never trusted blindly: jsonb). */
export function toBox(v: unknown): PageWordBox | null {
  if (!v || typeof v !== 'object') return null;
  const { text, x, y, w, h, confidence } = v as Record<string, unknown>;
  if (typeof text !== 'string' || !text.trim() || !num(x) || !num(y) || !num(w) || !num(h)) return null;
  const left = clamp01(x);
  const top = clamp01(y);
  return {
    text,
    x: left,
    y: top,
    w: clamp01(Math.min(w, 1 - left)),
    h: clamp01(Math.min(h, 1 - top)),
    confidence: num(confidence) ? Math.min(100, Math.max(0, confidence)) : 0,
  };
}

/**
 * The word boxes of one page (issue 14, word positions), in the order OCR read them (its reading
 * order: columns of a newspaper stay columns). Null when the document has no such page; an empty
 * list for a page that was not OCR'd (a PDF text layer, a DOCX) or was read before words were kept.
 */
export async function pageWords(
  db: DocumentsDb,
  documentId: string,
  pageNumber: number,
): Promise<PageWordBox[] | null> {
  const row = await db
    .selectFrom('document_pages')
    // `words` (jsonb, migration 0011) is read by name so this query does not depend on the row type's shape.
    .select(sql<unknown>`words`.as('words'))
    .where('document_id', '=', documentId)
    .where('page_number', '=', pageNumber)
    .executeTakeFirst();
  if (!row) return null;
  const raw = typeof row.words === 'string' ? (JSON.parse(row.words) as unknown) : row.words;
  if (!Array.isArray(raw)) return [];
  const out: PageWordBox[] = [];
  for (const v of raw) {
    const box = toBox(v);
    if (box) out.push(box);
  }
  return out;
}
