/**
 * French weekday names, Monday first: index `n - 1` is ISO weekday `n` (1 = lundi … 7 = dimanche),
 * as alerts, weekly slots and the admin dashboard number them.
 */
export const WEEKDAYS = [
  'lundi',
  'mardi',
  'mercredi',
  'jeudi',
  'vendredi',
  'samedi',
  'dimanche',
] as const;

/** « lun. », « mar. »…: where a list of days must stay short. */
export const WEEKDAYS_SHORT = WEEKDAYS.map((day) => `${day.slice(0, 3)}.`);
