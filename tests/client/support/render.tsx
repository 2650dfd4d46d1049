/**
 * Renders client components with the real providers (tRPC, React Query, router, auth, and the
 * logged-out screens' plain tRPC client) and a tRPC link that answers from fixtures instead of a
 * server: the browser-side unit of the client.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createTRPCClient, TRPCClientError, type TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, vi } from 'vitest';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { AuthProvider, type TUser } from '../../../client/src/lib/auth';
import { AuthClientContext } from '../../../client/src/lib/auth-client';
import { trpc } from '../../../client/src/lib/trpc';
import type { AppRouter } from '../../../server/trpc/root';

/** A fixture: a value, or a function of the input returning (or throwing / rejecting) the answer. */
export type Fixture = unknown;
export type Fixtures = Record<string, Fixture>;
export interface Call {
  path: string;
  input: unknown;
}

/** An error as the tRPC server sends it: French message, tRPC code, HTTP status and the facts it attaches. */
export function serverError(
  message: string,
  code = 'BAD_REQUEST',
  httpStatus = 400,
  details: Record<string, unknown> | null = null,
) {
  return TRPCClientError.from({
    error: { code: -32600, message, data: { code, httpStatus, details } },
  });
}

/** A call that never reached the server (offline, DNS failure). */
export const networkError = () => TRPCClientError.from(new TypeError('Failed to fetch'));

function fixtureLink(fixtures: Fixtures, calls: Call[]): TRPCLink<AppRouter> {
  return () =>
    ({ op }) =>
      observable((observer) => {
        // A live stream without a fixture stays open and silent, as a server with no news does.
        if (op.type === 'subscription' && !(op.path in fixtures)) return;
        calls.push({ path: op.path, input: op.input });
        const fixture = fixtures[op.path];
        Promise.resolve()
          .then(() => {
            if (!(op.path in fixtures))
              throw serverError(`No fixture for ${op.path}`, 'NOT_FOUND', 404);
            return typeof fixture === 'function'
              ? (fixture as (input: unknown) => unknown)(op.input)
              : fixture;
          })
          .then(
            (data) => {
              observer.next({ result: { type: 'data', data } });
              observer.complete();
            },
            (error: unknown) =>
              observer.error(
                error instanceof TRPCClientError
                  ? (error as TRPCClientError<AppRouter>)
                  : TRPCClientError.from(error as Error),
              ),
          );
      });
}

export const testUser = (overrides: Partial<TUser> = {}): TUser => ({
  id: 7,
  name: 'Camille Martin',
  email: 'camille@example.fr',
  phone: '+33612345678',
  level: 'Niveau 3',
  is_admin: false,
  photo: null,
  created_at: '2026-01-10T09:00:00.000Z',
  ...overrides,
});

export interface RenderOptions {
  fixtures?: Fixtures;
  route?: string;
  /** The logged-in user; `null` (default) for a logged-out visitor; `'stored'` reads local storage. */
  user?: TUser | null | 'stored';
}

export function renderWithProviders(
  ui: ReactElement,
  { fixtures = {}, route = '/', user = null }: RenderOptions = {},
) {
  const calls: Call[] = [];
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
  const link = fixtureLink(
    {
      'auth.me': user === 'stored' ? null : user,
      'auth.checkDevice': { isTrusted: true },
      'auth.logout': { success: true },
      ...fixtures,
    },
    calls,
  );
  const client = trpc.createClient({ links: [link] });
  const authClient = createTRPCClient<AppRouter>({ links: [link] });
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <trpc.Provider client={client} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <AuthClientContext.Provider value={authClient}>
          <MemoryRouter initialEntries={[route]}>
            <AuthProvider initialUser={user === 'stored' ? undefined : user}>
              {children}
            </AuthProvider>
          </MemoryRouter>
        </AuthClientContext.Provider>
      </QueryClientProvider>
    </trpc.Provider>
  );
  return { ...render(ui, { wrapper: Wrapper }), calls, queryClient };
}

/** An error notice naming `reason` stays (10 s of fake time) until its close button is pressed. Needs fake timers. */
export async function expectAlertKeptUntilDismissed(reason: string) {
  expect(await screen.findByRole('alert')).toHaveTextContent(reason);
  await vi.advanceTimersByTimeAsync(10_000);
  expect(screen.getByRole('alert')).toHaveTextContent(reason);
  await userEvent.click(screen.getByRole('button', { name: 'Fermer le message' }));
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
}
