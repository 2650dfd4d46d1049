import { useState, type FormEvent } from 'react';
import { MSG } from '../../../../common/messages';
import {
  API_SCOPES,
  WEBHOOK_EVENTS,
  ZCreateApiKeyInput,
  ZCreateWebhookInput,
  type TApiScope,
  type TWebhookEvent,
} from '../../../../common/schemas/integrations';
import { Button, CheckField, InputField, Notice } from '../../components/ui';
import { trpc } from '../../lib/trpc';
import { AdminFormCard, AdminList, PanelHead } from './shared';
import './api.css';

const WHEN = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'medium', timeStyle: 'short' });
const when = (iso: string | null, never: string) => (iso ? WHEN.format(new Date(iso)) : never);

const SCOPE_LABELS: Record<TApiScope, string> = {
  'matches:read': 'matches:read — lire les matchs, lieux et niveaux',
  'matches:write': 'matches:write — créer, modifier, annuler, rejoindre',
  webhooks: 'webhooks — gérer les webhooks',
  'evenings:read': 'evenings:read — lire les soirées (Americano, Mexicano, Roi du terrain)',
};

const STATUS_LABELS = { pending: 'En attente', delivered: 'Livrée', failed: 'Échec' } as const;

const firstIssue = (e: { issues: { message: string }[] }) =>
  e.issues[0]?.message ?? MSG.http.badRequest;

/** How the lead speaks of what is shown: « la clé » (feminine) or « le secret » (masculine). */
const ONCE_TEXT = {
  f: { lead: 'Copiez-la maintenant : elle ne sera plus jamais affichée.', copied: 'Copiée' },
  m: { lead: 'Copiez-le maintenant : il ne sera plus jamais affiché.', copied: 'Copié' },
} as const;

/** A secret shown once, with a button that copies it. */
function ShownOnce({ label, value, gender }: { label: string; value: string; gender: 'f' | 'm' }) {
  const [copied, setCopied] = useState(false);
  const text = ONCE_TEXT[gender];
  return (
    <div className="card api-secret" role="status">
      <p className="api-secret-lead">
        <strong>{label}</strong> {text.lead}
      </p>
      <code className="api-secret-value" data-testid="secret-once">
        {value}
      </code>
      <Button
        variant="secondary"
        onClick={() => {
          void navigator.clipboard?.writeText(value).then(() => setCopied(true));
        }}
      >
        {copied ? text.copied : 'Copier'}
      </Button>
    </div>
  );
}

