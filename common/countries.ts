export interface Country {
  code: string;
  name: string;
  flag: string;
  dialCode: string;
}

const flagOf = (code: string) =>
  String.fromCodePoint(...[...code].map((c) => 0x1f1e6 + c.charCodeAt(0) - 65));

const entries: [string, string, string][] = [
  ['FR', 'France', '+33'],
  ['BE', 'Belgique', '+32'],
  ['CH', 'Suisse', '+41'],
  ['ES', 'Espagne', '+34'],
  ['IT', 'Italie', '+39'],
  ['DE', 'Allemagne', '+49'],
  ['GB', 'Royaume-Uni', '+44'],
  ['US', 'États-Unis', '+1'],
  ['CA', 'Canada', '+1'],
  ['MA', 'Maroc', '+212'],
  ['TN', 'Tunisie', '+216'],
  ['DZ', 'Algérie', '+213'],
  ['SN', 'Sénégal', '+221'],
  ['CI', "Côte d'Ivoire", '+225'],
  ['CM', 'Cameroun', '+237'],
  ['ML', 'Mali', '+223'],
  ['BF', 'Burkina Faso', '+226'],
  ['NE', 'Niger', '+227'],
  ['TD', 'Tchad', '+235'],
  ['MG', 'Madagascar', '+261'],
  ['RE', 'La Réunion', '+262'],
  ['GP', 'Guadeloupe', '+590'],
  ['MQ', 'Martinique', '+596'],
  ['GF', 'Guyane française', '+594'],
  ['YT', 'Mayotte', '+262'],
  ['NC', 'Nouvelle-Calédonie', '+687'],
  ['PF', 'Polynésie française', '+689'],
  ['WF', 'Wallis-et-Futuna', '+681'],
  ['PM', 'Saint-Pierre-et-Miquelon', '+508'],
  ['BL', 'Saint-Barthélemy', '+590'],
  ['MF', 'Saint-Martin', '+590'],
];

/** The 31 supported countries, France first (the default). */
export const COUNTRIES: readonly Country[] = entries.map(([code, name, dialCode]) => ({
  code,
  name,
  dialCode,
  flag: flagOf(code),
}));

export const DEFAULT_COUNTRY = 'FR';

export const countryByCode = (code: string) => COUNTRIES.find((c) => c.code === code);
