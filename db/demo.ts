import type { Env } from '../server/env';
import type { Db } from './client';

/** Sample places, players and upcoming matches for trying every screen (filled in by the matches work). */
export function seedDemo(_db: Db, _env: Env): Promise<string> {
  return Promise.resolve('demo data: not available yet');
}
