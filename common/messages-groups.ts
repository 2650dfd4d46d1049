/**
 * The French texts of groups, weekly slots and availability polls. Kept beside `messages.ts`
 * (same rule: written once, shared by server and client) so this feature's texts stay together.
 */
export const GROUP_MSG = {
  nameRequired: 'Donnez un nom au groupe (1 à 60 caractères).',
  descriptionTooLong: 'La description tient en 300 caractères au plus.',
  notFound: 'Groupe introuvable.',
  adminOnly: 'Réservé aux administrateurs du groupe.',
  inviteInvalid: "Ce lien d'invitation n'est pas valide.",
  barred:
    "Vous avez été retiré de ce groupe : ce lien ne vous permet plus d'y revenir. Demandez à un administrateur du groupe de vous réinviter.",
  inviteRenewed: "Nouveau lien d'invitation créé : l'ancien ne fonctionne plus.",
  reinvited: (name: string) =>
    `${name} peut de nouveau rejoindre le groupe avec le lien d'invitation.`,
  notRemoved: "Ce joueur n'a pas été retiré du groupe.",
  joined: (name: string) => `Vous avez rejoint le groupe « ${name} ».`,
  alreadyMember: 'Vous êtes déjà membre de ce groupe.',
  left: 'Vous avez quitté le groupe.',
  lastAdmin:
    'Vous êtes le dernier administrateur : nommez-en un autre ou supprimez le groupe avant de partir.',
  notMember: "Ce joueur n'est pas membre du groupe.",
  removeSelf: 'Pour partir vous-même, utilisez « Quitter le groupe ».',
  removed: 'Le membre a été retiré du groupe.',
  updated: 'Groupe mis à jour.',
  deleted: 'Groupe supprimé.',
  priorityInvalid: 'La priorité du groupe va de 0 à 168 heures.',
  weekdayInvalid: 'Choisissez un jour de la semaine.',
  daysAheadInvalid: "L'ouverture se fait de 0 à 60 jours avant le match.",
  slotNotFound: 'Créneau introuvable.',
  slotDeleted: 'Créneau supprimé.',
  slotPaused: 'Créneau en pause.',
  slotResumed: 'Créneau réactivé.',
  skipped: (day: string) => `Pas de match le ${day}.`,
  skipAlready: 'Cette date est déjà traitée pour ce créneau.',
  skipWrongDay: 'Cette date ne tombe pas le jour du créneau.',
  pollSlotsCount: 'Proposez de 2 à 5 créneaux.',
  pollSizeInvalid: 'Il faut de 2 à 20 « oui » pour faire un match.',
  pollClosesInvalid: 'Choisissez une heure de clôture à venir, avant le premier créneau.',
  pollNotFound: 'Sondage introuvable.',
  pollClosed: 'Ce sondage est clos.',
  pollMatched:
    'Le match de ce sondage est fait : les réponses sont closes. Rejoignez le match depuis sa page.',
  pollAnswerInvalid: 'Répondez « oui », « non » ou « peut-être ».',
  pollSlotUnknown: "Ce créneau n'appartient pas à ce sondage.",
  notify: {
    groupMatchSubject: (group: string) => `Nouveau match pour le groupe ${group}`,
    groupMatch: (group: string, when: string, place: string) =>
      `Un match pour le groupe « ${group} » : ${when} à ${place}. Les membres sont prioritaires.`,
    groupEveningSubject: (group: string) => `Nouvelle soirée pour le groupe ${group}`,
    groupEvening: (group: string, format: string, when: string, place: string) =>
      `Une soirée ${format} pour le groupe « ${group} » : ${when} à ${place}. Inscrivez-vous depuis sa page.`,
    pollMatchSubject: (group: string) => `Sondage du groupe ${group} : le match est fait`,
    pollMatch: (when: string, place: string, isIn: boolean) =>
      isIn
        ? `Assez de « oui » : vous jouez ${when} à ${place}.`
        : `Assez de « oui » : match ${when} à ${place}, vous êtes sur la liste d'attente.`,
    pollMatchOthers: (when: string, place: string) =>
      `Le sondage est clos : le match aura lieu ${when} à ${place}. S'il reste des places, rejoignez-le depuis sa page.`,
    pollFailedSubject: (group: string) => `Sondage du groupe ${group} clos`,
    pollFailed: (group: string) =>
      `Le sondage du groupe « ${group} » est clos sans assez de « oui » : pas de match cette fois.`,
    slotInactiveSubject: 'Créneau récurrent : match non créé',
    slotInactive: (day: string, place: string) =>
      `Pas de match le ${day} : le lieu « ${place} » n'est plus disponible. Changez le lieu du créneau.`,
    seeGroup: (url: string) => `Voir le groupe : ${url}`,
  },
} as const;
