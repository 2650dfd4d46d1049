import { EVENING_UI } from '../../../../common/messages-evenings';
import type { TEvening, TEveningGame } from '../../../../common/schemas/evenings';
import { rulesFormat, teamName } from './evening-view';
import { ScoreEntry } from './ScoreEntry';

interface RoundGamesProps {
  e: TEvening;
  games: readonly TEveningGame[];
  name: (userId: number) => string;
  /** Whether the viewer may enter this game's score here. */
  editable: (game: TEveningGame) => boolean;
  savingGame: number | null;
  onScore: (game: TEveningGame, score: [number, number], previous: [number, number] | null) => void;
}

/** A round's games, court by court: the score entry where the viewer may write it, else the score. */
export function RoundGames({ e, games, name, editable, savingGame, onScore }: RoundGamesProps) {
  return (
    <ul className="evening-games">
      {games.map((game) => {
        const teams: [string, string] = [
          teamName(game.teams[0], name),
          teamName(game.teams[1], name),
        ];
        return (
          <li key={game.id} className="evening-game">
            <p className="evening-court">
              {EVENING_UI.court(game.court)}
              {e.format === 'roi_du_terrain' && game.court === 1 && (
                <span className="badge badge-primary">{EVENING_UI.kingCourt}</span>
              )}
            </p>
            {editable(game) ? (
              <ScoreEntry
                // A score saved by someone else (live) starts the entry again from it.
                key={game.score ? game.score.join('-') : 'none'}
                game={game}
                teams={teams}
                format={rulesFormat(e)}
                pointsPerGame={e.points_per_game}
                saving={savingGame === game.id}
                onSave={(score, previous) => onScore(game, score, previous)}
              />
            ) : (
              <>
                <dl className="evening-result">
                  <dt>{teams[0]}</dt>
                  <dd>{game.score ? game.score[0] : '–'}</dd>
                  <dt>{teams[1]}</dt>
                  <dd>{game.score ? game.score[1] : '–'}</dd>
                </dl>
                {!game.score && <p className="muted">{EVENING_UI.noScore}</p>}
              </>
            )}
          </li>
        );
      })}
    </ul>
  );
}
