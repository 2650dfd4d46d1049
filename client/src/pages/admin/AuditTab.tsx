import { MSG } from '../../../../common/messages';
import { EmptyState, Loaded } from '../../components/ui';
import { trpc } from '../../lib/trpc';
import { PanelHead } from './shared';

const WHEN = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'medium', timeStyle: 'short' });

const ENTITIES: Record<string, string> = {
  place: 'Lieu',
  level: 'Niveau',
  user: 'Utilisateur',
  settings: 'Paramètres',
  twilio: 'Twilio (SMS)',
  smtp: 'SMTP',
  notice: 'Notification (relance)',
  api_key: 'Clé d’API',
  webhook: 'Webhook',
};

const ACTIONS: Record<string, string> = {
  create: 'Création',
  update: 'Modification',
  delete: 'Suppression',
};

/**
 * Whom or what the entry is about: the current name of the user or place, else the name the details
 * kept (a deleted user or place, a level identifier).
 */
function subject(entry: {
  subject_name: string | null;
  details: Record<string, unknown> | null;
}): string | null {
  if (entry.subject_name) return entry.subject_name;
  const value = entry.details?.name ?? entry.details?.niveau;
  return typeof value === 'string' && value ? value : null;
}

const when = (iso: string) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : WHEN.format(d);
};

/** The latest admin actions (who did what, when), read from the audit log. */
export function AuditTab() {
  const query = trpc.admin.audit.list.useQuery({ limit: 100 });
  return (
    <div className="admin-tab-body">
      <PanelHead title="Historique" lead="Les dernières actions des administrateurs." />
      <Loaded
        query={query}
        loadingLabel="Chargement de l'historique..."
        errorFallback={MSG.admin.configLoadFailed}
      >
        {(entries) =>
          entries.length === 0 ? (
            <EmptyState title="Aucune action enregistrée." />
          ) : (
            <ol className="audit-list">
              {entries.map((entry) => (
                <li key={entry.id} className="audit-entry">
                  <time dateTime={entry.created_at} className="audit-when">
                    {when(entry.created_at)}
                  </time>
                  <span className="audit-what">
                    <strong>{ACTIONS[entry.action] ?? entry.action}</strong> ·{' '}
                    {ENTITIES[entry.entity] ?? entry.entity}
                    {subject(entry)
                      ? ` « ${subject(entry)} »`
                      : entry.entity_id
                        ? ` #${entry.entity_id}`
                        : ''}
                  </span>
                  <span className="audit-entity">
                    par {entry.actor_name ?? 'un compte supprimé'}
                  </span>
                </li>
              ))}
            </ol>
          )
        }
      </Loaded>
    </div>
  );
}
