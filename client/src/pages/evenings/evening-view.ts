import { EVENING_UI } from '../../../../common/messages-evenings';
import type { TEvening, TEveningGame } from '../../../../common/schemas/evenings';
import type { EveningFormat } from '../../../../common/evenings/types';

/** A user id's name as the server gave it (« Prénom N. »), for anyone the evening mentions. */
export function namesOf(e: TEvening): (userId: number) => string {
  const names = new Map<number, string>();
  for (const p of [e.organiser, ...e.players, ...e.standings]) names.set(p.user_id, p.name);
  return (userId) => names.get(userId) ?? EVENING_UI.someone;
}

/** The round being played (the last one generated), if the evening has started. */
export const currentRoundOf = (e: TEvening) =>
  e.rounds.find((r) => r.number === e.current_round) ?? e.rounds[e.rounds.length - 1];

/** Where `userId` plays in the current round: the game, their partner and the two opponents. */
export function nextGameOf(e: TEvening, userId: number) {
  const round = currentRoundOf(e);
  if (!round) return null;
  for (const game of round.games) {
    const side = game.teams.findIndex((t) => t.includes(userId));
    if (side < 0) continue;
    const team = game.teams[side]!;
    return {
      round: round.number,
      game,
      partner: team[0] === userId ? team[1] : team[0],
      opponents: game.teams[1 - side]!,
    };
  }
  return { round: round.number, game: null, sittingOut: round.sitting_out.includes(userId) };
}

/** The pairing rules' name of the format (`common/evenings` calls « Roi du terrain » `king`). */
export const rulesFormat = (e: TEvening): EveningFormat =>
  e.format === 'roi_du_terrain' ? 'king' : e.format;

/** « Julie M. et Marc D. » */
export const teamName = (team: TEveningGame['teams'][number], name: (id: number) => string) =>
  EVENING_UI.team(name(team[0]), name(team[1]));

/** The evening's link; a private one carries its token (only its organiser and players get it). */
export const eveningLink = (e: TEvening) =>
  `${window.location.origin}/soirees/${e.id}${e.visibility === 'private' && e.share_token ? `?token=${e.share_token}` : ''}`;
