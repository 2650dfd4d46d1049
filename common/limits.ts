/** Business constants of spec section 9. */
import { version } from '../package.json';

export const APP_NAME = 'Padel Match';
/** package.json is the one place the version is written; bundlers inline this single field. */
export const APP_VERSION = version;

export const PIN_LENGTH = 4;
export const OTP_LENGTH = 6;
export const OTP_RESEND_SECONDS = 300;
export const OTP_TTL_MINUTES = 10;
export const OTP_MAX_ATTEMPTS = 5;
/** How long a verified e-mail (or phone) stays good for registering or resetting a PIN. */
export const OTP_PROOF_MINUTES = 30;

export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_LOCK_MINUTES = 15;

export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;
export const PHOTO_MAX_SIDE = 800;
export const PHOTO_QUALITY_RESIZED = 0.6;
export const PHOTO_QUALITY_KEPT = 0.7;

export const HOME_RECENT_MATCHES = 3;
export const EDIT_MATCH_MAX_LEVELS = 3;
export const EDIT_MATCH_DAYS = 30;
export const DAYS_PER_MONTH = 30;

export const LEVEL_ORDRE_MIN = 1;
export const LEVEL_ORDRE_MAX = 20;
export const DEFAULT_LEVEL_COLOUR = '#4CAF50';
export const DEFAULT_SMTP_PORT = 587;
/** The sender name of every mail while the admin gave none. */
export const DEFAULT_MAIL_FROM_NAME = 'Padel Match';

/** Share pages (`/m/:id`, sequential ids) per IP and minute: a group chat never comes close; listing every match does. */
export const SHARE_PAGES_PER_MINUTE = 120;
/** Personal-data exports per account and hour: each one reads everything about the player. */
export const EXPORTS_PER_HOUR = 5;

export const NOTICE_TIMEOUT_MS = 5000;
export const PIN_SUCCESS_DELAY_MS = 1500;
export const MOBILE_MENU_CLOSE_MS = 300;

export const SETTING_KEYS = ['max_places', 'max_levels_selection', 'months_ahead'] as const;
export type SettingKey = (typeof SETTING_KEYS)[number];
export type Settings = Record<SettingKey, number>;

export const DEFAULT_SETTINGS: Settings = {
  max_places: 3,
  max_levels_selection: 3,
  months_ahead: 1,
};
export const SETTING_MAX: Settings = { max_places: 10, max_levels_selection: 10, months_ahead: 12 };
export const SETTING_DESCRIPTIONS: Record<SettingKey, string> = {
  max_places: 'Le nombre maximum de places par match',
  max_levels_selection: 'Le nombre maximum de niveaux sélectionnables',
  months_ahead: 'Le nombre de mois à l’avance pour créer un match',
};
