import { MSG } from '../../../common/messages';
import type { TMatchCard, TMatchDetail } from '../../../common/schemas/matches';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../lib/auth';
import { AppError, notFound } from '../../lib/errors';
import { isFinished } from '../../../common/schedule';
import { canSeeSnapshot, cardFor, matchDetailFor, type MatchSnapshot } from '../matches/detail';
import type { LeaseEnd, LiveHub } from './hub';

export type MatchEvent =
  /** The match as `matches.byId` / `GET /api/matches/{id}` answer it for this viewer. */
  | { type: 'match'; version: string; match: TMatchDetail; json: string }
  | { type: 'deleted'; id: number }
  /** First step only, when the client already has the current version (`lastEventId`). */
  | { type: 'current' }
  /** The server ended the stream (`client` ends it quietly). */
  | { type: 'ended'; reason: LeaseEnd };

/**
 * Viewers of one snapshot who differ in none of the fields that depend on the viewer (creator,
 * player, place in the queue, finished) see the same match: it is built and serialized once for
 * them all (2,000 strangers watching one match cost one JSON.stringify per change, not 2,000).
 */
interface View {
  match: TMatchDetail;
  json: string;
}
const views = new WeakMap<MatchSnapshot, Map<string, View>>();
function viewFor(snapshot: MatchSnapshot, user: SessionUser, deps: Pick<Deps, 'clock' | 'env'>) {
  const { card } = snapshot;
  const key = [
    card.created_by === user.id,
    card.participants.some((p) => p.user_id === user.id),
    snapshot.waitlist.indexOf(user.id),
    isFinished(card, deps.clock.now(), deps.env.APP_TIMEZONE),
    snapshot.room.statuses.find((s) => s.user_id === user.id)?.status ?? '',
  ].join('|');
  let byKey = views.get(snapshot);
  if (!byKey) views.set(snapshot, (byKey = new Map<string, View>()));
  let view = byKey.get(key);
  if (!view) {
    const match = matchDetailFor(snapshot, user, deps);
    byKey.set(key, (view = { match, json: JSON.stringify(match) }));
  }
  return view;
}

const newer = (version: string, lastEventId: string | null | undefined) => {
  if (!lastEventId || !/^\d{1,20}$/.test(lastEventId)) return true;
  return BigInt(version) > BigInt(lastEventId);
};

/**
 * The live page of one match for one viewer: its state at once (unless `lastEventId` already is the
 * current version), then after every committed change, with the same privacy rules as `byId` (the
 * snapshot is shared, the view is this viewer's). Opens a lease (a French 429 past the per-user
 * cap); throws a French 404 before anything when the match does not exist. The stream ends with
 * `deleted` when the match goes and `ended` when the server ends it; `signal` is the client leaving.
 */
export async function* matchEvents(
  deps: Pick<Deps, 'clock' | 'env'>,
  hub: LiveHub,
  user: SessionUser,
  id: number,
  o: { lastEventId?: string | null; signal?: AbortSignal; token?: string | null } = {},
): AsyncGenerator<MatchEvent, void> {
  const lease = hub.open(user);
  const leave = () => lease.end('client');
  o.signal?.addEventListener('abort', leave);
  const changes = hub.changes(lease, [id]);
  let first = true;
  // The version this viewer has: a late announcement of a change already shown (the join announces
  // after its commit) sends nothing; after a lost LISTEN connection the state is sent again anyway.
  let shown = o.lastEventId;
  try {
    for await (const { resync } of changes) {
      const found = await hub.snapshot(id);
      // A private match is streamed to whoever may read it (`byId`'s rule); to anyone else it
      // does not exist, and it ends as a deleted one if the viewer loses access (removed player).
      const snapshot = found && canSeeSnapshot(found, user, o.token) ? found : null;
      if (!snapshot) {
        if (first) throw notFound(MSG.match.notFound);
        yield { type: 'deleted', id };
        return;
      }
      const wasFirst = first;
      first = false;
      if (resync || newer(snapshot.version, shown)) {
        shown = snapshot.version;
        yield { type: 'match', version: snapshot.version, ...viewFor(snapshot, user, deps) };
      } else if (wasFirst) yield { type: 'current' };
    }
    if (lease.ended && lease.ended !== 'client') yield { type: 'ended', reason: lease.ended };
  } finally {
    o.signal?.removeEventListener('abort', leave);
    await changes.return();
    lease.release();
  }
}

/** Cards that changed among those a list shows (`cards`), and those that are gone (`removed`). */
export interface CardChanges {
  cards: TMatchCard[];
  removed: number[];
}

/**
 * The live cards of a list: after every committed change to one of `ids` (public cards), the
 * changed cards as this viewer's list shows them (their own request to join included). Nothing at
 * once: the list has just been read. Ends as `matchEvents` does, by throwing the reason's error.
 */
export async function* cardChanges(
  deps: Pick<Deps, 'clock' | 'env'>,
  hub: LiveHub,
  user: SessionUser,
  ids: readonly number[],
  signal?: AbortSignal,
): AsyncGenerator<CardChanges, void> {
  // Only the matches this viewer may know are followed: a private match they have no standing in
  // is dropped like an id that does not exist (which never changes), so naming it and waiting for
  // a `removed` tells them nothing. A match that was public when listed and is made private later
  // is still followed: its card goes as `removed`, as before.
  const known: number[] = [];
  for (const id of new Set(ids)) {
    const snapshot = await hub.snapshot(id);
    if (snapshot && canSeeSnapshot(snapshot, user, null)) known.push(id);
  }
  const lease = hub.open(user);
  const leave = () => lease.end('client');
  signal?.addEventListener('abort', leave);
  const changes = hub.changes(lease, known, { initial: false });
  try {
    for await (const { ids: changed } of changes) {
      const out: CardChanges = { cards: [], removed: [] };
      for (const id of changed) {
        const snapshot = await hub.snapshot(id);
        // A list never shows a private match: its card goes as if deleted (made private meanwhile).
        if (snapshot && snapshot.room.visibility === 'public')
          out.cards.push(cardFor(snapshot, user, deps));
        else out.removed.push(id);
      }
      yield out;
    }
    if (lease.ended && lease.ended !== 'client') throw endedError(lease.ended);
  } finally {
    signal?.removeEventListener('abort', leave);
    await changes.return();
    lease.release();
  }
}

/** What a stream the server ended tells a tRPC client (which reconnects after `closing`). */
export const endedError = (reason: LeaseEnd) =>
  reason === 'revoked'
    ? new AppError('UNAUTHORIZED', MSG.live.sessionEnded)
    : new AppError('SERVICE_UNAVAILABLE', MSG.live.closing);
