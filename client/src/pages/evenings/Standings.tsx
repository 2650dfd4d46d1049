import { EVENING_UI } from '../../../../common/messages-evenings';
import type { TEvening } from '../../../../common/schemas/evenings';
import { TitledCard } from '../../components/ui';

const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

/** The live table: rank, name, points, games, wins and point difference; the viewer's row stands out. */
export function Standings({ e, me }: { e: TEvening; me: number | undefined }) {
  return (
    <TitledCard title={EVENING_UI.standingsTitle} className="evening-standings">
      {e.rounds.length === 0 ? (
        <p className="muted">{EVENING_UI.standingsEmpty}</p>
      ) : (
        <div className="evening-table-wrap">
          <table className="evening-table">
            <thead>
              <tr>
                <th scope="col">
                  <abbr title={EVENING_UI.colRank}>{EVENING_UI.colShort.rank}</abbr>
                </th>
                <th scope="col" className="evening-table-name">
                  {EVENING_UI.colName}
                </th>
                <th scope="col">
                  <abbr title={EVENING_UI.colPoints}>{EVENING_UI.colShort.points}</abbr>
                </th>
                <th scope="col">
                  <abbr title={EVENING_UI.colGames}>{EVENING_UI.colShort.games}</abbr>
                </th>
                <th scope="col">
                  <abbr title={EVENING_UI.colWins}>{EVENING_UI.colShort.wins}</abbr>
                </th>
                <th scope="col">
                  <abbr title={EVENING_UI.colDiff}>{EVENING_UI.colShort.diff}</abbr>
                </th>
              </tr>
            </thead>
            <tbody>
              {e.standings.map((s, i) => (
                <tr key={s.user_id} className={s.user_id === me ? 'evening-me' : undefined}>
                  <td>{i + 1}</td>
                  <td className="evening-table-name">{s.name}</td>
                  <td>{s.points}</td>
                  <td>{s.games}</td>
                  <td>{s.wins}</td>
                  <td>{signed(s.diff)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </TitledCard>
  );
}
