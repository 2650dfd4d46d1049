/** Padel evenings (issue 40): pure pairing and standings, no I/O. */
export * from './types';
export { EVENING_LIMITS, gamesPerRound, sitOutCounts, chooseSitOuts } from './seating';
export { nextAmericanoRound } from './americano';
export { nextMexicanoRound, pairGroup, type MexicanoInput } from './mexicano';
export { nextKingRound, kingMoves, type KingInput } from './king';
export { computeStandings, type StandingsInput } from './standings';
export { checkEveningScore, sitOutRuleText, EVENING_MSG } from './scores';
