/**
 * Scores of an evening's games and the sentence that explains sit-outs, with their French texts.
 * In Americano and Mexicano a game is played to a fixed total of points (24: 15-9, 12-12), so the
 * two scores add up to the points per game. In « Roi du terrain » a game needs a winner (players
 * move by it), each score within the points per game.
 */
import type { EveningFormat, SitOutRule } from './types';

export const EVENING_MSG = {
  scoreShape: 'Indiquez deux scores entiers, positifs ou nuls.',
  scoreTotal: (points: number) => `Les deux scores doivent totaliser ${points} points.`,
  scoreAbove: (points: number) => `Un score ne peut pas dépasser ${points} points.`,
  scoreNoWinner: 'Il faut un vainqueur : les deux scores ne peuvent pas être égaux.',
  sitOutAverage: 'Un tour passé compte la moyenne de vos points par match.',
  sitOutZero: 'Un tour passé compte 0 point.',
};

/** The French message for a score that does not fit the evening, or null when it does. */
export function checkEveningScore(
  score: readonly number[],
  pointsPerGame: number,
  format: EveningFormat = 'americano',
): string | null {
  if (score.length !== 2 || !score.every((s) => Number.isInteger(s) && s >= 0))
    return EVENING_MSG.scoreShape;
  const [a, b] = score as [number, number];
  if (format !== 'king')
    return a + b === pointsPerGame ? null : EVENING_MSG.scoreTotal(pointsPerGame);
  if (a > pointsPerGame || b > pointsPerGame) return EVENING_MSG.scoreAbove(pointsPerGame);
  return a === b ? EVENING_MSG.scoreNoWinner : null;
}

/** The one-line rule for the evening's page. */
export const sitOutRuleText = (rule: SitOutRule) =>
  rule === 'average' ? EVENING_MSG.sitOutAverage : EVENING_MSG.sitOutZero;
