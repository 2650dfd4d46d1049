import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { Layout } from './components/layout/Layout';
import { LoadErrorBoundary, Spinner } from './components/ui';
import { useAuth } from './lib/auth';
import { safeNext } from './lib/next';

// Lazy, although it is a new player's first screen: in the entry bundle it brought zod and the form
// library with it, +45 KB gzip of initial JS for every player (over the 130 KB budget), for about
// 0.8 s of simulated LCP on `/` (bench/results/2026-11-25.json).
const AuthScreen = lazy(() =>
  import('./pages/AuthScreen').then((m) => ({ default: m.AuthScreen })),
);
const HomePage = lazy(() => import('./pages/HomePage'));
const ProfilePage = lazy(() => import('./pages/ProfilePage'));
const FindMatchPage = lazy(() => import('./pages/FindMatchPage'));
const CreateMatchPage = lazy(() => import('./pages/CreateMatchPage'));
const MyMatchesPage = lazy(() => import('./pages/MyMatchesPage'));
const AdminPage = lazy(() => import('./pages/AdminPage'));
const MatchPage = lazy(() => import('./pages/MatchPage'));
const GroupsPage = lazy(() => import('./pages/GroupsPage'));
const GroupPage = lazy(() => import('./pages/GroupPage'));
const JoinGroupPage = lazy(() => import('./pages/JoinGroupPage'));
const PollPage = lazy(() => import('./pages/PollPage'));
const PlayerProfilePage = lazy(() => import('./pages/PlayerProfilePage'));
const HelpPage = lazy(() => import('./pages/HelpPage'));
const EveningPage = lazy(() => import('./pages/EveningPage'));
const WantsPage = lazy(() => import('./pages/WantsPage'));

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
            <Route path="/groups" element={<GroupsPage />} />
            <Route path="/groups/:id" element={<GroupPage />} />
            <Route path="/g/:token" element={<JoinGroupPage />} />
            <Route path="/polls/:id" element={<PollPage />} />
            <Route path="/soirees/:id" element={<EveningPage />} />
            <Route path="/alertes" element={<WantsPage />} />
            <Route path="/joueurs/:id" element={<PlayerProfilePage />} />
            <Route path="/aide" element={<HelpPage />} />
            <Route path="*" element={<Navigate to="/" replace />} />
          </Routes>
        </Suspense>
      </LoadErrorBoundary>
    </Layout>
  );
}
