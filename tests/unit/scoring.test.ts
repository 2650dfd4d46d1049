import { describe, expect, it } from 'vitest';
import {
  checkSets,
  checkTeams,
  flipSets,
  formatSets,
  RESULT_MSG,
  type TTeamEntry,
} from '../../common/results';
import { MSG } from '../../common/messages';
import { ZResultBody } from '../../common/schemas/results';

const ok = (sets: number[][]) => checkSets(sets);
const fails = (sets: number[][], message: string) =>
  expect(checkSets(sets)).toEqual({ ok: false, message });

describe('padel scoring', () => {
  it('accepts every set score from 6-0 to 6-4, 7-5 and 7-6, either way round', () => {
    for (const [a, b] of [
      [6, 0],
      [6, 1],
      [6, 2],
      [6, 3],
      [6, 4],
      [7, 5],
      [7, 6],
    ] as const) {
      expect(
        ok([
          [a, b],
          [a, b],
        ]),
      ).toEqual({ ok: true, winner: 0 });
      expect(
        ok([
          [b, a],
          [b, a],
        ]),
      ).toEqual({ ok: true, winner: 1 });
    }
  });

  it('refuses sets that are not finished padel sets', () => {
    for (const [a, b] of [
      [6, 5],
      [6, 6],
      [5, 3],
      [7, 4],
      [7, 7],
      [8, 6],
      [0, 0],
      [7, 3],
    ] as const)
      fails(
        [
          [a, b],
          [6, 0],
        ],
        RESULT_MSG.setInvalid(1, a, b),
      );
  });

  it('needs 2 or 3 sets', () => {
    fails([[6, 4]], RESULT_MSG.setsCount);
    fails([], RESULT_MSG.setsCount);
    fails(
      [
        [6, 4],
        [4, 6],
        [6, 4],
        [6, 4],
      ],
      RESULT_MSG.setsCount,
    );
  });

  it('accepts a third set at one set all: a normal set or a super tie-break to 10 with 2 clear', () => {
    expect(
      ok([
        [6, 4],
        [3, 6],
        [10, 8],
      ]),
    ).toEqual({ ok: true, winner: 0 });
    expect(
      ok([
        [6, 4],
        [3, 6],
        [7, 6],
      ]),
    ).toEqual({ ok: true, winner: 0 });
    expect(
      ok([
        [4, 6],
        [6, 3],
        [12, 14],
      ]),
    ).toEqual({ ok: true, winner: 1 });
    expect(
      ok([
        [4, 6],
        [6, 3],
        [10, 0],
      ]),
    ).toEqual({ ok: true, winner: 0 });
    expect(
      ok([
        [4, 6],
        [6, 3],
        [11, 9],
      ]),
    ).toEqual({ ok: true, winner: 0 });
  });

  it('refuses a super tie-break without 2 clear points or not reaching 10', () => {
    fails(
      [
        [6, 4],
        [3, 6],
        [10, 9],
      ],
      RESULT_MSG.superTieBreakInvalid(10, 9),
    );
    fails(
      [
        [6, 4],
        [3, 6],
        [11, 10],
      ],
      RESULT_MSG.superTieBreakInvalid(11, 10),
    );
    fails(
      [
        [6, 4],
        [3, 6],
        [13, 10],
      ],
      RESULT_MSG.superTieBreakInvalid(13, 10),
    );
    fails(
      [
        [6, 4],
        [3, 6],
        [9, 7],
      ],
      RESULT_MSG.superTieBreakInvalid(9, 7),
    );
  });

  it('refuses a super tie-break score as the first or second set', () => {
    fails(
      [
        [10, 8],
        [6, 4],
      ],
      RESULT_MSG.setInvalid(1, 10, 8),
    );
    fails(
      [
        [6, 4],
        [10, 8],
      ],
      RESULT_MSG.setInvalid(2, 10, 8),
    );
  });

  it('refuses a third set when a team already won two, and a match with no winner', () => {
    fails(
      [
        [6, 4],
        [6, 3],
        [6, 2],
      ],
      RESULT_MSG.decidedAfterTwo,
    );
    fails(
      [
        [6, 4],
        [3, 6],
      ],
      RESULT_MSG.noWinner,
    );
  });

  it('refuses scores that are not two whole non-negative numbers', () => {
    fails([[6], [6, 4]], RESULT_MSG.setShape(1));
    fails(
      [
        [6, 4, 1],
        [6, 4],
      ],
      RESULT_MSG.setShape(1),
    );
    fails(
      [
        [6, -1],
        [6, 4],
      ],
      RESULT_MSG.setShape(1),
    );
    fails(
      [
        [6, 4],
        [6.5, 4],
      ],
      RESULT_MSG.setShape(2),
    );
  });

  it('teams: two of two, four distinct players, each eligible', () => {
    const roster = { players: [1, 2, 3, 4], guests: [] };
    const check = (teams: TTeamEntry[][]) => checkTeams(teams, roster);
    const refused = (message: string) => ({ ok: false, message });
    expect(
      check([
        [1, 2],
        [3, 4],
      ]),
    ).toEqual({ ok: true });
    expect(check([[1, 2]])).toEqual(refused(RESULT_MSG.teamsShape));
    expect(check([[1, 2, 3], [4]])).toEqual(refused(RESULT_MSG.teamsShape));
    expect(
      check([
        [1, 2],
        [2, 3],
      ]),
    ).toEqual(refused(RESULT_MSG.teamsDistinct));
    expect(
      check([
        [1, 1],
        [3, 4],
      ]),
    ).toEqual(refused(RESULT_MSG.teamsDistinct));
    expect(
      check([
        [1, 2],
        [3, 9],
      ]),
    ).toEqual(refused(RESULT_MSG.teamsNotPlayer));
  });

  it('teams with reserved-seat guests: each guest once, reserved in the match, at least one player', () => {
    const roster = { players: [1, 2, 3], guests: [7, 8, 9] };
    const check = (teams: TTeamEntry[][]) => checkTeams(teams, roster);
    const refused = (message: string) => ({ ok: false, message });
    expect(
      check([
        [1, { guest: 7 }],
        [2, 3],
      ]),
    ).toEqual({ ok: true });
    // A team of two guests is a team.
    expect(
      check([
        [1, 2],
        [{ guest: 7 }, { guest: 8 }],
      ]),
    ).toEqual({ ok: true });
    // Guest 7 and user 7 are two different people.
    expect(
      checkTeams(
        [
          [7, { guest: 7 }],
          [2, 3],
        ],
        { players: [2, 3, 7], guests: [7] },
      ),
    ).toEqual({ ok: true });
    expect(
      check([
        [1, { guest: 7 }],
        [{ guest: 7 }, 3],
      ]),
    ).toEqual(refused(RESULT_MSG.teamsDistinct));
    expect(
      check([
        [1, { guest: 70 }],
        [2, 3],
      ]),
    ).toEqual(refused(RESULT_MSG.teamsGuestUnknown));
    // Four guests would count for nobody: refused by the shape check alone (the form's too).
    expect(
      checkTeams([
        [{ guest: 7 }, { guest: 8 }],
        [{ guest: 9 }, { guest: 10 }],
      ]),
    ).toEqual(refused(RESULT_MSG.teamsNoPlayer));
  });

  it('the shared schema gives the same French messages to the form', () => {
    const r = ZResultBody.safeParse({
      teams: [
        [1, 2],
        [3, 4],
      ],
      sets: [
        [6, 4],
        [6, 6],
      ],
    });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe(RESULT_MSG.setInvalid(2, 6, 6));
    expect(
      ZResultBody.safeParse({
        teams: [
          [1, 2],
          [3, 4],
        ],
        sets: [
          [6, 4],
          [3, 6],
          [10, 8],
        ],
      }).success,
    ).toBe(true);
  });

  it('formats a score and reads it from the other side', () => {
    expect(
      formatSets([
        [6, 4],
        [3, 6],
        [10, 8],
      ]),
    ).toBe('6-4 3-6 10-8');
    expect(
      formatSets(
        flipSets([
          [6, 4],
          [3, 6],
          [10, 8],
        ]),
      ),
    ).toBe('4-6 6-3 8-10');
  });

  it('the shared schema takes a guest as { guest: id } beside user ids, and refuses anything else in French', () => {
    const sets = [
      [6, 4],
      [6, 4],
    ];
    const parse = (teams: unknown) => ZResultBody.safeParse({ teams, sets });
    const parsed = parse([
      [12, { guest: 3 }],
      [14, '15'],
    ]);
    expect(parsed.data?.teams).toEqual([
      [12, { guest: 3 }],
      [14, 15],
    ]);
    // A seat id is an id like any other.
    expect(
      parse([
        [12, { guest: 0 }],
        [14, 15],
      ]).error?.issues[0]?.message,
    ).toBe(MSG.http.invalidId);
    for (const bad of [
      [
        [12, { guest: 3, name: 'Marc' }],
        [14, 15],
      ],
      [
        [12, { invite: 3 }],
        [14, 15],
      ],
      [
        [12, 'Marc'],
        [14, 15],
      ],
      [
        [12, null],
        [14, 15],
      ],
    ]) {
      const r = parse(bad);
      expect(r.success, JSON.stringify(bad)).toBe(false);
      expect(r.error?.issues[0]?.message).toBe(RESULT_MSG.teamEntryInvalid);
    }
    expect(
      parse([
        [12, { guest: 3 }],
        [{ guest: 3 }, 15],
      ]).error?.issues[0]?.message,
    ).toBe(RESULT_MSG.teamsDistinct);
    expect(
      parse([
        [{ guest: 1 }, { guest: 2 }],
        [{ guest: 3 }, { guest: 4 }],
      ]).error?.issues[0]?.message,
    ).toBe(RESULT_MSG.teamsNoPlayer);
  });
});
