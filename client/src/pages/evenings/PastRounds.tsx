import { EVENING_UI } from '../../../../common/messages-evenings';
import type { TEvening, TEveningGame } from '../../../../common/schemas/evenings';
import { TitledCard } from '../../components/ui';
import { RoundGames } from './RoundGames';

interface PastRoundsProps {
  e: TEvening;
  /** The round shown above (the current one): every other round is listed here. */
  current: number;
  name: (userId: number) => string;
  savingGame: number | null;
  onScore: (game: TEveningGame, score: [number, number], previous: [number, number] | null) => void;
}

/**
 * The rounds already played, folded, latest first: what happened, and for the organiser of a
 * running evening the place to fix a wrong score (the table follows; the next pairings do too).
 */
export function PastRounds({ e, current, name, savingGame, onScore }: PastRoundsProps) {
  const past = e.rounds.filter((r) => r.number !== current).reverse();
  if (past.length === 0) return null;
  const fixable = e.status === 'running' && e.me.organiser;
  return (
    <TitledCard title={EVENING_UI.pastRoundsTitle} className="evening-past">
      {past.map((r) => (
        <details key={r.number} className="evening-past-round">
          <summary>{EVENING_UI.roundTitle(r.number)}</summary>
          <RoundGames
            e={e}
            games={r.games}
            name={name}
            editable={() => fixable}
            savingGame={savingGame}
            onScore={onScore}
          />
        </details>
      ))}
    </TitledCard>
  );
}
