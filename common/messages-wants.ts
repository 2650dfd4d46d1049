/** The French texts of « Je veux jouer » alerts (issue 41), shared by server and client. */
export const WANT_TEXT = {
  weekdays: 'Choisissez au moins un jour de la semaine.',
  time: 'Indiquez une heure au format HH:MM (ex. 18:30).',
  windowOrder: 'L’heure de fin doit être après l’heure de début.',
  places: 'Choisissez au moins un lieu.',
  tooManyPlaces: 'Choisissez au plus 20 lieux.',
  unknownPlace: 'Ce lieu n’existe pas ou n’est plus proposé.',
  unknownLevel: 'Ce niveau n’existe pas.',
  tooMany: (max: number) =>
    `Vous avez déjà ${max} alertes : supprimez-en une pour en créer une autre.`,
  notFound: 'Alerte introuvable.',
  created: 'Alerte créée : nous vous prévenons dès qu’un match correspond.',
  renewed: 'Alerte prolongée de 30 jours.',
  deleted: 'Alerte supprimée.',
  notify: {
    subject: 'Un match pour vous',
    match: (when: string, place: string, free: number) =>
      `Je veux jouer : un match ${when} à ${place}, ${free === 1 ? '1 place libre' : `${free} places libres`}. Rejoindre en un geste :`,
    evening: (format: string, when: string, place: string) =>
      `Je veux jouer : une soirée ${format} ${when} à ${place}. S’inscrire en un geste :`,
    refillSubject: 'Une place s’est libérée',
    refill: (when: string, place: string) =>
      `Une place s’est libérée : match ${when} à ${place}. Le premier qui rejoint la prend :`,
    more: (n: number) =>
      n === 1
        ? 'Et 1 autre match correspondait à vos alertes aujourd’hui : voyez « Trouver ».'
        : `Et ${n} autres matchs correspondaient à vos alertes aujourd’hui : voyez « Trouver ».`,
  },
} as const;

/** What the organiser of a match being refilled reads on its page. */
export const REFILL_TEXT = {
  offered: (n: number) => (n === 1 ? 'Place proposée à 1 joueur' : `Place proposée à ${n} joueurs`),
} as const;

/** The « Mes alertes » screen's own texts. */
export const WANT_UI = {
  title: 'Mes alertes',
  listTitle: 'Alertes enregistrées',
  lead: 'Dites quand et où vous voulez jouer : nous vous prévenons dès qu’un match correspond.',
  empty: 'Aucune alerte pour l’instant.',
  add: 'Nouvelle alerte',
  save: 'Créer l’alerte',
  cancel: 'Annuler',
  weekdaysLabel: 'Jours',
  fromLabel: 'De',
  toLabel: 'À',
  placesLabel: 'Lieux',
  levelLabel: 'Niveau',
  levelMine: 'Mon niveau',
  expires: (date: string) => `Jusqu’au ${date}`,
  expired: 'Expirée',
  renew: 'Prolonger 30 jours',
  remove: 'Supprimer',
  removeLabel: (what: string) => `Supprimer l’alerte ${what}`,
  renewLabel: (what: string) => `Prolonger l’alerte ${what}`,
  count: (n: number, max: number) => `${n} sur ${max} alertes`,
  loadFailed: 'Impossible de charger vos alertes.',
  actionFailed: 'Action impossible.',
  link: 'Je veux jouer : mes alertes',
} as const;
