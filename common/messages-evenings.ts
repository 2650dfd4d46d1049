/**
 * The French texts of padel evenings (Americano, Mexicano, « Roi du terrain »), shared by server and
 * client. The score checks' texts are with the pairing rules (`common/evenings/scores.ts`).
 */
export const EVENING_FORMATS = {
  americano: 'Americano',
  mexicano: 'Mexicano',
  roi_du_terrain: 'Roi du terrain',
} as const;

export const EVENING_STATUS = {
  open: 'Inscriptions',
  running: 'En cours',
  finished: 'Terminée',
} as const;

export const EVENING_TEXT = {
  formatInvalid: 'Choisissez un format : Americano, Mexicano ou Roi du terrain.',
  courtsRange: 'Le nombre de terrains va de 1 à 8.',
  capRange: 'Le nombre de joueurs va de 4 à 32.',
  pointsRange: 'Les points par match vont de 4 à 99.',
  priceRange: 'Le prix par joueur va de 0 à 1 000 €.',
  notFound: 'Soirée introuvable.',
  organiserOnly: "Réservé à l'organisateur de la soirée.",
  signupsClosed: 'Les inscriptions à cette soirée sont closes.',
  notOpen: 'La soirée a déjà commencé.',
  finished: 'La soirée est terminée.',
  notRunning: "La soirée n'a pas commencé.",
  tooFewPlayers: 'Il faut au moins 4 joueurs pour lancer la soirée.',
  scoresMissing: (courts: number) =>
    courts === 1
      ? 'Le score du match de ce tour manque encore.'
      : `Il manque encore ${courts} scores de ce tour.`,
  roundMoved: 'Un autre tour vient d’être lancé : la page est à jour.',
  gameNotFound: 'Match de la soirée introuvable.',
  notYourGame: 'Seuls les joueurs de ce match et l’organisateur saisissent son score.',
  roundClosed: 'Ce tour est clos : seul l’organisateur peut encore corriger son score.',
  scoreTaken: (a: number, b: number) =>
    `Un score vient d’être saisi pour ce match : ${a}–${b}. Corrigez-le si besoin.`,
  notWaiting: "Ce joueur n'est pas sur la liste d'attente de la soirée.",
  notPlayer: "Ce joueur n'est pas inscrit à la soirée.",
  joinFromEvening: 'C’est une soirée : inscrivez-vous depuis sa page.',
  created: 'Soirée créée.',
  signedUp: 'Vous êtes inscrit à la soirée.',
  waiting: (position: number) =>
    `La soirée est complète : vous êtes n° ${position} sur la liste d'attente.`,
  left: 'Vous êtes désinscrit de la soirée.',
  leftWaitlist: "Vous avez quitté la liste d'attente de la soirée.",
  alreadySignedUp: 'Vous êtes déjà inscrit à cette soirée.',
  notSignedUp: "Vous n'êtes pas inscrit à cette soirée.",
  closed: 'Inscriptions closes.',
  reopened: 'Inscriptions rouvertes.',
  started: 'La soirée commence : tour 1 lancé.',
  roundStarted: (n: number) => `Tour ${n} lancé.`,
  scoreSaved: 'Score enregistré.',
  finishedNow: 'Soirée terminée : le classement est figé.',
  added: 'Joueur ajouté : il joue dès le prochain tour.',
  removed: 'Joueur retiré de la soirée.',
  notify: {
    signedUpSubject: 'Inscription à la soirée confirmée',
    signedUp: (format: string, when: string, place: string) =>
      `Vous êtes inscrit à la soirée ${format} du ${when} (${place}).`,
    startedSubject: (format: string) => `La soirée ${format} commence`,
    roundSubject: (n: number) => `Tour ${n} lancé`,
    game: (n: number, court: number, partner: string, a: string, b: string) =>
      `Tour ${n} : terrain ${court}, avec ${partner} contre ${a} et ${b}.`,
    sittingOut: (n: number) => `Tour ${n} : vous passez ce tour.`,
    finishedSubject: 'Classement final de la soirée',
    finished: (rank: number, count: number, points: number) =>
      `La soirée est terminée : vous finissez ${rank === 1 ? '1er' : `${rank}e`} sur ${count} avec ${points} points.`,
  },
} as const;

/** The player's next game, as the evening page and the round's notice say it. */
export const myNextGame = (court: number, partner: string, a: string, b: string) =>
  `Mon prochain match : terrain ${court}, avec ${partner} contre ${a} et ${b}`;
