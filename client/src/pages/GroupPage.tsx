import { countOf } from '../../../common/plural';
import { useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import type { TGroupDetail } from '../../../common/schemas/groups';
import { GROUP_MSG } from '../../../common/messages-groups';
import { EVENING_UI } from '../../../common/messages-evenings';
import { ChatPanel } from '../components/chat/ChatPanel';
import { GroupEveningList } from '../components/evenings/EveningList';
import { LevelVerifiedBadge, LevelVerifyToggle } from '../components/results/LevelTrust';
import { Button, ConfirmDialog, Field, Loaded, Notice, TitledCard } from '../components/ui';
import { useAuth } from '../lib/auth';
import { errorMessage } from '../lib/errors';
import { useLiveGroup } from '../lib/live';
import { trpc } from '../lib/trpc';
import { whenLabel } from './groups/fields';
import { GroupMatchForm } from './groups/GroupMatchForm';
import { GroupTableCard } from './groups/GroupTableCard';
import { PollForm } from './groups/PollForm';
import { SlotsCard } from './groups/SlotsCard';
import './groups/groups.css';

const POLL_STATUS = { open: 'ouvert', matched: 'match créé', closed: 'clos' } as const;

/** A group's page: invite link, members, its table, upcoming matches and evenings, polls, its chat, weekly slots, settings. */
export default function GroupPage() {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const group = trpc.groups.byId.useQuery({ id }, { enabled: valid });
  // Members joining or leaving, new matches and polls show up without reloading.
  useLiveGroup(id, valid && group.isSuccess);
  return (
    <div className="page group-page">
      <Loaded
        query={group}
        loadingLabel="Chargement du groupe"
        errorFallback="Impossible de charger ce groupe."
      >
        {(g) => <GroupView g={g} />}
      </Loaded>
    </div>
  );
}

function GroupView({ g }: { g: TGroupDetail }) {
  const { user } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const state: unknown = location.state;
  const arrived =
    typeof state === 'object' && state && 'notice' in state && typeof state.notice === 'string'
      ? state.notice
      : null;
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string } | null>(
    arrived ? { kind: 'success', text: arrived } : null,
  );
  const [confirm, setConfirm] = useState<'leave' | 'delete' | null>(null);
  const link = `${window.location.origin}/g/${g.invite_token}`;
  const fail = (e: unknown) =>
    setMessage({ kind: 'error', text: errorMessage(e, 'Action impossible.') });
  const gone = async (r: { message: string }) => {
    await utils.groups.mine.invalidate();
    void navigate('/groups', { state: { notice: r.message } });
  };
  const leave = trpc.groups.leave.useMutation({ onSuccess: gone, onError: fail });
  const remove = trpc.groups.delete.useMutation({ onSuccess: gone, onError: fail });
  const removeMember = trpc.groups.removeMember.useMutation({
    onSuccess: (r) => {
      setMessage({ kind: 'success', text: r.message });
      void utils.groups.byId.invalidate({ id: g.id });
    },
    onError: fail,
  });
  const setVerified = trpc.groups.setLevelVerified.useMutation({
    onSuccess: (r) => {
      setMessage({ kind: 'success', text: r.message });
      void utils.groups.byId.invalidate({ id: g.id });
    },
    onError: fail,
  });
  return (
    <>
      <div className="page-head">
        <div>
          <h1 className="page-title">{g.name}</h1>
          {g.description && <p className="page-lead">{g.description}</p>}
        </div>
      </div>
      {message && (
        <Notice kind={message.kind} message={message.text} onClose={() => setMessage(null)} />
      )}
      <TitledCard title="Inviter des joueurs">
        <Field
          label="Lien d’invitation"
          hint="Quiconque a ce lien peut rejoindre le groupe après s’être connecté."
        >
          <input className="input" readOnly value={link} onFocus={(e) => e.target.select()} />
        </Field>
        <div className="row">
          <Button
            variant="secondary"
            onClick={() =>
              void navigator.clipboard?.writeText(link).then(
                () => setMessage({ kind: 'success', text: 'Lien copié.' }),
                () => {},
              )
            }
          >
            Copier le lien
          </Button>
        </div>
      </TitledCard>
      <TitledCard title={`Membres (${g.members.length})`}>
        <ul className="group-list">
          {g.members.map((m) => (
            <li key={m.user_id} className="group-item">
              <span>
                {m.name}
                {m.level ? ` · ${m.level}` : ''}
                {m.level && m.level_verified && <LevelVerifiedBadge />}
                {m.is_admin && <span className="badge badge-primary">admin</span>}
              </span>
              {g.is_admin && (m.level || !m.is_admin) && (
                <span className="group-member-actions">
                  {m.level && (
                    <LevelVerifyToggle
                      name={m.name}
                      verified={m.level_verified}
                      loading={setVerified.isPending && setVerified.variables?.userId === m.user_id}
                      onToggle={(verified) =>
                        setVerified.mutate({ id: g.id, userId: m.user_id, verified })
                      }
                    />
                  )}
                  {!m.is_admin && (
                    <Button
                      variant="ghost"
                      onClick={() => removeMember.mutate({ id: g.id, userId: m.user_id })}
                    >
                      Retirer {m.name}
                    </Button>
                  )}
                </span>
              )}
            </li>
          ))}
        </ul>
      </TitledCard>
      <GroupTableCard groupId={g.id} />
      <TitledCard title="Matchs à venir">
        {g.matches.length === 0 ? (
          <p className="muted">Aucun match à venir.</p>
        ) : (
          <ul className="group-list">
            {g.matches.map((m) => (
              <li key={m.id} className="group-item">
                <Link to={`/matches/${m.id}`}>
                  {whenLabel(m.date, m.time)}, {m.place_name}
                </Link>
                <span className="muted">
                  {m.missing_players === 0
                    ? 'complet'
                    : countOf(m.missing_players, 'place', 'places')}
                  {m.group_only
                    ? ' · réservé au groupe'
                    : m.public_at && new Date(m.public_at) > new Date()
                      ? ' · membres prioritaires'
                      : ''}
                </span>
              </li>
            ))}
          </ul>
        )}
        <details className="group-details">
          <summary>Créer un match pour le groupe</summary>
          <GroupMatchForm groupId={g.id} priorityHours={g.priority_hours} />
        </details>
      </TitledCard>
      <TitledCard title={EVENING_UI.groupTitle}>
        <GroupEveningList groupId={g.id} />
        <Link
          className="btn btn-secondary evening-group-create"
          to={`/create-match?soiree=1&groupe=${g.id}`}
        >
          {EVENING_UI.groupCreate}
        </Link>
      </TitledCard>
      <TitledCard title="Sondages">
        {g.polls.length === 0 ? (
          <p className="muted">Aucun sondage.</p>
        ) : (
          <ul className="group-list">
            {g.polls.map((p) => (
              <li key={p.id} className="group-item">
                <Link to={`/polls/${p.id}`}>Sondage n° {p.id}</Link>
                <span className="muted">{POLL_STATUS[p.status]}</span>
              </li>
            ))}
          </ul>
        )}
        <details className="group-details">
          <summary>Nouveau sondage</summary>
          <PollForm groupId={g.id} />
        </details>
      </TitledCard>
      <ChatPanel key={g.id} room={{ kind: 'group', id: g.id }} userId={user?.id} />
      <SlotsCard groupId={g.id} slots={g.slots} isAdmin={g.is_admin} />
      {g.is_admin && <SettingsCard g={g} onMessage={setMessage} />}
      <div className="row">
        <Button variant="secondary" onClick={() => setConfirm('leave')}>
          Quitter le groupe
        </Button>
        {g.is_admin && (
          <Button variant="danger" onClick={() => setConfirm('delete')}>
            Supprimer le groupe
          </Button>
        )}
      </div>
      {confirm && (
        <ConfirmDialog
          title={confirm === 'leave' ? 'Quitter le groupe ?' : 'Supprimer le groupe ?'}
          message={
            confirm === 'leave'
              ? 'Vous ne verrez plus ses matchs ni ses sondages.'
              : 'Ses créneaux et sondages disparaissent ; les matchs déjà créés restent.'
          }
          confirmLabel={confirm === 'leave' ? 'Quitter' : 'Supprimer'}
          onConfirm={() => {
            setConfirm(null);
            (confirm === 'leave' ? leave : remove).mutate({ id: g.id });
          }}
          onCancel={() => setConfirm(null)}
        />
      )}
    </>
  );
}

