import { countOf } from '../../../common/plural';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { ZCreateGroupInput } from '../../../common/schemas/groups';
import { UnreadBadge } from '../components/chat/UnreadBadge';
import { EmptyState, InputField, Loaded, TitledCard } from '../components/ui';
import { SubmitRow } from './groups/fields';
import { errorMessage } from '../lib/errors';
import { trpc } from '../lib/trpc';
import './groups/groups.css';

/** « Groupes »: the player's circles, and a form to start one. */
export default function GroupsPage() {
  const mine = trpc.groups.mine.useQuery();
  // Unread messages of each group's chat, read again when the player comes back to the page.
  const unread = trpc.chat.unread.useQuery({ room: 'group' });
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [error, setError] = useState<string | null>(null);
  const create = trpc.groups.create.useMutation({
    onSuccess: async (g) => {
      await utils.groups.mine.invalidate();
      void navigate(`/groups/${g.id}`);
    },
    onError: (e) => setError(errorMessage(e, 'Le groupe n’a pas pu être créé.')),
  });
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = ZCreateGroupInput.safeParse({ name, description: description || undefined });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? null);
    setError(null);
    create.mutate(parsed.data);
  };
  return (
    <div className="page groups-page">
      <div className="page-head">
        <div>
          <h1 className="page-title">Groupes</h1>
          <p className="page-lead">
            Vos cercles de joueurs : matchs réservés aux membres d’abord, créneaux chaque semaine,
            sondages de disponibilités.
          </p>
        </div>
      </div>
      <TitledCard title="Mes groupes">
        <Loaded
          query={mine}
          loadingLabel="Chargement des groupes"
          errorFallback="Impossible de charger vos groupes."
        >
          {(groups) =>
            groups.length === 0 ? (
              <EmptyState title="Vous n’êtes dans aucun groupe pour l’instant." />
            ) : (
              <ul className="group-list">
                {groups.map((g) => (
                  <li key={g.id} className="group-item">
                    <Link to={`/groups/${g.id}`} className="group-link">
                      {g.name}
                    </Link>
                    <span className="muted">
                      {countOf(g.member_count, 'membre', 'membres')}
                      {g.is_admin ? ' · administrateur' : ''}
                    </span>
                    <UnreadBadge
                      matchId={g.id}
                      room="group"
                      count={unread.data?.[String(g.id)] ?? 0}
                    />
                  </li>
                ))}
              </ul>
            )
          }
        </Loaded>
      </TitledCard>
      <TitledCard title="Créer un groupe">
        <form className="stack" onSubmit={onSubmit} noValidate>
          <InputField
            label="Nom du groupe"
            value={name}
            onValueChange={setName}
            maxLength={60}
            required
          />
          <InputField
            label="Description (facultatif)"
            value={description}
            onValueChange={setDescription}
            maxLength={300}
          />
          <SubmitRow error={error} loading={create.isPending} label="Créer le groupe" />
        </form>
      </TitledCard>
    </div>
  );
}
