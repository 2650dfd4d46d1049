/**
 * The French texts of a match's kind and gender rule, its court and its cost (issue 42), shared by
 * server and client.
 */

export const MATCH_KINDS = ['amical', 'competitif'] as const;
export type TMatchKind = (typeof MATCH_KINDS)[number];
export const MATCH_GENDERS = ['ouvert', 'hommes', 'femmes', 'mixte'] as const;
export type TMatchGender = (typeof MATCH_GENDERS)[number];
export const PLAYER_GENDERS = ['homme', 'femme'] as const;
export type TPlayerGender = (typeof PLAYER_GENDERS)[number];

export const KIND_TEXT = {
  label: 'Type de match',
  names: { amical: 'Amical', competitif: 'Compétitif' } satisfies Record<TMatchKind, string>,
  hint: 'Seul un match compétitif fait évoluer les niveaux ; un match amical compte dans l’historique.',
  invalid: 'Choisissez « Amical » ou « Compétitif ».',
  filterAll: 'Amical ou compétitif',
  started: 'Un match commencé garde son type : son résultat est jugé selon lui.',
} as const;

export const GENDER_TEXT = {
  label: 'Qui peut jouer',
  names: {
    ouvert: 'Ouvert',
    hommes: 'Hommes',
    femmes: 'Femmes',
    mixte: 'Mixte',
  } satisfies Record<TMatchGender, string>,
  invalid: 'Choisissez « Ouvert », « Hommes », « Femmes » ou « Mixte ».',
  filterAll: 'Tous les matchs',
  profileLabel: 'Genre (pour les matchs Hommes, Femmes et Mixte ; jamais montré aux autres)',
  profileNone: 'Non précisé',
  players: { homme: 'Homme', femme: 'Femme' } satisfies Record<TPlayerGender, string>,
  playerInvalid: 'Choisissez « Homme » ou « Femme ».',
  /** A join or a create that needs the player's gender, which they have not given. */
  needed:
    'Ce match est réservé (Hommes, Femmes ou Mixte) : indiquez si vous êtes un homme ou une femme.',
  askTitle: 'Vous êtes…',
  askSave: 'Enregistrer et rejoindre',
  closed: {
    hommes: 'Ce match est réservé aux hommes.',
    femmes: 'Ce match est réservé aux femmes.',
    mixte: (player: TPlayerGender) =>
      player === 'homme'
        ? 'Ce match mixte a déjà ses deux hommes : il reste des places pour des femmes.'
        : 'Ce match mixte a déjà ses deux femmes : il reste des places pour des hommes.',
  },
  organiserNeeded:
    'Indiquez d’abord dans votre profil si vous êtes un homme ou une femme pour créer un match Hommes, Femmes ou Mixte.',
  ruleBreaksPlayers:
    'Cette règle ne correspond pas aux joueurs du match (vous compris) : choisissez-en une autre.',
  mixteTeams: 'Match mixte : chaque équipe compte un homme et une femme.',
} as const;

export const COURT_TEXT = {
  title: 'Terrain',
  book: 'Réserver le terrain',
  iBooked: 'J’ai réservé le terrain',
  unmark: 'Annuler la réservation',
  bookedBy: (name: string) => `Terrain réservé par ${name}`,
  notBooked: 'Terrain pas encore réservé.',
  booked: 'Terrain marqué réservé.',
  unbooked: 'Réservation du terrain annulée.',
  playersOnly: 'Seuls les joueurs du match peuvent indiquer la réservation du terrain.',
  bookedInvalid: 'Indiquez si le terrain est réservé (true ou false).',
  indoor: 'Intérieur',
  outdoor: 'Extérieur',
  bookingUrlInvalid:
    'Le lien de réservation doit être une adresse https:// valide (500 caractères au plus).',
  bookingUrlLabel: 'Lien de réservation (site du club, Playtomic, Anybuddy)',
  indoorLabel: 'Terrains',
  indoorInvalid:
    'Indiquez si les terrains sont en intérieur (true), en extérieur (false) ou non précisé (null).',
  indoorUnknown: 'Non précisé',
  chat: {
    booked: (first: string) => `${first} a réservé le terrain`,
    unbooked: (first: string) => `${first} a annulé la réservation du terrain`,
    cleared: 'Le match a changé : le terrain est à réserver de nouveau.',
  },
  notify: {
    remindSubject: 'Terrain à réserver',
    remind: (when: string, place: string) =>
      `Votre match ${when} à ${place} est complet mais personne n’a indiqué avoir réservé le terrain. Pensez-y :`,
    cleared: 'Le match a changé : la réservation du terrain est à refaire.',
  },
} as const;

export const COST_TEXT = {
  title: 'Prix du terrain',
  priceLabel: 'Prix du terrain (total, €, facultatif)',
  priceInvalid: 'Le prix du terrain va de 0 à 10 000 €, au centime près.',
  total: (euros: string) => `${euros} € le terrain`,
  share: (euros: string) => `${euros} € par joueur`,
  whoPaid: 'Qui a payé',
  paid: 'Payé',
  unpaid: 'Pas encore payé',
  iPaid: 'J’ai payé ma part',
  markPaid: (name: string) => `Marquer ${name} comme ayant payé`,
  markUnpaid: (name: string) => `Marquer ${name} comme n’ayant pas payé`,
  undo: 'Annuler',
  noPrice: 'Aucun prix indiqué pour ce match.',
  recordedOnly: 'Rien n’est prélevé : c’est un simple suivi entre joueurs.',
  playersOnly: 'Seuls les joueurs du match voient qui a payé.',
  selfOrOrganiser: 'Seul le joueur lui-même ou l’organisateur peut changer ce paiement.',
  notAPlayer: 'Cette personne ne joue pas dans ce match.',
  noPriceYet: 'Indiquez d’abord le prix du terrain.',
  paidInvalid: 'Indiquez si la part est payée (true ou false).',
  savedPaid: 'Paiement enregistré.',
  savedUnpaid: 'Paiement retiré.',
  notify: {
    remindSubject: 'Votre part du terrain',
    remind: (when: string, place: string, euros: string) =>
      `Match ${when} à ${place} : votre part du terrain (${euros} €) n’est pas encore marquée payée. Réglez-la à l’organisateur puis cochez « J’ai payé ma part » :`,
  },
} as const;

/** "12,50": cents as French euros, always two decimals. */
export const euros = (cents: number) => (cents / 100).toFixed(2).replace('.', ',');

/**
 * Each player's share of the court, organiser first: the price ÷ players rounded down to the cent,
 * the remainder on the organiser (so the shares always add up to the price).
 */
export function sharesOf(priceCents: number, players: number): { organiser: number; each: number } {
  const n = Math.max(players, 1);
  const each = Math.floor(priceCents / n);
  return { each, organiser: priceCents - each * (n - 1) };
}

/** The client's own words around the kind, gender rule, court and cost (issue 42). */
export const COURT_UI = {
  /** Under « Vous êtes… » in the create form and the join dialog. */
  genderAskHint:
    'Enregistré dans votre profil pour les matchs Hommes, Femmes et Mixte ; jamais montré aux autres.',
  /** A card's button when the rule leaves the viewer out (Hommes / Femmes). */
  reserved: {
    hommes: 'Réservé aux hommes',
    femmes: 'Réservé aux femmes',
  },
  cancel: 'Annuler',
  /** Each player's share in the « Qui a payé » list. */
  amount: (euros: string) => `${euros} €`,
  newTab: '(nouvel onglet)',
} as const;
