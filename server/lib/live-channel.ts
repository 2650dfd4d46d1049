import type { TChatRoom } from '../../common/schemas/chat';

/**
 * The one PostgreSQL NOTIFY channel of live updates, and its payloads. Payloads stay tiny and carry
 * ids only, never personal data: a subscriber re-reads what it may see. PostgreSQL holds a
 * notification until its transaction commits and drops it on a rollback, so a payload announces
 * committed state only.
 */
export const LIVE_CHANNEL = 'padel_live';

/** What happened to a match (for logs and tests; subscribers re-read the match whatever the kind). */
export type LiveMatchKind =
  'created' | 'joined' | 'left' | 'waitlist' | 'promoted' | 'changed' | 'deleted';

export type LiveMessage =
  | { type: 'match'; id: number; kind: string }
  /** A user's sessions changed (logout, PIN change, deletion): their streams re-check theirs. */
  | { type: 'sessions'; userId: number }
  /** A room's chat changed (a message posted, edited or deleted): its readers re-read it. */
  | { type: 'chat'; room: TChatRoom }
  /** A poll changed (an answer, its match, its closing): its viewers re-read it. */
  | { type: 'poll'; id: number }
  /** A group's page changed (its members, matches, weekly slots or polls): its members re-read it. */
  | { type: 'group'; id: number }
  /** Work was queued for a worker consumer (`outbox`, `webhooks`): every instance's loop wakes. */
  | { type: 'work'; queue: WorkQueue }
  /** The bus's own heartbeat, proving the listening connection still hears the database. */
  | { type: 'heartbeat'; token: string };

/**
 * The queues the worker loop (server/worker/loop.ts) serves; `events` is the domain event log,
 * which wakes every consumer reading it.
 */
export const WORK_QUEUES = ['outbox', 'webhooks', 'results', 'groups', 'events'] as const;
export type WorkQueue = (typeof WORK_QUEUES)[number];

export const matchPayload = (id: number, kind: LiveMatchKind) => `m:${id}:${kind}`;
/** `c:<matchId>` for a match's chat (its first kind of room), `g:<groupId>` for a group's. */
export const chatPayload = (room: TChatRoom) => `${room.kind === 'match' ? 'c' : 'g'}:${room.id}`;
export const pollPayload = (id: number) => `p:${id}`;
/** `gp:<groupId>`: the group's page (`g:` is its chat). */
export const groupPayload = (id: number) => `gp:${id}`;
export const sessionsPayload = (userId: number) => `s:${userId}`;
export const workPayload = (queue: WorkQueue) => `w:${queue}`;
export const heartbeatPayload = (token: string) => `h:${token}`;

export function parseLivePayload(payload: string): LiveMessage | null {
  const [type, a, b] = payload.split(':');
  const n = Number(a);
  if (type === 'm' && Number.isSafeInteger(n) && n > 0)
    return { type: 'match', id: n, kind: b ?? '' };
  if (type === 's' && Number.isSafeInteger(n) && n > 0) return { type: 'sessions', userId: n };
  if (type === 'c' && Number.isSafeInteger(n) && n > 0)
    return { type: 'chat', room: { kind: 'match', id: n } };
  if (type === 'g' && Number.isSafeInteger(n) && n > 0)
    return { type: 'chat', room: { kind: 'group', id: n } };
  if (type === 'p' && Number.isSafeInteger(n) && n > 0) return { type: 'poll', id: n };
  if (type === 'gp' && Number.isSafeInteger(n) && n > 0) return { type: 'group', id: n };
  if (type === 'w' && (WORK_QUEUES as readonly string[]).includes(a ?? ''))
    return { type: 'work', queue: a as WorkQueue };
  if (type === 'h' && a) return { type: 'heartbeat', token: a };
  return null;
}
