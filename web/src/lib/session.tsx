import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { SessionUser } from '@shop/contracts';
import { ApiError, onUnauthorized } from './api-client';
import { getSession } from './get-session';
import { toSessionUser } from './session-user';
import { requestServerSignOut, sendPendingSignOut } from './sign-out';

/** Spec section 3: the signed-in user is kept in the browser under this key, as JSON. */
export const SESSION_STORAGE_KEY = 'user';

type SessionContextValue = {
  user: SessionUser | null;
  /** True until the stored user has been read at startup. */
  isLoading: boolean;
  login: (user: SessionUser) => void;
  /** Ends the session in this browser only (the server already has: a 401, say). */
  logout: () => void;
  /**
   * Sign Out: this browser at once, online or not; the server as soon as it can be reached (before
   * any session is restored or signed in), so its cookie cannot bring the previous user back.
   */
  signOut: () => void;
};

/** Answers to GET /api/session meaning "no such session (or user) any more". */
const SESSION_GONE = new Set([401, 403, 404]);

const SessionContext = createContext<SessionContextValue | null>(null);

function readStoredUser(): SessionUser | null {
  const raw = window.localStorage.getItem(SESSION_STORAGE_KEY);
  if (raw === null) return null;
  try {
    const parsed = toSessionUser(JSON.parse(raw));
    if (parsed) return parsed;
  } catch {
    // fall through: unparseable
  }
  window.localStorage.removeItem(SESSION_STORAGE_KEY);
  return null;
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [user, setUser] = useState<SessionUser | null>(null);
  const [isLoading, setIsLoading] = useState(true);

  // Spec section 4 reads the stored user at start-up; we also ask the server whether it still knows
  // that session, so a stale stored user never reaches the shell. A sign-out still owed to the server
  // (made offline) is sent first: the cookie it ends must not answer for anyone.
  useEffect(() => {
    const stored = readStoredUser();
    if (!stored) {
      setIsLoading(false);
      void sendPendingSignOut().catch(() => undefined);
      return;
    }
    const controller = new AbortController();
    sendPendingSignOut()
      .then(() => getSession(controller.signal))
      .then((confirmed) => {
        if (controller.signal.aborted) return;
        // The server's answer wins (a renamed user, say); the stored copy follows it.
        window.localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(confirmed));
        setUser(confirmed);
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && SESSION_GONE.has(error.status)) {
          window.localStorage.removeItem(SESSION_STORAGE_KEY);
          setUser(null);
        } else {
          // Server unreachable or confused: keep the stored user; its next call settles the session.
          setUser(stored);
        }
      })
      .finally(() => {
        if (!controller.signal.aborted) setIsLoading(false);
      });
    return () => controller.abort();
  }, []);

  // A sign-out made offline reaches the server the moment the connection returns.
  useEffect(() => {
    const send = () => void sendPendingSignOut().catch(() => undefined);
    window.addEventListener('online', send);
    return () => window.removeEventListener('online', send);
  }, []);

  const login = useCallback((next: SessionUser) => {
    window.localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(next));
    setUser(next);
  }, []);

  const logout = useCallback(() => {
    window.localStorage.removeItem(SESSION_STORAGE_KEY);
    setUser(null);
  }, []);

  const signOut = useCallback(() => {
    void requestServerSignOut();
    logout();
  }, [logout]);

  useEffect(() => onUnauthorized(logout), [logout]);

  // Signed out in another tab of this browser (a shared till): this one follows at once.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === SESSION_STORAGE_KEY && event.newValue === null) setUser(null);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  // Once nobody is signed in (and the signed-in screens have unmounted), drop every cached answer
  // so the next person to sign in never sees the previous one's data or permissions.
  useEffect(() => {
    if (!user) queryClient.clear();
  }, [user, queryClient]);

  const value = useMemo(() => ({ user, isLoading, login, logout, signOut }), [user, isLoading, login, logout, signOut]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionContextValue {
  const context = useContext(SessionContext);
  if (!context) throw new Error('useSession must be used within a SessionProvider');
  return context;
}

/** A user who is certainly signed in: for screens rendered only inside the signed-in shell. */
export function useSignedInUser(): SessionUser {
  const { user } = useSession();
  if (!user) throw new Error('useSignedInUser needs a signed-in user');
  return user;
}

export const ROLE_LABELS: Record<SessionUser['role'], string> = {
  manager: 'Manager',
  assistant: 'Sales Assistant',
};
