import { lazy, StrictMode, Suspense, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { UpdatePrompt } from './components/pwa/UpdatePrompt';
import { LoadErrorBoundary } from './components/ui/LoadErrorBoundary';
import { Spinner } from './components/ui/Spinner';
import { listenForInstallPrompt, registerServiceWorker } from './lib/pwa';
import { STORAGE_KEYS, writeJson } from './lib/storage';
import { readStoredUser, type TUser } from './lib/stored-user';
import './styles/index.css';

// The login path stays light: a visitor nobody knows yet waits only for React and the
// authentication screen (plain tRPC client, plain form checks). The app itself (tRPC with React
// Query, zod, the form library, the router) loads once a player is stored or has logged in.
// Components come by file, not through components/ui's index (see there).
const AuthScreen = lazy(() =>
  import('./pages/AuthScreen').then((m) => ({ default: m.AuthScreen })),
);
const LoggedInApp = lazy(() => import('./LoggedInApp'));

/** A stored player goes straight to the app; anyone else to the authentication screen, then the app. */
function Root() {
  const [known] = useState(() => readStoredUser() !== null);
  const [loggedIn, setLoggedIn] = useState<TUser | null>(null);
  const login = (user: TUser) => {
    writeJson(STORAGE_KEYS.user, user);
    setLoggedIn(user);
  };
  return (
    <>
      <LoadErrorBoundary>
        <Suspense fallback={<Spinner />}>
          {known || loggedIn ? (
            <LoggedInApp loggedIn={loggedIn ?? undefined} />
          ) : (
            <AuthScreen onLogin={login} />
          )}
        </Suspense>
      </LoadErrorBoundary>
      <UpdatePrompt />
    </>
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
