/**
 * The levels a match looks for, as the warning before joining names them: "Niveau 3–4" for a
 * contiguous run of numbered levels, else the list ("Niveau 2 ou Niveau 5", "Débutant ou Expert").
 */
export function levelRange(levels: readonly string[]): string {
  const numbers = levels
    .map((l) => /^Niveau (\d+)$/.exec(l.trim())?.[1])
    .map((n) => (n === undefined ? NaN : Number(n)));
  if (numbers.length > 0 && numbers.every((n) => Number.isInteger(n))) {
    const sorted = [...numbers].sort((a, b) => a - b);
    const first = sorted[0]!;
    const last = sorted[sorted.length - 1]!;
    const contiguous = sorted.every((n, i) => n === first + i);
    if (contiguous) return first === last ? `Niveau ${first}` : `Niveau ${first}–${last}`;
  }
  if (levels.length <= 1) return levels.join('');
  return `${levels.slice(0, -1).join(', ')} ou ${levels[levels.length - 1]}`;
}

/**
 * True when the match asks for levels and the player's own level is not among them, an unset level
 * included: such a player is asked for their level before joining (JoinLevelConfirm).
 */
export function levelExcludes(
  levels: readonly string[],
  playerLevel: string | null | undefined,
): boolean {
  return levels.length > 0 && (!playerLevel || !levels.includes(playerLevel));
}
