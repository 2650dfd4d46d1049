/**
 * French agreement of a noun with its count: 0 and 1 take the singular (« 0 match joué »,
 * « 1 match joué »), 2 and more the plural (« 2 matchs joués »). Both forms are given whole, since
 * French plurals are not all an added s (« niveau », « niveaux »).
 */
export const plural = (n: number, one: string, many: string): string =>
  Math.abs(n) >= 2 ? many : one;

/** The count followed by its agreed noun: « 1 match joué », « 3 matchs joués ». */
export const countOf = (n: number, one: string, many: string): string =>
  `${n} ${plural(n, one, many)}`;
