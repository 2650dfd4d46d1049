/**
 * How a player is shown to other players: first name and the initial of the last name
 * ("Léa Dupont" → "Léa D."), never the full last name.
 */
export function publicName(name: string): { first_name: string; last_initial: string } {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0] ?? '';
  const last = words.length > 1 ? words.at(-1)! : '';
  return { first_name: first, last_initial: last ? `${last.charAt(0).toUpperCase()}.` : '' };
}

/**
 * The one rule for a name that reaches anyone but the person's co-players (match lists and cards,
 * notices, the share page): "Léa D.".
 */
export const shortPublicName = (name: string) => {
  const p = publicName(name);
  return p.last_initial ? `${p.first_name} ${p.last_initial}` : p.first_name;
};
