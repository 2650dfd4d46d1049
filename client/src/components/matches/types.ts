import type { RouterOutputs } from '../../lib/trpc';

/**
 * The shapes the match screens draw: the tRPC answers themselves (never a hand copy), so a change
 * of the server's shape breaks these components and their test fixtures at compile time.
 */
/** A match as the list cards show it to the viewer (open to all levels, their request to join). */
export type MatchView = RouterOutputs['matches']['list']['items'][number];
/** A match as a create, join or leave answers it: the card without its viewer's fields. */
export type PlainMatchView = RouterOutputs['matches']['create'];
export type MyMatchView = RouterOutputs['matches']['mine']['matches'][number];
export type MyWaitingMatchView = RouterOutputs['matches']['mine']['waiting'][number];
export type ParticipantView = RouterOutputs['matches']['participants'][number];

type Level = RouterOutputs['levels']['list'][number];
/** What a level badge needs; the admin's lists pass whole rows. */
export type LevelView = Pick<Level, 'niveau' | 'label' | 'couleur' | 'ordre'> &
  Partial<Pick<Level, 'description'>>;
export type PlaceView = Pick<
  RouterOutputs['places']['list'][number],
  'id' | 'name' | 'address' | 'city'
>;
