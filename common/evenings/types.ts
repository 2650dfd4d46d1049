/**
 * Shapes of a padel evening (issue 40), as the REST API sends them: user ids are numbers, a game's
 * teams are two pairs, a score is the two teams' points in that order (null until entered).
 */
export type UserId = number;

/** Two partners. */
export type Team = [UserId, UserId];

export interface EveningGame {
  /** 1-based; court 1 is the top court in « Roi du terrain ». */
  court: number;
  teams: [Team, Team];
  score: [number, number] | null;
}

export interface EveningRound {
  /** 1-based. */
  number: number;
  games: EveningGame[];
  sitting_out: UserId[];
}

export interface StandingRow {
  user_id: UserId;
  points: number;
  games: number;
  wins: number;
  diff: number;
}

/** A random source in [0, 1), injected so that every draw is reproducible. */
export type Rng = () => number;

/** How a round sat out counts in the standings. */
export type SitOutRule = 'average' | 'zero';

/** Mexicano pairing of a group of four ranked 1st to 4th: 1st+4th vs 2nd+3rd, or 1st+3rd vs 2nd+4th. */
export type MexicanoPairing = '1-4' | '1-3';

export type EveningFormat = 'americano' | 'mexicano' | 'king';

/** What every next-round function takes: the current players, the courts and the past rounds. */
export interface NextRoundInput {
  /** The players present for the next round, in a stable order (e.g. by arrival), distinct ids. */
  players: readonly UserId[];
  courts: number;
  /** The rounds already generated, oldest first (players no longer present are ignored). */
  history: readonly EveningRound[];
  rng: Rng;
}
