/** The main destinations, shared by the top bar and the mobile menu. */
export const MAIN_LINKS = [
  { to: '/find-match', label: 'Trouver un match' },
  { to: '/create-match', label: 'Créer un match' },
  { to: '/my-matches', label: 'Mes matchs' },
  { to: '/groups', label: 'Groupes' },
] as const;

export const ACCOUNT_TYPE = {
  admin: 'Compte Administrateur',
  standard: 'Compte Standard',
} as const;
