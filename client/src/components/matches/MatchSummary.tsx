import { countOf } from '../../../../common/plural';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { formatLongDate, formatTime, placesAvailable } from '../../lib/format';
import { MSG } from '../../../../common/messages';
import { KindBadges } from './KindBadges';
import { LevelBadges } from './LevelBadges';
import type { LevelView, PlainMatchView } from './types';

interface MatchSummaryProps {
  match: PlainMatchView;
  catalogue?: readonly LevelView[];
  headingLevel?: 2 | 3;
  headingId?: string;
  /** Extra tags next to the place name (e.g. 'Terminé'). */
  tags?: ReactNode;
  /** A past match: no place is on offer any more, so none is shown as available. */
  finished?: boolean;
}

function Icon({ path }: { path: string }) {
  return (
    <svg
      className="match-icon"
      viewBox="0 0 24 24"
      width="18"
      height="18"
      aria-hidden="true"
      focusable="false"
    >
      <path
        d={path}
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

const ICONS = {
  pin: 'M12 21s-7-6.2-7-11a7 7 0 1 1 14 0c0 4.8-7 11-7 11zM12 12.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z',
  calendar:
    'M7 3v3M17 3v3M4 8h16M5 5h14a1 1 0 0 1 1 1v13a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1z',
  clock: 'M12 7v5l3 2M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z',
  people:
    'M16 19v-1a4 4 0 0 0-4-4H7a4 4 0 0 0-4 4v1M9.5 10a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM21 19v-1a4 4 0 0 0-3-3.9M16 4.1a3 3 0 0 1 0 5.8',
  user: 'M20 21v-1a5 5 0 0 0-5-5H9a5 5 0 0 0-5 5v1M12 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8z',
};

/** What every match card shows: place, address, long date, time, levels, free places, creator. */
/** The free-places line: green while places are open, red when full, neutral once the match is over. */
export function placesFact(
  match: PlainMatchView,
  finished: boolean,
): { className: string; text: string } {
  const players = match.slots - match.missing_players + 1;
  if (finished) return { className: 'match-past', text: countOf(players, 'joueur', 'joueurs') };
  if (match.missing_players <= 0) return { className: 'match-full', text: MSG.match.full };
  return { className: 'match-open', text: placesAvailable(match.missing_players) };
}

export function MatchSummary({
  match,
  catalogue,
  headingLevel = 3,
  headingId,
  tags,
  finished = false,
}: MatchSummaryProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const places = placesFact(match, finished);
  return (
    <>
      <div className="match-head">
        <Heading className="match-place" id={headingId}>
          <Link className="match-link" to={`/matches/${match.id}`}>
            {match.place_name}
          </Link>
        </Heading>
        {tags}
      </div>
      <p className="match-address">
        <Icon path={ICONS.pin} />
        <span>
          {match.address}, {match.city}
        </span>
      </p>
      <ul className="match-facts">
        <li>
          <Icon path={ICONS.calendar} />
          <span className="match-date">{formatLongDate(match.date)}</span>
        </li>
        <li>
          <Icon path={ICONS.clock} />
          <span>{formatTime(match.time)}</span>
        </li>
        <li className={places.className}>
          <Icon path={ICONS.people} />
          <span>{places.text}</span>
        </li>
      </ul>
      <div className="match-badge-row">
        <LevelBadges levels={match.levels} catalogue={catalogue} />
        <KindBadges kind={match.kind} gender={match.gender} />
      </div>
      <p className="match-creator">
        <Icon path={ICONS.user} />
        <span>
          Créé par <strong>{match.creator_name}</strong>
        </span>
      </p>
    </>
  );
}