function SettingsCard({
  g,
  onMessage,
}: {
  g: TGroupDetail;
  onMessage: (m: { kind: 'success' | 'error'; text: string }) => void;
}) {
  const utils = trpc.useUtils();
  const [name, setName] = useState(g.name);
  const [hours, setHours] = useState(String(g.priority_hours));
  const update = trpc.groups.update.useMutation({
    onSuccess: () => {
      onMessage({ kind: 'success', text: GROUP_MSG.updated });
      void utils.groups.byId.invalidate({ id: g.id });
    },
    onError: (e) => onMessage({ kind: 'error', text: errorMessage(e, 'Mise à jour impossible.') }),
  });
  return (
    <TitledCard title="Réglages du groupe">
      <form
        className="stack"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          update.mutate({ id: g.id, name, priority_hours: Number(hours) });
        }}
      >
        <Field label="Nom du groupe">
          <input
            className="input"
            value={name}
            maxLength={60}
            onChange={(e) => setName(e.target.value)}
          />
        </Field>
        <Field label="Priorité des membres (heures avant d’apparaître dans Trouver)">
          <input
            className="input"
            type="number"
            min={0}
            max={168}
            value={hours}
            onChange={(e) => setHours(e.target.value)}
          />
        </Field>
        <div className="form-actions">
          <Button type="submit" loading={update.isPending}>
            Enregistrer
          </Button>
        </div>
      </form>
    </TitledCard>
  );
}
