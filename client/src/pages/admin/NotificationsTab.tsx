import { countOf } from '../../../../common/plural';
import { useState } from 'react';
import { MSG } from '../../../../common/messages';
import type { TNoticeChannel } from '../../../../common/schemas/dashboard';
import { Button, EmptyState, Field, Loaded, Notice } from '../../components/ui';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { PanelHead } from './shared';
import { ChatReports } from './ChatReports';

const EVENTS: Record<string, string> = {
  joined: 'Un joueur a rejoint',
  left: 'Un joueur est parti',
  changed: 'Match modifié',
  cancelled: 'Match annulé',
  promoted: 'Place libérée (liste d’attente)',
  reminder: 'Rappel',
  soon: 'Match dans 2 h',
  removed: 'Joueur retiré',
};

const WHEN = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short', timeStyle: 'short' });
const CHANNEL_NAMES: Record<TNoticeChannel, string> = { email: 'E-mail', sms: 'SMS', push: 'Push' };
const AGO = new Intl.RelativeTimeFormat('fr-FR', { numeric: 'always' });

// Nothing here is shared with the dashboard's chunk on purpose: a module both import would sit in
// this (AdminPage) chunk and make the bundler add a namespace helper to the players' initial JS.
/** "il y a 2 heures", "il y a 3 jours": how long ago a notice was given up. */
function ago(seconds: number): string {
  if (seconds < 3600) return AGO.format(-Math.max(1, Math.round(seconds / 60)), 'minute');
  if (seconds < 86_400) return AGO.format(-Math.round(seconds / 3600), 'hour');
  return AGO.format(-Math.round(seconds / 86_400), 'day');
}

/**
 * « Notifications »: what the outbox worker could not deliver (given up after repeated errors, or
 * dropped as stale or because the device is gone), with the reason, the channel and the age; each
 * can be retried, or all of them at once (the server puts a notice back once, however many admins
 * click). Each channel's health: its last success, its failures over 24 h, what waits.
 */
export function NotificationsTab() {
  const [channel, setChannel] = useState<'' | TNoticeChannel>('');
  const [notice, setNotice] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const utils = trpc.useUtils();
  const query = trpc.admin.notices.list.useQuery(channel ? { channel } : {});
  const done = {
    onSuccess: (r: { message: string }) => {
      setNotice({ kind: 'success', text: r.message });
      void utils.admin.notices.list.invalidate();
    },
    onError: (e: unknown) => {
      setNotice({ kind: 'error', text: errorMessage(e, MSG.http.badRequest) });
      void utils.admin.notices.list.invalidate();
    },
  };
  const retry = trpc.admin.notices.retry.useMutation(done);
  const retryAll = trpc.admin.notices.retryAll.useMutation(done);
  return (
    <div className="admin-tab-body">
      <PanelHead
        title="Notifications"
        lead="Les notifications non remises (échecs et abandons) et l’état de chaque canal."
        actions={
          <Button
            onClick={() => retryAll.mutate(channel ? { channel } : {})}
            loading={retryAll.isPending}
            disabled={!query.data?.total}
          >
            Tout relancer
          </Button>
        }
      />
      {notice && (
        <Notice kind={notice.kind} message={notice.text} onClose={() => setNotice(null)} />
      )}
      <Loaded
        query={query}
        loadingLabel="Chargement des notifications..."
        errorFallback={MSG.admin.configLoadFailed}
      >
        {(view) => (
          <>
            <section aria-labelledby="notice-health-title">
              <h3 id="notice-health-title" className="notice-section-title">
                État des canaux
              </h3>
              <ul className="notice-health">
                {view.health.map((h) => (
                  <li key={h.channel} className="card notice-health-card">
                    <strong>{CHANNEL_NAMES[h.channel]}</strong>
                    <span>
                      Dernier envoi réussi :{' '}
                      {h.last_success_at ? WHEN.format(new Date(h.last_success_at)) : 'jamais'}
                    </span>
                    <span className={h.failures_24h ? 'notice-bad' : undefined}>
                      Échecs sur 24 h : {h.failures_24h}
                    </span>
                    <span>
                      En attente : {h.pending}
                      {h.retrying ? ` (dont ${h.retrying} en nouvel essai)` : ''}
                    </span>
                  </li>
                ))}
              </ul>
            </section>
            <section aria-labelledby="notice-failed-title">
              <div className="notice-failed-head">
                <h3 id="notice-failed-title" className="notice-section-title">
                  Non remises ({view.total})
                </h3>
                <Field label="Canal" id="notice-channel">
                  <select
                    id="notice-channel"
                    className="input"
                    value={channel}
                    onChange={(e) => {
                      const v = e.target.value;
                      setChannel(v === 'email' || v === 'sms' || v === 'push' ? v : '');
                    }}
                  >
                    <option value="">Tous les canaux</option>
                    <option value="email">E-mail</option>
                    <option value="sms">SMS</option>
                    <option value="push">Push</option>
                  </select>
                </Field>
              </div>
              {view.notices.length === 0 ? (
                <EmptyState title="Aucune notification non remise." />
              ) : (
                <ul className="admin-list">
                  {view.notices.map((n) => (
                    <li key={n.id} className="card admin-item notice-item">
                      <div className="notice-item-main">
                        <strong>
                          {CHANNEL_NAMES[n.channel]} · {EVENTS[n.event] ?? n.event}
                        </strong>
                        <span className={`notice-outcome notice-outcome-${n.outcome}`}>
                          {n.outcome === 'failed' ? 'Échec' : 'Abandonnée'}
                        </span>
                        <span className="notice-reason">Motif : {n.reason ?? 'inconnu'}</span>
                        <span className="notice-age">
                          {ago(n.age_seconds)} · {countOf(n.attempts, 'essai', 'essais')}
                          {n.match_id ? ` · match n° ${n.match_id}` : ''}
                        </span>
                      </div>
                      <Button
                        variant="secondary"
                        onClick={() => retry.mutate({ id: n.id })}
                        loading={retry.isPending && retry.variables?.id === n.id}
                        aria-label={`Relancer la notification n° ${n.id}`}
                      >
                        Relancer
                      </Button>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          </>
        )}
      </Loaded>
      <ChatReports />
    </div>
  );
}
