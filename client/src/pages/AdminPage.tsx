import { lazy, Suspense, useEffect, useRef, type KeyboardEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { MSG } from '../../../common/messages';
import { useAuth } from '../lib/auth';
import { ApiTab } from './admin/ApiTab';
import { AuditTab } from './admin/AuditTab';
import { LevelsTab } from './admin/LevelsTab';
import { NotificationsTab } from './admin/NotificationsTab';
import { PlacesTab } from './admin/PlacesTab';
import { SettingsTab } from './admin/SettingsTab';
import { SmtpTab } from './admin/SmtpTab';
import { TwilioTab } from './admin/TwilioTab';
import { UsersTab } from './admin/UsersTab';
import { ResultsTab } from './admin/ResultsTab';
import { Spinner } from '../components/ui';
import './admin/admin.css';
import '../components/results/results.css';

// The dashboard brings the chart library (uPlot): its own chunk, fetched when the tab opens.
const LazyDashboard = lazy(() => import('./admin/dashboard/DashboardTab'));
function DashboardTab() {
  return (
    <Suspense fallback={<Spinner label="Chargement du tableau de bord..." showLabel />}>
      <LazyDashboard />
    </Suspense>
  );
}

const TABS = [
  { id: 'tableau-de-bord', label: 'Tableau de bord', Panel: DashboardTab },
  { id: 'lieux', label: 'Lieux', Panel: PlacesTab },
  { id: 'niveaux', label: 'Niveaux', Panel: LevelsTab },
  { id: 'twilio', label: 'Twilio (SMS)', Panel: TwilioTab },
  { id: 'smtp', label: 'SMTP', Panel: SmtpTab },
  { id: 'utilisateurs', label: 'Utilisateurs', Panel: UsersTab },
  { id: 'parametres', label: 'Paramètres', Panel: SettingsTab },
  { id: 'historique', label: 'Historique', Panel: AuditTab },
  { id: 'resultats', label: 'Résultats', Panel: ResultsTab },
  { id: 'notifications', label: 'Notifications', Panel: NotificationsTab },
  { id: 'api', label: 'API', Panel: ApiTab },
] as const;

type TabId = (typeof TABS)[number]['id'];

function AccessDenied() {
  return (
    <div className="page admin-page">
      <section className="card admin-denied" aria-labelledby="admin-denied-title">
        <svg
          className="admin-denied-icon"
          viewBox="0 0 24 24"
          width="48"
          height="48"
          aria-hidden="true"
          focusable="false"
        >
          <path
            d="M6 10h12a1 1 0 0 1 1 1v9a1 1 0 0 1-1 1H6a1 1 0 0 1-1-1v-9a1 1 0 0 1 1-1zM8 10V7a4 4 0 1 1 8 0v3M12 14v3"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        <h1 className="page-title" id="admin-denied-title">
          {MSG.admin.accessDenied}
        </h1>
        <p>Cette page est réservée aux administrateurs.</p>
        <Link className="btn btn-primary" to="/">
          Retour à l&apos;accueil
        </Link>
      </section>
    </div>
  );
}

/** Administration (spec section 2): the dashboard, six tabs, the history of admin actions and the notices; 'Accès refusé' for players. */
export default function AdminPage() {
  const { user } = useAuth();
  const [params, setParams] = useSearchParams();
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const requested = params.get('onglet');
  const current: TabId = TABS.find((t) => t.id === requested)?.id ?? 'tableau-de-bord';
  const index = TABS.findIndex((t) => t.id === current);
  // On a phone the tab strip scrolls sideways: keep the open tab in view.
  useEffect(() => {
    tabRefs.current[index]?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [index]);
  if (!user?.is_admin) return <AccessDenied />;
  const select = (id: TabId) => setParams({ onglet: id }, { replace: true });

  const onKeyDown = (event: KeyboardEvent) => {
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: TABS.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = (target + TABS.length) % TABS.length;
    const tab = TABS[next];
    if (!tab) return;
    select(tab.id);
    tabRefs.current[next]?.focus();
  };

  const active = TABS[index] ?? TABS[0];
  const { Panel } = active;
  return (
    <div className="page admin-page">
      <h1 className="page-title">Administration</h1>
      <div
        className="admin-tabs"
        role="tablist"
        aria-label="Sections de l'administration"
        onKeyDown={onKeyDown}
      >
        {TABS.map((tab, i) => (
          <button
            key={tab.id}
            ref={(node) => {
              tabRefs.current[i] = node;
            }}
            type="button"
            role="tab"
            id={`admin-tab-${tab.id}`}
            aria-selected={tab.id === current}
            aria-controls={`admin-panel-${tab.id}`}
            tabIndex={tab.id === current ? 0 : -1}
            className="admin-tab"
            onClick={() => select(tab.id)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <section
        className="admin-panel"
        role="tabpanel"
        id={`admin-panel-${active.id}`}
        aria-labelledby={`admin-tab-${active.id}`}
      >
        <Panel key={active.id} />
      </section>
    </div>
  );
}
