import { useMemo, useState } from 'react';
import { DASHBOARD_MSG } from '../../../../../common/dashboard-messages';
import { MSG } from '../../../../../common/messages';
import type { TDashboard } from '../../../../../common/schemas/dashboard';
import { Field, Loaded } from '../../../components/ui';
import { trpc } from '../../../lib/trpc';
import { Figure } from './Figure';
import { LineChart } from './LineChart';
import { WEEKDAYS } from '../../../../../common/weekdays';
import { CHANNELS, DAYS, fmtDuration, fmtNumber, fmtPercent, fmtWeek } from './format';
import './dashboard.css';

/** Colours of the design tokens, each ≥ 3:1 against white (WCAG non-text contrast). */
const BLUE = '#1d4ed8';
const GREEN = '#047857';
const ORANGE = '#b45309';
const PURPLE = '#6d28d9';

/**
 * « Tableau de bord », the first admin tab: how matches fill, where and when they are played, who
 * plays and which notices fail, over a period and a place the admin picks. Loaded lazily with the
 * chart library, so neither weighs on the players' screens.
 */
export default function DashboardTab() {
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [place, setPlace] = useState('');
  const places = trpc.admin.places.list.useQuery();
  const reversed = from !== '' && to !== '' && from > to;
  const input = {
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
    ...(place ? { place_id: Number(place) } : {}),
  };
  const query = trpc.admin.dashboard.get.useQuery(input, { enabled: !reversed });
  return (
    <div className="admin-tab-body">
      {/* PanelHead's markup, not the component: importing from the AdminPage chunk would add a
          namespace helper to the players' initial JS (the bundler's cross-chunk glue). */}
      <div className="admin-panel-head">
        <div>
          <h2 className="admin-panel-title">Tableau de bord</h2>
          <p className="admin-panel-lead">
            Comment l’application vit : matchs, joueurs et notifications. Par défaut, les 12
            dernières semaines.
          </p>
        </div>
      </div>
      <form
        className="card dash-filters"
        aria-label="Filtres du tableau de bord"
        onSubmit={(e) => e.preventDefault()}
      >
        <Field label="Du" id="dash-from">
          <input
            id="dash-from"
            className="input"
            type="date"
            value={from}
            onChange={(e) => setFrom(e.target.value)}
          />
        </Field>
        <Field label="Au" id="dash-to">
          <input
            id="dash-to"
            className="input"
            type="date"
            value={to}
            onChange={(e) => setTo(e.target.value)}
          />
        </Field>
        <Field label="Lieu" id="dash-place">
          <select
            id="dash-place"
            className="input"
            value={place}
            onChange={(e) => setPlace(e.target.value)}
          >
            <option value="">Tous les lieux</option>
            {(places.data ?? []).map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </Field>
      </form>
      {reversed ? (
        <p className="dash-error" role="alert">
          {DASHBOARD_MSG.rangeOrder}
        </p>
      ) : (
        <Loaded
          query={query}
          loadingLabel="Calcul du tableau de bord..."
          errorFallback={MSG.admin.configLoadFailed}
        >
          {(d) => <DashboardBody d={d} />}
        </Loaded>
      )}
    </div>
  );
}

function DashboardBody({ d }: { d: TDashboard }) {
  const range = `${d.from}_${d.to}${d.place_id ? `_lieu-${d.place_id}` : ''}`;
  const labels = useMemo(() => d.weeks.map((w) => fmtWeek(w.week)), [d.weeks]);
  const matchSeries = useMemo(
    () => [
      { label: 'Créés', values: d.weeks.map((w) => w.created), color: BLUE },
      { label: 'Complets', values: d.weeks.map((w) => w.filled), color: GREEN },
    ],
    [d.weeks],
  );
  const playerSeries = useMemo(
    () => [
      { label: 'Joueurs actifs', values: d.weeks.map((w) => w.active_players), color: PURPLE },
      { label: 'Inscriptions', values: d.weeks.map((w) => w.signups), color: ORANGE },
    ],
    [d.weeks],
  );
  const kpis = [
    ['Matchs créés', fmtNumber(d.totals.created)],
    ['Matchs complets', fmtNumber(d.totals.filled)],
    ['Taux de remplissage', fmtPercent(d.totals.fill_rate)],
    ['Délai médian pour être complet', fmtDuration(d.totals.median_fill_seconds)],
    ['Inscriptions', fmtNumber(d.totals.signups)],
  ] as const;
  const hours = [...new Set(d.heatmap.map((c) => c.hour))].sort((a, b) => a - b);
  const heat = (dow: number, hour: number) =>
    d.heatmap.find((c) => c.dow === dow && c.hour === hour)?.matches ?? 0;
  const heatMax = Math.max(1, ...d.heatmap.map((c) => c.matches));
  const placeMax = Math.max(1, ...d.places.map((p) => p.matches));
  return (
    <>
      <dl className="dash-kpis">
        {kpis.map(([k, v]) => (
          <div key={k} className="card dash-kpi">
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
      <Figure
        id="dash-matches"
        title="Matchs créés et complets par semaine"
        chart={
          <LineChart
            labels={labels}
            series={matchSeries}
            label="Courbes des matchs créés et complets par semaine"
          />
        }
        header={['Semaine du', 'Créés', 'Complets', 'Taux']}
        rows={d.weeks.map((w) => [
          fmtWeek(w.week),
          fmtNumber(w.created),
          fmtNumber(w.filled),
          fmtPercent(w.created ? w.filled / w.created : null),
        ])}
        csvRows={d.weeks.map((w) => [w.week, w.created, w.filled])}
        csvName={`matchs-par-semaine_${range}.csv`}
      />
      <Figure
        id="dash-players"
        title="Joueurs actifs et inscriptions par semaine"
        chart={
          <LineChart
            labels={labels}
            series={playerSeries}
            label="Courbes des joueurs actifs et des inscriptions par semaine"
          />
        }
        header={['Semaine du', 'Joueurs actifs', 'Inscriptions']}
        rows={d.weeks.map((w) => [
          fmtWeek(w.week),
          fmtNumber(w.active_players),
          fmtNumber(w.signups),
        ])}
        csvRows={d.weeks.map((w) => [w.week, w.active_players, w.signups])}
        csvName={`joueurs-par-semaine_${range}.csv`}
      />
      <Figure
        id="dash-places"
        title="Lieux les plus fréquentés (matchs joués)"
        collapsible={false}
        header={['Lieu', 'Matchs']}
        rows={d.places.map((p) => [p.name, p.matches])}
        csvName={`lieux_${range}.csv`}
        renderCell={(ri, ci, v) =>
          ci === 1 ? (
            <span className="dash-bar-cell">
              <span
                className="dash-bar"
                style={{ width: `${((d.places[ri]?.matches ?? 0) / placeMax) * 100}%` }}
                aria-hidden="true"
              />
              <span>{fmtNumber(Number(v))}</span>
            </span>
          ) : (
            v
          )
        }
      />
      <Figure
        id="dash-heat"
        title="Créneaux les plus demandés (jour × heure de début)"
        collapsible={false}
        header={['Heure', ...DAYS]}
        rows={hours.map((h) => [`${h} h`, ...DAYS.map((_, i) => heat(i + 1, h))])}
        csvRows={hours.flatMap((h) => WEEKDAYS.map((day, i) => [day, `${h}:00`, heat(i + 1, h)]))}
        csvName={`creneaux_${range}.csv`}
        renderCell={(_ri, ci, v) =>
          ci === 0 ? (
            v
          ) : (
            <span
              className="dash-heat"
              style={{
                backgroundColor: `rgba(29, 78, 216, ${(0.06 + 0.9 * (Number(v) / heatMax)).toFixed(2)})`,
              }}
              data-strong={Number(v) / heatMax > 0.55 || undefined}
            >
              {v}
            </span>
          )
        }
      />
      <Figure
        id="dash-notices"
        title="Notifications par canal"
        collapsible={false}
        header={['Canal', 'Envoyées', 'Échecs', 'Abandons', 'En attente']}
        rows={d.notices.map((n) => [
          CHANNELS[n.channel] ?? n.channel,
          n.sent,
          n.failed,
          n.dropped,
          n.pending,
        ])}
        csvName={`notifications_${range}.csv`}
      />
    </>
  );
}
