/** What kind of file a document is: whether it can be shown, and its short label (PDF, JPG, ...). */
import type { DocumentRecord } from '@gnology/contracts';

/** docs/contract.md#validation: only JPEG/PNG images (and GIF/WebP, never uploaded here) and PDFs are displayable. */
export const isImage = (d: Pick<DocumentRecord, 'mimetype'>) => /^image\/(jpeg|jpg|png|gif|webp)$/.test(d.mimetype);
export const isPdf = (d: Pick<DocumentRecord, 'mimetype'>) => d.mimetype === 'application/pdf';

const KINDS: Record<string, string> = {
  'application/pdf': 'PDF',
  'image/jpeg': 'JPG',
  'image/png': 'PNG',
  'application/msword': 'DOC',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'DOCX',
  'text/plain': 'TXT',
};
export const kindLabel = (mimetype: string) => KINDS[mimetype] ?? 'File';
