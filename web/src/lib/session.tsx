import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { ApiError, api, isLeavingPage, readStoredToken, setUnauthorizedHandler, TOKEN_KEY } from './api';

/** The signed-in user as GET /api/auth/me answers (docs/contract.md#entities). */
export interface SessionUser {
  id: string;
  email: string;
  name: string | null;
  /** `trialNotice`: why the account has no trial tokens (its phone number already had a free trial). */
  subscription: { plan: string; trialNotice?: string };
  isTestUser: boolean;
  phoneVerified: boolean;
}

export const SESSION_EXPIRED = 'Session expired. Please log in again.';
/** Where the registration's verification step finds the account it verifies (docs/contract.md#entities). */
export const PENDING_EMAIL_KEY = 'pendingVerificationEmail';

export interface Session {
  user: SessionUser | null;
  token: string | null;
  /** True while a stored token is being checked at start. */
  loading: boolean;
  /** Token and user both present and loading over (docs/contract.md#screen-states). */
  signedIn: boolean;
  /** A message for the login page, e.g. after a 401 signed the user out. */
  notice: string | null;
  clearNotice(): void;
  /** The user just pressed Logout: the guarded page being left goes to /, not /login. */
  loggedOut: boolean;
  /** Called once / is shown after a logout; from then on guarded pages go to /login again. */
  settleLogout(): void;
  /** Signs in; throws ApiError with the server's message on failure. */
  login(email: string, password: string): Promise<SessionUser>;
  /** Stores a token the server issued (registration, verification, password change). */
  acceptToken(token: string, user?: SessionUser): Promise<SessionUser | null>;
  /** Re-reads the user (plan changes arrive from billing). */
  refreshUser(): Promise<void>;
  logout(): void;
  /** A call answered 401: sign out with "Session expired. Please log in again." for the login page. */
  expire(): void;
}

const SessionContext = createContext<Session | null>(null);

/**
 * The session of docs/contract.md#screen-states: a stored token is validated by fetching the user; a bad
 * token or a network failure clears it. `token` is the one storage key (a legacy `authToken`
 * is moved into it by readStoredToken). Any 401 from any call signs the user out with
 * "Session expired. Please log in again.", which the login page shows.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [token, setToken] = useState<string | null>(() => readStoredToken());
  const [user, setUser] = useState<SessionUser | null>(null);
  const [loading, setLoading] = useState<boolean>(() => token !== null);
  const [notice, setNotice] = useState<string | null>(null);
  const [loggedOut, setLoggedOut] = useState(false);
  const generation = useRef(0);

  const clear = useCallback(() => {
    generation.current += 1;
    localStorage.removeItem(TOKEN_KEY);
    setToken(null);
    setUser(null);
    setLoading(false);
  }, []);

  const validate = useCallback(
    async (candidate: string): Promise<SessionUser | null> => {
      const mine = ++generation.current;
      try {
        const me = await api<SessionUser>('/api/auth/me');
        if (mine !== generation.current) return null;
        setToken(candidate);
        setUser(me);
        return me;
      } catch (e) {
        if (mine !== generation.current || isLeavingPage()) return null;
        if (e instanceof ApiError && e.status === 401) setNotice(SESSION_EXPIRED);
        clear();
        return null;
      } finally {
        if (mine === generation.current) setLoading(false);
      }
    },
    [clear],
  );

  useEffect(() => {
    setUnauthorizedHandler(() => {
      setNotice(SESSION_EXPIRED);
      clear();
    });
    const stored = readStoredToken();
    if (stored) void validate(stored);
    return () => setUnauthorizedHandler(undefined);
  }, [clear, validate]);

  // Another tab signed in or out: follow it.
  useEffect(() => {
    const onStorage = (e: StorageEvent) => {
      if (e.key !== TOKEN_KEY) return;
      if (!e.newValue) clear();
      else if (e.newValue !== token) void validate(e.newValue);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [clear, validate, token]);

  const acceptToken = useCallback(
    async (next: string, knownUser?: SessionUser) => {
      localStorage.setItem(TOKEN_KEY, next);
      setNotice(null);
      setLoggedOut(false);
      if (knownUser) {
        generation.current += 1;
        setToken(next);
        setUser(knownUser);
        setLoading(false);
        return knownUser;
      }
      setLoading(true);
      return validate(next);
    },
    [validate],
  );

  const login = useCallback(
    async (email: string, password: string) => {
      const res = await api<{ token: string; user: SessionUser }>('/api/auth/login', {
        body: { email, password },
        anonymous: true,
      });
      await acceptToken(res.token, res.user);
      return res.user;
    },
    [acceptToken],
  );

  const refreshUser = useCallback(async () => {
    const current = readStoredToken();
    if (current) await validate(current);
  }, [validate]);

  const value = useMemo<Session>(
    () => ({
      user,
      token,
      loading,
      signedIn: Boolean(token && user && !loading),
      notice,
      clearNotice: () => setNotice(null),
      loggedOut,
      settleLogout: () => setLoggedOut(false),
      login,
      acceptToken,
      refreshUser,
      logout: () => {
        setNotice(null);
        setLoggedOut(true);
        clear();
      },
      expire: () => {
        setNotice(SESSION_EXPIRED);
        clear();
      },
    }),
    [user, token, loading, notice, loggedOut, login, acceptToken, refreshUser, clear],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const s = useContext(SessionContext);
  if (!s) throw new Error('useSession must be used inside <SessionProvider>');
  return s;
}

/** The greeting's name: the user's name, or their e-mail when they have none (docs/contract.md#screens). */
export function displayName(user: Pick<SessionUser, 'name' | 'email'>): string {
  return user.name?.trim() || user.email;
}