function ApiKeys() {
  const utils = trpc.useUtils();
  const keys = trpc.integrations.apiKeys.useQuery();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<TApiScope[]>(['matches:read']);
  const [error, setError] = useState<string | null>(null);
  const [issued, setIssued] = useState<string | null>(null);
  const issue = trpc.integrations.issueApiKey.useMutation({
    onSuccess: (res) => {
      setIssued(res.key);
      setName('');
      void utils.integrations.apiKeys.invalidate();
    },
    onError: (e) => setError(e.message),
  });
  const revoke = trpc.integrations.revokeApiKey.useMutation({
    onSuccess: () => void utils.integrations.apiKeys.invalidate(),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZCreateApiKeyInput.safeParse({ name, scopes });
    if (!parsed.success) return setError(firstIssue(parsed.error));
    setError(null);
    setIssued(null);
    issue.mutate(parsed.data);
  };

  return (
    <section className="api-section" aria-labelledby="api-keys-title">
      <h3 className="admin-form-title" id="api-keys-title">
        Clés d’API
      </h3>
      <AdminFormCard
        label="Créer une clé d’API"
        onSubmit={submit}
        actions={
          <Button type="submit" loading={issue.isPending}>
            Créer la clé
          </Button>
        }
      >
        <InputField
          label="Nom de la clé"
          hint="Le nom de l’intégration (ex. Site du club). Elle agit au nom d’un compte de service du même nom, jamais d’un joueur."
          value={name}
          onValueChange={setName}
          maxLength={100}
        />
        <fieldset className="admin-checks api-checks">
          <legend>Droits</legend>
          {API_SCOPES.map((scope) => (
            <CheckField
              key={scope}
              label={SCOPE_LABELS[scope]}
              checked={scopes.includes(scope)}
              onCheckedChange={(on) =>
                setScopes((s) => (on ? [...s, scope] : s.filter((x) => x !== scope)))
              }
            />
          ))}
        </fieldset>
        <Notice kind="error" persistent message={error} />
      </AdminFormCard>
      {issued && <ShownOnce label="Nouvelle clé d’API." value={issued} gender="f" />}
      <AdminList
        loading={keys.isLoading}
        loadingLabel="Chargement des clés..."
        error={keys.error ? MSG.admin.configLoadFailed : null}
        emptyTitle="Aucune clé d’API."
        items={keys.data ?? []}
        itemKey={(k) => k.id}
      >
        {(k) => (
          <div className="api-item">
            <div className="admin-item-main">
              <p className="admin-item-title">
                {k.name} {k.revoked_at && <span className="api-badge">Révoquée</span>}
              </p>
              <p className="api-meta">
                <code>{k.prefix}…</code> · {k.scopes.join(', ')}
              </p>
              <p className="api-meta">
                Créée le {when(k.created_at, '')} · Dernière utilisation :{' '}
                {when(k.last_used_at, 'jamais')}
              </p>
            </div>
            {!k.revoked_at && (
              <div className="admin-item-actions">
                <Button
                  variant="danger"
                  onClick={() => revoke.mutate({ id: k.id })}
                  aria-label={`Révoquer la clé ${k.name}`}
                >
                  Révoquer
                </Button>
              </div>
            )}
          </div>
        )}
      </AdminList>
    </section>
  );
}

function Webhooks() {
  const utils = trpc.useUtils();
  const hooks = trpc.integrations.webhooks.useQuery();
  const deliveries = trpc.integrations.deliveries.useQuery({});
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<TWebhookEvent[]>(['match.created']);
  const [error, setError] = useState<string | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const refresh = () => {
    void utils.integrations.webhooks.invalidate();
    void utils.integrations.deliveries.invalidate();
  };
  const create = trpc.integrations.createWebhook.useMutation({
    onSuccess: (res) => {
      setSecret(res.secret);
      setUrl('');
      refresh();
    },
    onError: (e) => setError(e.message),
  });
  const remove = trpc.integrations.deleteWebhook.useMutation({ onSuccess: refresh });
  const enable = trpc.integrations.enableWebhook.useMutation({ onSuccess: refresh });
  const replay = trpc.integrations.replayDelivery.useMutation({ onSuccess: refresh });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZCreateWebhookInput.safeParse({ url, events });
    if (!parsed.success) return setError(firstIssue(parsed.error));
    setError(null);
    setSecret(null);
    create.mutate(parsed.data);
  };

  return (
    <section className="api-section" aria-labelledby="api-hooks-title">
      <h3 className="admin-form-title" id="api-hooks-title">
        Webhooks
      </h3>
      <AdminFormCard
        label="Ajouter un webhook"
        onSubmit={submit}
        actions={
          <Button type="submit" loading={create.isPending}>
            Ajouter le webhook
          </Button>
        }
      >
        <InputField
          label="Adresse (URL)"
          type="text"
          inputMode="url"
          hint="Reçoit un POST signé (Standard Webhooks) à chaque événement choisi."
          value={url}
          onValueChange={setUrl}
        />
        <fieldset className="admin-checks api-checks">
          <legend>Événements</legend>
          {WEBHOOK_EVENTS.map((ev) => (
            <CheckField
              key={ev}
              label={ev}
              checked={events.includes(ev)}
              onCheckedChange={(on) =>
                setEvents((s) => (on ? [...s, ev] : s.filter((x) => x !== ev)))
              }
            />
          ))}
        </fieldset>
        <Notice kind="error" persistent message={error} />
      </AdminFormCard>
      {secret && <ShownOnce label="Secret de signature du webhook." value={secret} gender="m" />}
      <AdminList
        loading={hooks.isLoading}
        loadingLabel="Chargement des webhooks..."
        error={hooks.error ? MSG.admin.configLoadFailed : null}
        emptyTitle="Aucun webhook."
        items={hooks.data ?? []}
        itemKey={(h) => h.id}
      >
        {(h) => (
          <div className="api-item">
            <div className="admin-item-main">
              <p className="admin-item-title api-url">
                {h.url} {h.disabled_at && <span className="api-badge">Désactivé</span>}
              </p>
              <p className="api-meta">{h.events.join(', ')}</p>
              {h.consecutive_failures > 0 && (
                <p className="api-meta">Échecs consécutifs : {h.consecutive_failures}</p>
              )}
            </div>
            <div className="admin-item-actions">
              {h.disabled_at && (
                <Button variant="secondary" onClick={() => enable.mutate({ id: h.id })}>
                  Réactiver
                </Button>
              )}
              <Button
                variant="danger"
                onClick={() => remove.mutate({ id: h.id })}
                aria-label={`Supprimer le webhook ${h.url}`}
              >
                Supprimer
              </Button>
            </div>
          </div>
        )}
      </AdminList>
      <h3 className="admin-form-title">Journal des livraisons</h3>
      <AdminList
        loading={deliveries.isLoading}
        loadingLabel="Chargement du journal..."
        error={deliveries.error ? MSG.admin.configLoadFailed : null}
        emptyTitle="Aucune livraison."
        items={deliveries.data ?? []}
        itemKey={(d) => d.id}
      >
        {(d) => (
          <div className="api-item">
            <div className="admin-item-main">
              <p className="admin-item-title">
                {d.event_type} · {STATUS_LABELS[d.status]}
              </p>
              <p className="api-meta">
                <code>{d.event_id}</code> · {d.attempts} tentative(s)
                {d.last_status !== null ? ` · HTTP ${d.last_status}` : ''} ·{' '}
                {when(d.created_at, '')}
              </p>
              {d.last_error && <p className="api-meta">{d.last_error}</p>}
            </div>
            <div className="admin-item-actions">
              <Button
                variant="secondary"
                onClick={() => replay.mutate({ id: d.id })}
                aria-label={`Rejouer la livraison ${d.event_id}`}
              >
                Rejouer
              </Button>
            </div>
          </div>
        )}
      </AdminList>
    </section>
  );
}

/** API v2 for integrators: keys (shown once) and signed webhooks with their delivery log. */
export function ApiTab() {
  return (
    <div className="admin-tab-body">
      <PanelHead
        title="API"
        lead="Clés d’API v2 pour les intégrateurs (documentation : /api/v2/docs) et webhooks signés."
      />
      <ApiKeys />
      <Webhooks />
    </div>
  );
}
