import { useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { getDeviceId, setDeviceTrusted } from './device';
import { isAppClientError } from './errors';
import { clearOfflineSnapshot } from './offline-snapshot';
import { STORAGE_KEYS, removeKey, writeJson } from './storage';
import { readStoredUser, type TUser } from './stored-user';
import { trpc } from './trpc';

export type { TUser } from './stored-user';

/**
 * Why a logged-in user is no longer: ended here (logout), elsewhere (PIN change, expiry,
 * revocation), or with the account itself (deleted: nothing of it is kept, not even its e-mail).
 */
export interface SessionEnd {
  reason: 'logout' | 'expired' | 'deleted';
  email: string;
}

const isUnauthorized = (error: unknown) =>
  isAppClientError(error) && error.data?.code === 'UNAUTHORIZED';

interface AuthContextValue {
  user: TUser | null;
  /** How the last session of this page ended, so the auth screen opens on the login step. */
  ended: SessionEnd | null;
  /** Stores the whole user object (login, registration, saved profile). */
  setUser: (user: TUser) => void;
  /** Ends the session on the server, then clears the stored user and the device trust. */
  logout: () => Promise<void>;
  /**
   * After the account was deleted (the server has already ended its session): forgets the user,
   * the device trust and every cached answer, with no call that would now be refused.
   */
  accountDeleted: () => void;
}

const AuthContext = createContext<AuthContextValue | null>(null);

/**
 * Holds the logged-in user, kept whole in local storage. A stored user is shown at once, then
 * confirmed with `auth.me`: when the session is gone the user is cleared and the auth screen shows.
 */
export function AuthProvider({
  children,
  initialUser,
  loggedIn,
}: {
  children: ReactNode;
  initialUser?: TUser | null;
  /**
   * A player who has just logged in on the first screen, which loads without this provider (see
   * main.tsx): taken as `setUser` takes one, its `auth.me` already in the cache (LoggedInApp).
   */
  loggedIn?: TUser;
}) {
  const [user, setUserState] = useState<TUser | null>(
    () => loggedIn ?? (initialUser === undefined ? readStoredUser() : initialUser),
  );
  const [ended, setEnded] = useState<SessionEnd | null>(null);
  const utils = trpc.useUtils();
  const queryClient = useQueryClient();
  const me = trpc.auth.me.useQuery(undefined, {
    enabled: user !== null,
    retry: false,
    staleTime: Infinity,
  });
  const checkDevice = trpc.auth.checkDevice.useMutation();
  const logoutMutation = trpc.auth.logout.useMutation();

  // Whose answers the query cache holds: another account logging in on this device must never see
  // them (its cards, « Mes matchs », unread counts), not even until the next refetch.
  const cachedFor = useRef<number | null>(user?.id ?? null);
  const clear = useCallback(() => {
    removeKey(STORAGE_KEYS.user);
    setDeviceTrusted(false);
    // The offline copy of "Mes matchs" belonged to this session.
    void clearOfflineSnapshot().catch(() => {});
    setUserState(null);
  }, []);

  const setUser = useCallback(
    (next: TUser) => {
      if (cachedFor.current !== null && cachedFor.current !== next.id) queryClient.removeQueries();
      cachedFor.current = next.id;
      writeJson(STORAGE_KEYS.user, next);
      utils.auth.me.setData(undefined, next);
      setEnded(null);
      setUserState(next);
    },
    [utils, queryClient],
  );

  // The server's answer wins over the stored copy: null means the session is gone (ended elsewhere).
  const email = user?.email ?? '';
  if (user !== null && me.data === null) {
    setUserState(null);
    setEnded({ reason: 'expired', email });
  }
  const current = user === null || me.data === undefined ? user : me.data;
  const serverUser = me.data;
  useEffect(() => {
    if (serverUser === undefined) return;
    if (serverUser === null) {
      removeKey(STORAGE_KEYS.user);
      setDeviceTrusted(false);
      void clearOfflineSnapshot().catch(() => {});
    } else {
      writeJson(STORAGE_KEYS.user, serverUser);
    }
  }, [serverUser]);
  const expire = useCallback(() => {
    clear();
    setEnded({ reason: 'expired', email });
  }, [clear, email]);

  // Any call refused for want of a session while a user is shown: it ended elsewhere.
  useEffect(() => {
    if (user === null) return;
    const onEvent = (event: { type: string; action?: { type: string; error?: unknown } }) => {
      if (
        event.type === 'updated' &&
        event.action?.type === 'error' &&
        isUnauthorized(event.action.error)
      )
        expire();
    };
    const unsubscribeQueries = queryClient.getQueryCache().subscribe(onEvent);
    const unsubscribeMutations = queryClient.getMutationCache().subscribe(onEvent);
    return () => {
      unsubscribeQueries();
      unsubscribeMutations();
    };
  }, [user, queryClient, expire]);

  // Only a user restored from storage is re-checked; a fresh login has just trusted the device.
  const restored = useRef(user !== null && !loggedIn);
  const confirmedId = me.data?.id;
  const { mutate: checkDeviceMutate } = checkDevice;
  useEffect(() => {
    if (confirmedId === undefined || !restored.current) return;
    restored.current = false;
    // A failed trust check counts as untrusted (spec section 8).
    checkDeviceMutate(
      { deviceId: getDeviceId() },
      { onSuccess: (r) => setDeviceTrusted(r.isTrusted), onError: () => setDeviceTrusted(false) },
    );
  }, [confirmedId, checkDeviceMutate]);

  const { mutateAsync: logoutAsync } = logoutMutation;
  const logout = useCallback(async () => {
    try {
      await logoutAsync({});
    } catch {
      // The local session ends even when the server cannot be reached.
    }
    clear();
    // What this session read goes with it; the logged-out screens fetch what they need again.
    queryClient.removeQueries();
    cachedFor.current = null;
    setEnded({ reason: 'logout', email });
    utils.auth.me.setData(undefined, null);
  }, [logoutAsync, clear, utils, email, queryClient]);

  const accountDeleted = useCallback(() => {
    clear();
    setEnded({ reason: 'deleted', email: '' });
    // The cached matches, profile and session belonged to the account: none may show again.
    queryClient.clear();
  }, [clear, queryClient]);

  const value = useMemo(
    () => ({ user: current, ended, setUser, logout, accountDeleted }),
    [current, ended, setUser, logout, accountDeleted],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
