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
}

export async function api<T>(path: string, opts: ApiOptions = {}): Promise<T> {
  const headers: Record<string, string> = {};
  const token = opts.anonymous ? null : readStoredToken();
  if (token) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData) body = opts.body;
  else if (opts.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  let res: Response;
  try {
    res = await fetch(path, { method: opts.method ?? (body ? 'POST' : 'GET'), headers, body, signal: opts.signal });
  } catch (e) {
    if ((e as Error).name === 'AbortError') throw e;
    throw new ApiError(0, 'Network error');
  }
  const text = await res.text();
  let data: Record<string, unknown> = {};
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = { error: text };
    }
  }
  if (!res.ok) {
    if (res.status === 401 && token && !opts.anonymous) onUnauthorized?.();
    const message = String(data.error ?? data.message ?? `Request failed (${res.status})`);
    throw new ApiError(res.status, message, data);
  }
  return data as T;
}
