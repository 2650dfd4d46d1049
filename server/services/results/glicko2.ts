/**
 * Glicko-2 (Mark E. Glickman, "Example of the Glicko-2 system", 2013), written out here rather
 * than taken from npm: the packages found are unmaintained or untyped, and the algorithm is one
 * page. Steps are numbered as in the paper; tests/unit/rating.test.ts checks the paper's example.
 *
 * Doubles: a player's strength in a match is their team's average rating (partner average), so
 * the expected score uses both teams' averages while each player keeps their own deviation and
 * volatility; the change computed for that "team player" is applied to each player's own rating.
 */

/** The Glicko scale (1500-centred): what is stored. */
export interface Rating {
  rating: number;
  rd: number;
  vol: number;
}

export interface Game {
  opponent: Pick<Rating, 'rating' | 'rd'>;
  /** 1 win, 0 loss, 0.5 draw. */
  score: number;
}

/** System constant: how much volatility may change (the paper suggests 0.3 to 1.2). */
export const TAU = 0.5;
const SCALE = 173.7178;
const EPSILON = 0.000001;
/** A deviation never grows past a newcomer's (the paper's 350). */
export const MAX_RD = 350;
/** Nor shrinks below this, so ratings keep moving with new results. */
export const MIN_RD = 30;

const g = (phi: number) => 1 / Math.sqrt(1 + (3 * phi * phi) / (Math.PI * Math.PI));
const expected = (mu: number, muJ: number, phiJ: number) =>
  1 / (1 + Math.exp(-g(phiJ) * (mu - muJ)));

/** A rating period: a player who played none in a period is less certain of their rating after it. */
export const RATING_PERIOD_DAYS = 30;

/**
 * The deviation after `periods` rating periods without a game (step 6 for each, at once):
 * φ* = √(φ² + n·σ²), never past `MAX_RD`. A player back after months moves faster.
 */
export function idleFor(player: Rating, periods: number): Rating {
  if (periods <= 0) return player;
  const phi = player.rd / SCALE;
  const grown = Math.sqrt(phi * phi + periods * player.vol * player.vol) * SCALE;
  return { ...player, rd: Math.min(MAX_RD, grown) };
}

/** One rating period for `player` with `games` (Glickman's steps 2 to 8). */
export function glicko2(player: Rating, games: readonly Game[], tau = TAU): Rating {
  // Step 2: to the Glicko-2 scale.
  const mu = (player.rating - 1500) / SCALE;
  const phi = player.rd / SCALE;
  const sigma = player.vol;
  if (games.length === 0) {
    // Step 6 alone: only the deviation grows.
    const grown = Math.sqrt(phi * phi + sigma * sigma) * SCALE;
    return { ...player, rd: Math.min(MAX_RD, grown) };
  }
  const opp = games.map((x) => ({
    mu: (x.opponent.rating - 1500) / SCALE,
    phi: x.opponent.rd / SCALE,
    s: x.score,
  }));
  // Step 3: estimated variance.
  let vInv = 0;
  for (const o of opp) {
    const e = expected(mu, o.mu, o.phi);
    vInv += g(o.phi) ** 2 * e * (1 - e);
  }
  const v = 1 / vInv;
  // Step 4: estimated improvement.
  let sum = 0;
  for (const o of opp) sum += g(o.phi) * (o.s - expected(mu, o.mu, o.phi));
  const delta = v * sum;
  // Step 5: new volatility (Illinois algorithm).
  const a = Math.log(sigma * sigma);
  const f = (x: number) =>
    (Math.exp(x) * (delta * delta - phi * phi - v - Math.exp(x))) /
      (2 * (phi * phi + v + Math.exp(x)) ** 2) -
    (x - a) / (tau * tau);
  let A = a;
  let B: number;
  if (delta * delta > phi * phi + v) B = Math.log(delta * delta - phi * phi - v);
  else {
    let k = 1;
    while (f(a - k * tau) < 0) k++;
    B = a - k * tau;
  }
  let fA = f(A);
  let fB = f(B);
  while (Math.abs(B - A) > EPSILON) {
    const C = A + ((A - B) * fA) / (fB - fA);
    const fC = f(C);
    if (fC * fB <= 0) {
      A = B;
      fA = fB;
    } else fA /= 2;
    B = C;
    fB = fC;
  }
  const newSigma = Math.exp(A / 2);
  // Steps 6 and 7: new deviation and rating.
  const phiStar = Math.sqrt(phi * phi + newSigma * newSigma);
  const newPhi = 1 / Math.sqrt(1 / (phiStar * phiStar) + 1 / v);
  const newMu = mu + newPhi * newPhi * sum;
  // Step 8: back to the Glicko scale.
  return {
    rating: 1500 + SCALE * newMu,
    rd: Math.min(MAX_RD, Math.max(MIN_RD, SCALE * newPhi)),
    vol: newSigma,
  };
}

/** A team as one opponent: average rating, and the deviation of that average's players (RMS). */
export function teamOf(players: readonly Rating[]): Rating {
  const n = players.length;
  return {
    rating: players.reduce((s, p) => s + p.rating, 0) / n,
    rd: Math.sqrt(players.reduce((s, p) => s + p.rd * p.rd, 0) / n),
    vol: players.reduce((s, p) => s + p.vol, 0) / n,
  };
}

/**
 * New ratings after a doubles match: `teams[0]` and `teams[1]`, `winner` the winning side. Each
 * player is rated as their team's average (partner average) against the other team.
 */
export function rateDoubles(
  teams: readonly [readonly Rating[], readonly Rating[]],
  winner: 0 | 1,
): [Rating[], Rating[]] {
  const [a, b] = [teamOf(teams[0]), teamOf(teams[1])];
  const side = (own: readonly Rating[], ownTeam: Rating, other: Rating, score: number) =>
    own.map((p) => {
      const next = glicko2({ rating: ownTeam.rating, rd: p.rd, vol: p.vol }, [
        { opponent: other, score },
      ]);
      return { rating: p.rating + (next.rating - ownTeam.rating), rd: next.rd, vol: next.vol };
    });
  return [side(teams[0], a, b, winner === 0 ? 1 : 0), side(teams[1], b, a, winner === 1 ? 1 : 0)];
}
