import './lib/zod-csp';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { httpBatchLink, httpSubscriptionLink, loggerLink, splitLink } from '@trpc/client';
import { getQueryKey } from '@trpc/react-query';
import { useState } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { App } from './App';
import { AuthProvider, type TUser } from './lib/auth';
import { trpc } from './lib/trpc';

/**
 * The app of a known player, with tRPC, React Query and the router: loaded once a user is stored
 * or has just logged in (`loggedIn`), never before the login form (main.tsx). It stays mounted
 * after a logout, when App shows the authentication screen again.
 */
export default function LoggedInApp({ loggedIn }: { loggedIn?: TUser }) {
  const [queryClient] = useState(() => {
    const client = new QueryClient({
      defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
    });
    // As AuthProvider's setUser leaves it after a login: the session's user, not asked for again.
    if (loggedIn) client.setQueryData(getQueryKey(trpc.auth.me, undefined, 'query'), loggedIn);
    return client;
  });
  const [trpcClient] = useState(() =>
    trpc.createClient({
      links: [
        ...(import.meta.env.DEV ? [loggerLink()] : []),
        // Live updates (matches.onChange, onListChange) arrive over Server-Sent Events.
        splitLink({
          condition: (op) => op.type === 'subscription',
          true: httpSubscriptionLink({ url: '/trpc' }),
          false: httpBatchLink({ url: '/trpc', maxItems: 20 }),
        }),
      ],
    }),
  );
  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <AuthProvider loggedIn={loggedIn}>
            <App />
          </AuthProvider>
        </BrowserRouter>
      </QueryClientProvider>
    </trpc.Provider>
  );
}
