import {
  DOCUMENT_TOO_LARGE_MESSAGE,
  DOCUMENT_UPLOAD_LIMIT_BYTES,
  type DocumentRecord,
  type OcrLanguage,
  type OcrSettings,
} from '@gnology/contracts';
import { ApiError, api, readStoredToken } from '../../lib/api';

export type { DocumentRecord };

export const MAX_UPLOAD_BYTES = DOCUMENT_UPLOAD_LIMIT_BYTES;
export const ACCEPT = '.pdf,.jpg,.jpeg,.png,.doc,.docx,.txt';
export const TOO_LARGE = `Error: ${DOCUMENT_TOO_LARGE_MESSAGE}`;
export const SESSION_EXPIRED = 'Session expired. Please log in again.';

/** Thrown when the list answer is neither an array nor `{ documents: [...] }` (docs/contract.md#api). */
export class UnexpectedListFormat extends Error {}

/** GET /api/documents: an array, or an object with a documents array. */
export async function fetchDocuments(): Promise<DocumentRecord[]> {
  const data = await api<unknown>('/api/documents');
  if (Array.isArray(data)) return data as DocumentRecord[];
  const wrapped = (data as { documents?: unknown }).documents;
  if (Array.isArray(wrapped)) return wrapped as DocumentRecord[];
  throw new UnexpectedListFormat('Unexpected documents list format');
}

export function fetchDocument(id: string): Promise<DocumentRecord> {
  return api<DocumentRecord>(`/api/documents/${id}`);
}

export function deleteDocument(id: string): Promise<{ message?: string }> {
  return api(`/api/documents/${id}`, { method: 'DELETE' });
}

/** The account's OCR languages (English until chosen). */
export function fetchOcrSettings(): Promise<OcrSettings> {
  return api<OcrSettings>('/api/documents/settings/ocr');
}

export function saveOcrSettings(languages: OcrLanguage[]): Promise<OcrSettings> {
  return api<OcrSettings>('/api/documents/settings/ocr', { method: 'PUT', body: { languages } });
}

/** "Read again": the document goes back to pending, read in `languages` (else the ones it had). */
export function reprocessDocument(id: string, languages?: OcrLanguage[]): Promise<DocumentRecord> {
  return api<DocumentRecord>(`/api/documents/${id}/reprocess`, {
    method: 'POST',
    body: languages ? { languages } : {},
  });
}

/**
 * POST /api/documents/upload with XMLHttpRequest: fetch cannot report upload progress. The file
 * goes as multipart field `document`, after the `languages` field when given (the service reads
 * the languages before it stores the file); `onProgress` gets 0-100.
 */
export function uploadDocument(
  file: File,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
  languages?: readonly OcrLanguage[],
): Promise<DocumentRecord> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/documents/upload');
    const token = readStoredToken();
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(xhr.responseText || '{}');
      } catch {
        body = { error: xhr.responseText };
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as unknown as DocumentRecord);
      else reject(new ApiError(xhr.status, String(body.error ?? `Upload failed (${xhr.status})`), body));
    };
    xhr.onerror = () => reject(new ApiError(0, 'Network error'));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    if (languages?.length) form.append('languages', languages.join(','));
    form.append('document', file);
    xhr.send(form);
  });
}

/**
 * Image URLs carry the document's short-lived scoped token (`viewToken`), never the session token:
 * <img> cannot send headers, and URLs end up in histories.
 */
export const viewUrl = (d: DocumentRecord) => `/api/documents/${d._id}/view?token=${encodeURIComponent(d.viewToken)}`;
export const pageUrl = (d: DocumentRecord, n: number) =>
  `/api/documents/${d._id}/page/${n}?token=${encodeURIComponent(d.viewToken)}`;
// Through /view: the gateway admits only /view and /page/:n without a bearer header.
export const thumbnailUrl = (d: DocumentRecord) =>
  `/api/documents/${d._id}/view?variant=thumbnail&token=${encodeURIComponent(d.viewToken)}`;

/**
 * The document viewer's address: /documents?view=<documentId>&page=<n>&q=<words> (the dashboard and
 * Gene's citations link to it); `q` is highlighted where it is on the scan (issue 14, word positions).
 */
export const viewerHref = (documentId: string, page?: number, q?: string) =>
  `/documents?view=${encodeURIComponent(documentId)}${page && page > 1 ? `&page=${page}` : ''}${q?.trim() ? `&q=${encodeURIComponent(q.trim())}` : ''}`;

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

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

