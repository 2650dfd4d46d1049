import { dayParts, formatLongDate } from '../../lib/format';

/**
 * The content of a day chip: weekday, day and month shown short. The long date is the accessible
 * name; the short visible parts are hidden from it (an aria-label that does not contain the visible
 * text fails WCAG 2.5.3).
 */
export function DayChipLabel({ date }: { date: string }) {
  const parts = dayParts(date);
  return (
    <>
      <span className="visually-hidden">{formatLongDate(date)}</span>
      <span className="date-chip-weekday" aria-hidden="true">
        {parts.weekday}
      </span>
      <span className="date-chip-day" aria-hidden="true">
        {parts.day}
      </span>
      <span className="date-chip-month" aria-hidden="true">
        {parts.month}
      </span>
    </>
  );
}
