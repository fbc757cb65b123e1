/** The documents service's calls as the pages make them, through the gateway (docs/contract.md#api). */
import {
  DOCUMENT_TOO_LARGE_MESSAGE,
  DOCUMENT_UPLOAD_LIMIT_BYTES,
  type DocumentRecord,
  type OcrLanguage,
  type OcrSettings,
} from '@gnology/contracts';
import { ApiError, api, readStoredToken } from './api';

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