export function formatDate(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime())
    ? ''
    : d.toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
}

const TYPE_LABELS: Record<string, string> = {
  photo: 'Photo',
  census: 'Census record',
  birth: 'Birth record',
  marriage: 'Marriage record',
  death: 'Death record',
  obituary: 'Obituary',
  military: 'Military record',
  letter: 'Letter',
  journal: 'Journal',
  other: 'Document',
};
export const typeLabel = (t: string) => TYPE_LABELS[t] ?? 'Document';

const ROLE_LABELS: Record<string, string> = {
  primary_subject: 'subject',
  spouse: 'spouse',
  child: 'child',
  parent: 'parent',
  sibling: 'sibling',
  other_relative: 'relative',
};
export const roleLabel = (r: string) => ROLE_LABELS[r] ?? r;

/** A person's part in the record (extraction's `recordRole`) in plain words. */
const RECORD_ROLE_LABELS: Record<string, string> = {
  groom: 'groom',
  bride: 'bride',
  father_of_groom: 'father of the groom',
  mother_of_groom: 'mother of the groom',
  father_of_bride: 'father of the bride',
  mother_of_bride: 'mother of the bride',
  witness: 'witness',
  officiant: 'officiant',
  informant: 'informant',
  deceased: 'deceased',
  sponsor: 'sponsor',
  father: 'father',
  mother: 'mother',
  head: 'head of household',
  wife: 'wife',
  husband: 'husband',
  son: 'son',
  daughter: 'daughter',
  servant: 'servant',
  boarder: 'boarder',
  testator: 'testator',
  executor: 'executor',
  next_of_kin: 'next of kin',
};
export const recordRoleLabel = (r: string) => RECORD_ROLE_LABELS[r] ?? r.replaceAll('_', ' ');

type PersonDetail = NonNullable<DocumentRecord['personDetails']>[number];

/** The record role and title extraction read for a tagged name (details are keyed by name, any case). */
export function detailFor(doc: Pick<DocumentRecord, 'personDetails'>, name: string): PersonDetail | undefined {
  const key = name.trim().toLowerCase();
  return doc.personDetails?.find((d) => d.name.trim().toLowerCase() === key);
}

// Titles written after a name ("John Colclough, Esq."); all others go before it ("Rev. Peter Greene").
const AFTER_NAME = /^(esq\.?|esquire|sr\.?|jr\.?|senior|junior|knight|kt\.?|bart\.?|baronet|m\.?d\.?|[ivx]+)$/i;

/** A name with its title where a reader expects it. */
export function nameWithTitle(name: string, title?: string): string {
  if (!title) return name;
  return AFTER_NAME.test(title.trim()) ? `${name}, ${title}` : `${title} ${name}`;
}

/** The processing step as the list and the upload panel show it. */
export function describeStep(step: DocumentRecord['processingStep']): string {
  if (!step) return 'Waiting to be processed';
  const pages = step.page && step.of && step.of > 1 ? ` (page ${step.page} of ${step.of})` : '';
  switch (step.step) {
    case 'reading':
      return 'Reading the file';
    case 'text':
      return 'Reading the text';
    case 'ocr':
      return `Recognising text${pages}`;
    case 'rendering':
      return `Preparing pages${pages}`;
    case 'thumbnail':
      return 'Making a thumbnail';
    case 'extracting':
      return 'Finding names, dates and places';
    case 'saving':
      return 'Saving';
    case 'done':
      return 'Done';
    case 'failed':
      return 'Failed';
    default:
      return 'Waiting to be processed';
  }
}

/**
 * How a tagged person reads in the list: their title beside the name, and their part in the
 * record ("father of the bride", "witness") where extraction read one, else their relation to
 * the document's main person.
 */
export function personLabel(
  doc: Pick<DocumentRecord, 'personDetails'>,
  person: { name: string; role: string },
): { name: string; role: string } {
  const detail = detailFor(doc, person.name);
  return {
    name: nameWithTitle(person.name, detail?.title),
    // A person the record only names (no tie to its subject, no part in it) is not called a relative.
    role: detail?.recordRole
      ? recordRoleLabel(detail.recordRole)
      : detail?.namedOnly && person.role === 'other_relative'
        ? 'mentioned'
        : roleLabel(person.role),
  };
}
