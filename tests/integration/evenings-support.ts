import type { TCreateEveningInput } from '../../common/schemas/evenings';
import type { TestContext } from '../support/app';
import type { TestUser } from '../support/factories';
import { createBurstCast } from './matches-support';

/** An organiser, `count` players and a place; `newEvening` creates one on the 20th at 19:00. */
export async function createEveningCast(count: number) {
  const cast = await createBurstCast(count);
  const newEvening = (over: Partial<TCreateEveningInput> = {}, by: TestUser = cast.owner) =>
    cast.t.caller(by).evenings.create({
      format: 'americano',
      place_id: cast.placeId,
      date: '2026-06-20',
      time: '19:00',
      levels: ['Niveau 3'],
      courts: 2,
      max_players: 8,
      points_per_game: 24,
      ...over,
    });
  return { ...cast, newEvening };
}

/** Signs up `players` one after the other. */
export async function signUp(t: TestContext, id: number, players: readonly TestUser[]) {
  for (const p of players) await t.caller(p).evenings.join({ id });
}
