import { trpc } from '../../lib/trpc';
import type { LevelView } from './types';

const FIVE_MINUTES = 5 * 60 * 1000;

/** The level list (names, labels, colours) every match screen draws badges with. */
export function useLevelCatalogue(): readonly LevelView[] | undefined {
  return trpc.levels.list.useQuery(undefined, { staleTime: FIVE_MINUTES }).data;
}
