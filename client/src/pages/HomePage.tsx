import { Link } from 'react-router-dom';
import { HOME_RECENT_MATCHES } from '../../../common/limits';
import { EveningList } from '../components/evenings/EveningList';
import { LevelBadge } from '../components/matches/LevelBadges';
import {
  FindOrCreateLinks,
  MatchCardGrid,
  NoMatchesAvailable,
} from '../components/matches/MatchCardGrid';
import { MatchGridSkeleton } from '../components/matches/MatchCardSkeleton';
import { JoinDialogs } from '../components/matches/JoinDialogs';
import { useJoinMatch } from '../components/matches/useJoinMatch';
import { useLevelCatalogue } from '../components/matches/useLevelCatalogue';
import { NoticeSlot } from '../components/matches/NoticeSlot';
import { useLoggedError } from '../components/matches/useLoggedError';
import { useAuth } from '../lib/auth';
import { trpc } from '../lib/trpc';
import './matches.css';

export default function HomePage() {
  const { user } = useAuth();
  const catalogue = useLevelCatalogue();
  const recent = trpc.matches.list.useQuery({ limit: HOME_RECENT_MATCHES });
  const unread = trpc.chat.unread.useQuery(undefined, { enabled: Boolean(user), retry: false });
  useLoggedError(recent.error, 'matches.list');
  const { notice, gridProps, dialogs } = useJoinMatch();
  const matches = recent.data?.items.slice(0, HOME_RECENT_MATCHES) ?? [];
  const level = user?.level ? catalogue?.find((l) => l.niveau === user.level) : undefined;

  return (
    <div className="page home-page">
      <section className="home-hero" aria-labelledby="home-title">
        <h1 className="page-title" id="home-title">
          Bonjour, {user?.name}&nbsp;!
        </h1>
        <p className="home-lead">
          Trouvez des partenaires et organisez vos prochains matchs de padel.
        </p>
        <FindOrCreateLinks className="home-actions" />
      </section>

      {/* The matches come before the player's own details, so a phone's first screen shows them. */}
      <section className="home-recent" aria-labelledby="home-recent">
        <div className="section-head">
          <h2 className="section-title" id="home-recent">
            Matchs récents
          </h2>
          <Link className="section-link" to="/find-match">
            Voir tous les matchs
          </Link>
        </div>
        <NoticeSlot notice={notice.notice} onClose={notice.clear} />
        <JoinDialogs {...dialogs} />
        {recent.isPending ? (
          <MatchGridSkeleton count={HOME_RECENT_MATCHES} />
        ) : matches.length === 0 ? (
          <NoMatchesAvailable />
        ) : (
          <MatchCardGrid
            matches={matches}
            userId={user?.id}
            catalogue={catalogue}
            unread={unread.data}
            {...gridProps}
          />
        )}
      </section>
      <div className="home-info">
        <section className="card info-card" aria-labelledby="home-level">
          <h2 className="info-title" id="home-level">
            Votre niveau
          </h2>
          {user?.level ? (
            <div className="info-value">
              <LevelBadge niveau={user.level} catalogue={catalogue} />
              {level && <span className="info-detail">{level.label}</span>}
            </div>
          ) : (
            <p className="info-value info-muted">
              Non renseigné — <Link to="/profile">compléter mon profil</Link>
            </p>
          )}
        </section>
        <section className="card info-card" aria-labelledby="home-phone">
          <h2 className="info-title" id="home-phone">
            Votre téléphone
          </h2>
          <p className="info-value">{user?.phone}</p>
        </section>
      </div>
      <EveningList />
    </div>
  );
}
