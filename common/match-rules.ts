import { MSG } from './messages';

/**
 * The pure part of the match form rules (spec section 5), checked by the form before sending and by
 * the server before writing: at least one level and at most `maxLevels`, places in 1..`maxSlots`.
 * Each answers the French message of the broken rule, or null.
 */
export function levelsProblem(levels: readonly string[], maxLevels: number): string | null {
  if (levels.length === 0) return MSG.match.levelRequired;
  return levels.length > maxLevels ? MSG.match.tooManyLevels(maxLevels) : null;
}

export function slotsProblem(slots: number, maxSlots: number): string | null {
  return Number.isInteger(slots) && slots >= 1 && slots <= maxSlots
    ? null
    : MSG.match.slotsRange(maxSlots);
}

/** What decides whether a player's level lets them in: the match's levels, and "all levels". */
export interface LevelGate {
  levels: readonly string[];
  open_levels: boolean;
}

/**
 * A player whose level is set and not among the match's levels, on a match not open to all
 * levels, is outside it (issue 25): they ask the organiser instead of joining, and cannot queue on
 * its waiting list either. The client routes them by it; the waiting list refuses them by it.
 */
export function outsideLevels(match: LevelGate, playerLevel: string | null | undefined): boolean {
  return (
    !match.open_levels &&
    !!playerLevel &&
    match.levels.length > 0 &&
    !match.levels.includes(playerLevel)
  );
}
