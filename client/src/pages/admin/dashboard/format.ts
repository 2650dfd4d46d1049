import { WEEKDAYS } from '../../../../../common/weekdays';
const NUMBER = new Intl.NumberFormat('fr-FR');
const PERCENT = new Intl.NumberFormat('fr-FR', { style: 'percent', maximumFractionDigits: 0 });
const DAY = new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'short', timeZone: 'UTC' });

export const fmtNumber = (n: number) => NUMBER.format(n);
export const fmtPercent = (r: number | null) => (r === null ? '—' : PERCENT.format(r));
/** "25 mai" from "2026-05-25". */
export const fmtWeek = (day: string) => DAY.format(new Date(`${day}T00:00:00Z`));

/** "45 min", "2 h 30 min", "3 j 4 h": a duration as an admin reads it. */
export function fmtDuration(seconds: number | null): string {
  if (seconds === null) return '—';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  const days = Math.floor(hours / 24);
  return hours % 24 ? `${days} j ${hours % 24} h` : `${days} j`;
}

/** « Lun », « Mar »…: the heat map's column heads. */
export const DAYS = WEEKDAYS.map((day) => `${day[0]!.toUpperCase()}${day.slice(1, 3)}`);
export const CHANNELS: Record<string, string> = { email: 'E-mail', sms: 'SMS', push: 'Push' };
