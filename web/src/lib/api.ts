/**
 * The one HTTP client of the web app. Every call goes to the same origin (the gateway);
 * a bearer token is attached when there is one, and a 401 tells the session to sign out.
 */
export const TOKEN_KEY = 'token';
const LEGACY_TOKEN_KEY = 'authToken';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * True once the page has started to unload. Requests still in flight then fail as network
 * errors; they say nothing about the session and must not sign the user out (for example the
 * session check that is cut off when registration hands over to checkout).
 */
let leaving = false;
if (typeof window !== 'undefined') {
  window.addEventListener('beforeunload', () => {
    leaving = true;
  });
  window.addEventListener('pagehide', () => {
    leaving = true;
  });
  window.addEventListener('pageshow', () => {
    leaving = false;
  });
}
export function isLeavingPage(): boolean {
  return leaving;
}

type Unauthorized = () => void;
let onUnauthorized: Unauthorized | undefined;
export function setUnauthorizedHandler(fn: Unauthorized | undefined) {
  onUnauthorized = fn;
}

/** `token` is the one storage key; a legacy `authToken` is moved into it once. */
export function readStoredToken(): string | null {
  const legacy = localStorage.getItem(LEGACY_TOKEN_KEY);
  if (legacy) {
    if (!localStorage.getItem(TOKEN_KEY)) localStorage.setItem(TOKEN_KEY, legacy);
    localStorage.removeItem(LEGACY_TOKEN_KEY);
  }
  return localStorage.getItem(TOKEN_KEY);
}

export interface ApiOptions {
  method?: string;
  body?: unknown;
  signal?: AbortSignal;
  /** Skip the automatic sign-out on 401 (login, registration). */
  anonymous?: boolean;
  /** Extra request headers (e.g. `Prefer: respond-async`). */
  headers?: Record<string, string>;
}

async function send(path: string, opts: ApiOptions): Promise<{ res: Response; token: string | null }> {
  const headers: Record<string, string> = { ...opts.headers };
  const token = opts.anonymous ? null : readStoredToken();
  if (token) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData) body = opts.body;
  else if (opts.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  try {
    const res = await fetch(path, {
      method: opts.method ?? (body ? 'POST' : 'GET'),
      headers,
      body,
      signal: opts.signal,
    });
    return { res, token };
  } catch (e) {
    if ((e as Error).name === 'AbortError') throw e;
    throw new ApiError(0, 'Network error');
  }
}

function parseBody(text: string): Record<string, unknown> {
  if (!text) return {};
  try {
    return JSON.parse(text);
  } catch {
    return { error: text };
  }
}

function failure(res: Response, data: Record<string, unknown>, token: string | null, opts: ApiOptions): ApiError {
  if (res.status === 401 && token && !opts.anonymous) onUnauthorized?.();
  const message = String(data.error ?? data.message ?? `Request failed (${res.status})`);
  return new ApiError(res.status, message, data);
}

export async function api<T>(path: string, opts: ApiOptions = {}): Promise<T> {
  const { res, token } = await send(path, opts);
  const data = parseBody(await res.text());
  if (!res.ok) throw failure(res, data, token, opts);
  return data as T;
}

/** A file answer (a PDF) read as a Blob, with the same bearer header and error handling as `api`. */
export async function apiBlob(path: string, opts: ApiOptions = {}): Promise<Blob> {
  const { res, token } = await send(path, opts);
  if (!res.ok) throw failure(res, parseBody(await res.text()), token, opts);
  return res.blob();
}

/** Saves a Blob under a file name through a temporary object URL (the browser's download). */
export function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  // Revoked later: some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
