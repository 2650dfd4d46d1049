/** The main destinations, shared by the top bar and the mobile menu. */
export const MAIN_LINKS = [
  { to: '/find-match', label: 'Trouver un match' },
  { to: '/create-match', label: 'Créer un match' },
  { to: '/my-matches', label: 'Mes matchs' },
  { to: '/groups', label: 'Groupes' },
] as const;

/** The help page, reached from the account menus. */
export const HELP_LINK = { to: '/aide', label: 'Aide' } as const;

/** The role shown under an admin's name in the mobile menu; a player's account needs no label. */
export const ADMIN_ROLE = 'Administrateur';
