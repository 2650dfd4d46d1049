/**
 * The kinds of notice a player can turn off one by one (issue 41; DESIGN.md "notification
 * preferences"). A notice about the player's own match (a join, a leave, a change, a request)
 * belongs to none: it goes out on the player's channels whatever these say. Security codes are
 * mailed directly, never through these.
 */
export const NOTICE_TYPES = [
  'new_match',
  'refill',
  'chat',
  'results',
  'reminders',
  'groups',
] as const;
export type TNoticeType = (typeof NOTICE_TYPES)[number];

/** The type each outbox `event` (and push kind) falls under. */
export const NOTICE_TYPE_OF: Readonly<Record<string, TNoticeType>> = {
  group_match: 'new_match',
  group_evening: 'new_match',
  poll_match: 'new_match',
  want_alert: 'refill',
  refill: 'refill',
  alert: 'refill',
  message: 'chat',
  resultPrompt: 'results',
  resultEntered: 'results',
  noShow: 'results',
  evening_finished: 'results',
  reminder: 'reminders',
  court_reminder: 'reminders',
  payment_reminder: 'reminders',
  soon: 'reminders',
  poll_closed: 'groups',
  slot_skipped: 'groups',
};

/** Quiet hours a new player starts with: notices that can wait are held from 22:00 to 08:00. */
export const DEFAULT_QUIET_HOURS = { from: '22:00', to: '08:00' } as const;
/** A notice about a match starting this soon is urgent: quiet hours do not hold it. */
export const URGENT_WITHIN_MS = 3 * 3_600_000;

/** The profile's French texts for these preferences. */
export const PREFS_TEXT = {
  title: 'Notifications',
  channelsTitle: 'Par quel moyen',
  typesTitle: 'De quoi me prévenir',
  channels: {
    email: 'Par email',
    sms: 'Par SMS',
    push: 'Sur mes téléphones (notifications push)',
  },
  types: {
    new_match: 'Nouveaux matchs de mes groupes',
    refill: 'Places libérées et alertes « Je veux jouer »',
    chat: 'Messages des discussions',
    results: 'Résultats et scores',
    reminders: 'Rappels avant mes matchs',
    groups: 'Sondages et créneaux de mes groupes',
  } satisfies Record<TNoticeType, string>,
  ownMatches:
    'Les nouvelles de vos propres matchs (inscriptions, départs, changements) vous parviennent toujours par les moyens choisis ; les codes de sécurité aussi.',
  quiet: 'Heures calmes',
  quietHint:
    'Pendant ces heures, les notifications attendent la fin de la plage, sauf pour un match qui commence dans moins de 3 h.',
  quietFrom: 'De',
  quietTo: 'À',
  quietSame: 'Les heures calmes doivent commencer et finir à des heures différentes.',
  time: 'Indiquez une heure au format HH:MM (ex. 22:00).',
  invalid: 'Préférences de notification invalides.',
  saved: 'Préférences de notification enregistrées.',
  unsubscribeAsk: (type: string) =>
    `Ne plus recevoir de notifications « ${type} » de Padel Match ?`,
  unsubscribeDone: (type: string) =>
    `Vous ne recevrez plus de notifications « ${type} ». Vous pouvez les réactiver dans votre profil.`,
} as const;
