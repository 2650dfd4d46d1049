import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { Layout } from './components/layout/Layout';
import { LoadErrorBoundary, Spinner } from './components/ui';
import { useAuth } from './lib/auth';
import { safeNext } from './lib/next';
// Not lazy: it is the first screen of every new player, and loading it after the shell would add a
// round trip of its own before the first paint of `/` (Lighthouse LCP).
import { AuthScreen } from './pages/AuthScreen';

const HomePage = lazy(() => import('./pages/HomePage'));
const ProfilePage = lazy(() => import('./pages/ProfilePage'));
const FindMatchPage = lazy(() => import('./pages/FindMatchPage'));
const CreateMatchPage = lazy(() => import('./pages/CreateMatchPage'));
const MyMatchesPage = lazy(() => import('./pages/MyMatchesPage'));
const AdminPage = lazy(() => import('./pages/AdminPage'));
const MatchPage = lazy(() => import('./pages/MatchPage'));

/** Logged out: only the authentication screen. Logged in: the shell around the routes of spec section 2. */
export function App() {
  const { user, ended, setUser } = useAuth();
  const { pathname, search } = useLocation();
  if (!user)
    return (
      <LoadErrorBoundary>
        <Suspense fallback={<Spinner />}>
          {/* Keyed by how the session ended: a session found gone after the screen showed reopens it on the login step. */}
          <AuthScreen key={ended?.reason ?? 'none'} onLogin={setUser} ended={ended} />
        </Suspense>
      </LoadErrorBoundary>
    );
  // After logging in from a shared link (`/?next=/matches/12`), the player lands on the match.
  const next = safeNext(search);
  if (next) return <Navigate to={next} replace />;
  return (
    <Layout>
      {/* Keyed by path: moving to another screen tries again. */}
      <LoadErrorBoundary key={pathname}>
        <Suspense fallback={<Spinner />}>
          <Routes>
            <Route path="/" element={<HomePage />} />
            <Route path="/profile" element={<ProfilePage />} />
            <Route path="/find-match" element={<FindMatchPage />} />
            <Route path="/create-match" element={<CreateMatchPage />} />
            <Route path="/my-matches" element={<MyMatchesPage />} />
            <Route path="/admin" element={<AdminPage />} />
            <Route path="/matches/:id" element={<MatchPage />} />
            <Route path="*" element={<Navigate to="/" replace />} />
          </Routes>
        </Suspense>
      </LoadErrorBoundary>
    </Layout>
  );
}
