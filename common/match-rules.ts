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
