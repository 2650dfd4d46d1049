import { createTRPCClient, httpBatchLink, type TRPCClient } from '@trpc/client';
import { createContext, useContext, useState } from 'react';
import type { AppRouter } from '../../../server/trpc/root';

/**
 * The calls of the logged-out screens (registration, login, PIN reset): tRPC's plain client, the
 * same `/trpc` endpoint, batching and errors as the app's, without React Query, so that the first
 * screen a visitor waits for loads neither it nor the logged-in app.
 */
export type AuthClient = TRPCClient<AppRouter>;

let shared: AuthClient | undefined;
const defaultClient = () =>
  (shared ??= createTRPCClient<AppRouter>({
    links: [httpBatchLink({ url: '/trpc', maxItems: 20 })],
  }));

/** Another client for the screens under it (the client tests answer from fixtures). */
export const AuthClientContext = createContext<AuthClient | null>(null);

export const useAuthClient = (): AuthClient => useContext(AuthClientContext) ?? defaultClient();

/** A call and whether it is under way (a step's button shows it busy meanwhile). */
export function usePendingCall<A extends unknown[], R>(call: (...args: A) => Promise<R>) {
  const [pending, setPending] = useState(false);
  const run = async (...args: A): Promise<R> => {
    setPending(true);
    try {
      return await call(...args);
    } finally {
      setPending(false);
    }
  };
  return { run, pending };
}
