/**
 * The French texts of the admin dashboard and notice operations (issue 28). Apart from
 * `messages.ts` on purpose: that module is in every player's initial JavaScript, and these texts
 * are only needed by the admin screens (lazy chunks) and the server.
 */
export const DASHBOARD_MSG = {
  invalidFrom: 'La date de début doit être une date valide (AAAA-MM-JJ).',
  invalidTo: 'La date de fin doit être une date valide (AAAA-MM-JJ).',
  rangeOrder: 'La date de début doit précéder la date de fin.',
  rangeTooLong: (days: number) => `La période ne peut pas dépasser ${days} jours.`,
  invalidChannel: 'Canal inconnu : email, sms ou push.',
  noticeNotRetryable: 'Cette notification a déjà été relancée ou envoyée.',
  retried: (n: number) =>
    n === 0
      ? 'Aucune notification à relancer.'
      : n === 1
        ? '1 notification relancée.'
        : `${n} notifications relancées.`,
} as const;
