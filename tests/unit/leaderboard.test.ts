import { describe, expect, it } from 'vitest';
import { byStanding, countTable } from '../../common/leaderboard';

describe('a group table counted from its games', () => {
  it('gives 3 for a win, 1 for any other game played, 3/2/1 to an evening’s first three', () => {
    const lines = countTable(
      [
        {
          teams: [
            [1, 2],
            [3, 4],
          ],
          winner: 0,
        },
        {
          teams: [
            [1, 3],
            [2, 4],
          ],
          winner: 1,
        },
        {
          teams: [
            [1, 4],
            [2, 3],
          ],
          winner: null,
        },
      ],
      [[4, 2, 1, 3]],
    );
    // By hand: 1 won, lost, drew: 3 + 1 + 1 = 5, +1 (third) = 6; 2 won twice: 3 + 3 + 1 = 7, +2 = 9;
    // 3 lost twice, drew: 1 + 1 + 1 = 3; 4 lost, won, drew: 1 + 3 + 1 = 5, +3 (first) = 8.
    expect([...lines.values()].sort(byStanding)).toEqual([
      { user_id: 2, points: 9, played: 3, wins: 2 },
      { user_id: 4, points: 8, played: 3, wins: 1 },
      { user_id: 1, points: 6, played: 3, wins: 1 },
      { user_id: 3, points: 3, played: 3, wins: 0 },
    ]);
  });

  it('puts fewer games first when points and wins are level', () => {
    const lines = countTable(
      [
        { teams: [[1], [2]], winner: 0 },
        { teams: [[1], [3]], winner: 1 },
        { teams: [[4], [5]], winner: 0 },
      ],
      [[6, 7, 4]],
    );
    // 1: a win and a loss, 4 points in 2 games; 4: a win and a third place, 4 points in 1 game.
    expect(lines.get(1)).toMatchObject({ points: 4, wins: 1, played: 2 });
    expect(lines.get(4)).toMatchObject({ points: 4, wins: 1, played: 1 });
    const order = [...lines.values()].sort(byStanding).map((l) => l.user_id);
    expect(order.indexOf(4)).toBeLessThan(order.indexOf(1));
  });
});
