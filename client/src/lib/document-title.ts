import { useEffect } from 'react';
import { APP_NAME } from '../../../common/limits';

/** Titles of the routes of spec section 2 (the tab, the history and screen readers name the screen). */
export const ROUTE_TITLES: Readonly<Record<string, string>> = {
  '/': 'Accueil',
  '/profile': 'Mon Profil',
  '/find-match': 'Trouver un match',
  '/create-match': 'Créer un match',
  '/my-matches': 'Mes matchs',
  '/admin': 'Administration',
  '/aide': 'Aide',
};

/** Routes whose screen names itself from what it shows (a match's or an evening's page: its day). */
export const SELF_TITLED = /^\/(matches|soirees)\//;

/**
 * Sets the document title to "<screen> — Padel Match" (just "Padel Match" without a screen name);
 * null leaves it to the screen itself.
 */
export function useDocumentTitle(screen: string | null | undefined) {
  useEffect(() => {
    if (screen === null) return;
    document.title = screen ? `${screen} — ${APP_NAME}` : APP_NAME;
  }, [screen]);
}
