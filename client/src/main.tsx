import './lib/zod-csp';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { httpBatchLink, httpSubscriptionLink, loggerLink, splitLink } from '@trpc/client';
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './App';
import { UpdatePrompt } from './components/pwa/UpdatePrompt';
import { AuthProvider } from './lib/auth';
import { listenForInstallPrompt, registerServiceWorker } from './lib/pwa';
import { trpc } from './lib/trpc';
import './styles/index.css';

function Root() {
  const [queryClient] = useState(
    () =>
      new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } }),
  );
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
          <AuthProvider>
            <App />
          </AuthProvider>
          <UpdatePrompt />
        </BrowserRouter>
      </QueryClientProvider>
    </trpc.Provider>
  );
}

// Before React renders: the browser's install offer may come first.
listenForInstallPrompt();
if (import.meta.env.PROD) registerServiceWorker();

const container = document.getElementById('root');
if (container)
  createRoot(container).render(
    <StrictMode>
      <Root />
    </StrictMode>,
  );
