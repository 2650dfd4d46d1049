import { outsideLevels, type LevelGate } from '../../../../common/match-rules';
import type { TMatchGender, TPlayerGender } from '../../../../common/messages-court';

/**
 * The levels a match looks for, as its dialogs name them: "Niveau 3–4" for a contiguous run of
 * numbered levels, else the list ("Niveau 2 ou Niveau 5", "Débutant ou Expert").
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
 * A player of another level asks the organiser instead of joining ("Demander à rejoindre", issue
 * 25), unless the organiser opened the match to all levels. The rule is the one the server's
 * waiting list applies (common/match-rules.ts), so both sides read a level the same way.
 */
export const mustAskToJoin = outsideLevels;

/**
 * A player with no level yet, on a match that asks for levels: they set theirs first
 * (LevelFirstDialog), which then decides between joining and asking.
 */
export function needsLevelFirst(match: LevelGate, playerLevel: string | null | undefined): boolean {
  return !match.open_levels && match.levels.length > 0 && !playerLevel;
}

/**
 * A « Hommes » or « Femmes » match leaves out a player whose profile gives the other gender: the
 * card offers no join. « Mixte » depends on who plays already, which only the match page knows.
 */
export function genderLeavesOut(
  rule: TMatchGender,
  playerGender: TPlayerGender | null | undefined,
): boolean {
  if (!playerGender) return false;
  return (
    (rule === 'hommes' && playerGender !== 'homme') ||
    (rule === 'femmes' && playerGender !== 'femme')
  );
}

/**
 * A player with no gender in their profile, on a « Hommes », « Femmes » or « Mixte » match, says
 * theirs first (GenderFirstDialog), saved to the profile, then joins.
 */
export function needsGenderFirst(
  match: { gender: TMatchGender },
  playerGender: TPlayerGender | null | undefined,
): boolean {
  return match.gender !== 'ouvert' && !playerGender;
}
