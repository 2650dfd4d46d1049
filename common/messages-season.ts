/** The French texts of a group's table and the players' opt-in (issue 43), shared by server and client. */
export const TABLE_TEXT = {
  title: 'Classement',
  window: (days: number) => `Sur les ${days} derniers jours`,
  daysInvalid: (max: number) => `Indiquez une période de 1 à ${max} jours.`,
  rules: (min: number) =>
    `Matchs compétitifs et soirées compétitives du groupe : 3 points par victoire, 1 par partie jouée ; 3, 2 et 1 points de plus aux trois premiers d’une soirée. Classé à partir de ${min} parties.`,
  columns: { rank: 'Rang', player: 'Joueur', points: 'Points', played: 'Joués', wins: 'Victoires' },
  /** The column headings a phone shows (the full ones stay for screen readers). */
  columnsShort: { rank: '#', points: 'Pts', played: 'J', wins: 'V' },
  /** The periods a member may look at, in days. */
  periods: [30, 90, 365],
  period: 'Période',
  periodOption: (days: number) => (days === 365 ? '1 an' : `${days} jours`),
  unranked: 'Pas encore classé',
  empty:
    'Personne au classement pour l’instant : seuls les joueurs qui l’ont choisi y apparaissent.',
  you: '(vous)',
  optInLabel: 'Apparaître dans les classements de mes groupes',
  optInHint:
    'Vos points comptent toujours pour vos adversaires ; seul votre nom est montré ou caché.',
  optInInvalid: 'Indiquez oui ou non pour l’apparition dans les classements.',
  loadFailed: 'Impossible de charger le classement.',
  notShown: 'Vous n’apparaissez pas dans les classements.',
  showMe: 'Y apparaître',
  shown: 'Vous apparaissez désormais dans les classements.',
  saveFailed: 'Impossible d’enregistrer ce choix.',
  notShownNoLevel: 'Vous n’apparaissez pas dans les classements : choisissez-le dans Mon Profil.',
  toProfile: 'Ouvrir Mon Profil',
} as const;

export const LEVEL_VERDICTS = ['plus_bas', 'juste', 'plus_haut'] as const;
export type TLevelVerdict = (typeof LEVEL_VERDICTS)[number];

/** A co-player's anonymous word on a player's level after a confirmed result (issue 43). */
export const FEEDBACK_TEXT = {
  title: 'Leur niveau, selon vous',
  lead: 'Anonyme : personne ne voit qui a dit quoi. Vos réponses comptent dans les suggestions de niveau.',
  verdicts: {
    plus_bas: 'Niveau plus bas',
    juste: 'Niveau juste',
    plus_haut: 'Niveau plus haut',
  } satisfies Record<TLevelVerdict, string>,
  verdictInvalid: 'Choisissez « plus_bas », « juste » ou « plus_haut ».',
  saved: 'Merci : votre avis est enregistré, anonymement.',
  already: 'Vous avez déjà donné votre avis sur le niveau de ce joueur pour ce match.',
  noResult: 'Le niveau se juge après un résultat confirmé.',
  notPlayer:
    'Seuls les joueurs de ce résultat peuvent juger le niveau de leurs partenaires et adversaires.',
  notCoPlayer: 'Ce joueur n’a pas joué ce match avec vous.',
  self: 'On ne juge pas son propre niveau.',
  given: 'Avis donné',
  sendFailed: 'Impossible d’enregistrer votre avis. Réessayez.',
} as const;

/** Confirmed results before a player's level stops reading « provisoire » (issue 43). */
export const PROVISIONAL_UNTIL = 5;

export const LEVEL_TRUST_TEXT = {
  verified: 'vérifié',
  verifiedHint: 'Niveau vérifié par un administrateur ou l’administrateur d’un groupe du joueur.',
  // Each starts with its short visible text: a button's name must hold what it shows (axe).
  verify: (name: string) => `Marquer vérifié : niveau de ${name}`,
  unverify: (name: string) => `Retirer la vérification du niveau de ${name}`,
  /** The toggle's visible text (its accessible name is `verify` / `unverify`). */
  verifyShort: 'Marquer vérifié',
  unverifyShort: 'Retirer la vérification',
  verifiedSaved: 'Niveau marqué vérifié.',
  unverifiedSaved: 'Vérification du niveau retirée.',
  verifiedInvalid: 'Indiquez si le niveau est vérifié (true ou false).',
  noLevel: 'Ce joueur n’a pas de niveau à vérifier.',
  notMember: 'Ce joueur n’est pas membre du groupe.',
  userNotFound: 'Joueur introuvable.',
  provisional: 'provisoire',
  provisionalHint: (n: number) => `Niveau provisoire jusqu’à ${n} matchs confirmés.`,
} as const;
