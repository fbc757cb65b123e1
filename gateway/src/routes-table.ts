import {
  DOCUMENT_TOO_LARGE_MESSAGE,
  DOCUMENT_UPLOAD_BODY_LIMIT_BYTES,
  GEDCOM_TOO_LARGE_MESSAGE,
  GEDCOM_UPLOAD_LIMIT_BYTES,
} from '@gnology/contracts';
import type { GatewayConfig } from './config';

export type Upstream = 'auth' | 'conversation' | 'research' | 'documents' | 'album' | 'billing';

/** The one area with a hook of its own (routes/proxy.ts registers it in that area's scope). */
export const PASSWORD_CHANGE_PATH = '/api/users/change-password';

/** Every /api path (docs/contract.md#api), by the service that owns it. Order matters: most specific first. */
export const ROUTES: { prefix: string; upstream: Upstream }[] = [
  { prefix: '/api/auth', upstream: 'auth' },
  { prefix: PASSWORD_CHANGE_PATH, upstream: 'auth' },
  { prefix: '/api/users/token-usage', upstream: 'billing' },
  { prefix: '/api/billing', upstream: 'billing' },
  { prefix: '/api/conversations', upstream: 'conversation' },
  { prefix: '/api/research', upstream: 'research' },
  // The family history book (issue 33) is compiled by the research worker beside Gene's chapters.
  { prefix: '/api/books', upstream: 'research' },
  { prefix: '/api/documents', upstream: 'documents' },
  { prefix: '/api/journal', upstream: 'documents' },
  { prefix: '/api/resources', upstream: 'documents' },
  // The people index lives beside the extracted entities it is built from (decision 0185).
  { prefix: '/api/people', upstream: 'documents' },
  { prefix: '/api/albums', upstream: 'album' },
];

export function upstreamUrls(config: GatewayConfig): Record<Upstream, string> {
  return {
    auth: config.AUTH_URL,
    conversation: config.CONVERSATION_URL,
    research: config.RESEARCH_URL,
    documents: config.DOCUMENTS_URL,
    album: config.ALBUM_URL,
    billing: config.BILLING_URL,
  };
}

/** The sign-in endpoints: public, and limited much more strictly per IP. */
const SIGN_IN_PATH = /^\/api\/auth\/(register|login|verify-phone|resend-verification)$/;

/**
 * The documents service's file URLs: a document's image and thumbnail, a page's image and its word
 * boxes (laid over the image by the viewer). The one pattern of them: public while they carry no
 * session header (below), and what a personal access token may read (clients/access-tokens.ts).
 */
const FILE_PATH = /^\/api\/documents\/[^/]+\/(view|thumbnail|page\/\d+|pages\/\d+\/words)$/;

/** A documents service file URL (see FILE_PATH). */
export function isFilePath(path: string): boolean {
  return FILE_PATH.test(path);
}

/**
 * Paths that take no session token at the gateway. The file URLs carry a scoped view token in the
 * query string, which the documents service checks itself; when they carry a session token in the
 * Authorization header instead, the gateway checks it like any other (hot-path/session-check.ts).
 */
const PUBLIC = [
  /^\/api\/docs$/,
  SIGN_IN_PATH,
  /^\/api\/auth\/\.well-known\/jwks\.json$/,
  /^\/api\/billing\/(plans|webhook)$/,
  /^\/api\/resources\/gnology-journal\.pdf$/,
  FILE_PATH,
];

export function isPublicPath(path: string): boolean {
  return PUBLIC.some((re) => re.test(path));
}

/** Sign-in endpoints get a much stricter per-IP limit (credential stuffing, SMS pumping). */
export function isStrictPath(path: string): boolean {
  return SIGN_IN_PATH.test(path);
}

export const UPLOAD_PATH = '/api/documents/upload';
/** The upload's limit and message have one home (shared/contracts), shared with the web and the documents service. */
export const UPLOAD_LIMIT = DOCUMENT_UPLOAD_BODY_LIMIT_BYTES;
export const BODY_LIMIT = 1024 * 1024;
export const UPLOAD_TOO_LARGE = DOCUMENT_TOO_LARGE_MESSAGE;
/** The GEDCOM import (issue 32): a family tree is a file too, often over the 1 MB API limit. */
export const GEDCOM_IMPORT_PATH = '/api/people/import';

/**
 * The paths whose body is a file: streamed on from its first bytes (not read whole), on the
 * uploads' own connection pool, each with its limit (multipart framing included) and message.
 */
const UPLOADS: Record<string, { limit: number; message: string }> = {
  [UPLOAD_PATH]: { limit: DOCUMENT_UPLOAD_BODY_LIMIT_BYTES, message: DOCUMENT_TOO_LARGE_MESSAGE },
  [GEDCOM_IMPORT_PATH]: { limit: GEDCOM_UPLOAD_LIMIT_BYTES + 64 * 1024, message: GEDCOM_TOO_LARGE_MESSAGE },
};

/** The upload a path takes, or undefined for an ordinary API path (1 MB, read whole). */
export function uploadOf(path: string): { limit: number; message: string } | undefined {
  return Object.hasOwn(UPLOADS, path) ? UPLOADS[path] : undefined;
}

/** The request's path without its query string. */
export function pathOf(req: { url: string }): string {
  const q = req.url.indexOf('?');
  return q === -1 ? req.url : req.url.slice(0, q);
}
