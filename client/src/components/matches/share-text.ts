import { MSG } from '../../../../common/messages';
import { formatLongDate, formatTime, placesAvailable } from '../../lib/format';

/** What a shared match says in a chat, next to its link: places, levels, when, where. */
export const shareText = (m: {
  missing_players: number;
  levels: readonly string[];
  date: string;
  time: string;
  place_name: string;
}) =>
  `${m.missing_players > 0 ? placesAvailable(m.missing_players) : MSG.match.full} — ${m.levels.join(', ')} — ${formatLongDate(m.date)} ${formatTime(m.time)} — ${m.place_name}`;
