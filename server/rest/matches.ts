import { z } from 'zod';
import { MSG } from '../../common/messages';
import { assertSelf } from '../lib/auth';
import {
  MATCH_PAGE_MAX,
  ZDeleteResult,
  ZMatch,
  ZMatchFields,
  ZMatchIdInput,
  ZMyMatch,
  ZParticipant,
  type TMatch,
} from '../../common/schemas/matches';
import { createMatch, deleteMatch, updateMatch } from '../services/matches/mutations';
import { joinMatch, leaveMatch } from '../services/matches/participation';
import { listMatches, listMyMatches, listParticipants } from '../services/matches/queries';
import { calendarDate, safeText } from '../../common/schemas/primitives';
import { numeric, type RestRoutes } from './http';
import { route } from './route';

/** Legacy `levels`: an array, a JSON-encoded array, or plain text (comma-separated names). */
function parseLegacyLevels(v: unknown): unknown {
  if (typeof v !== 'string') return v;
  const text = v.trim();
  if (text.startsWith('[')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return v;
    }
  }
  return text === '' ? [] : text.split(',').map((s) => s.trim());
}

/** `user_id` / `created_by`: accepted for compatibility, but must be the session's own id. */
const ZClaimedId = z.union([z.number(), safeText()]).nullish();

const ZLegacyFields = ZMatchFields.extend({
  place_id: numeric(ZMatchFields.shape.place_id),
  slots: numeric(ZMatchFields.shape.slots),
  levels: z.preprocess(parseLegacyLevels, ZMatchFields.shape.levels),
});
const ZLegacyCreate = ZLegacyFields.extend({ created_by: ZClaimedId });
const ZLegacyUpdate = ZLegacyFields.extend({ user_id: ZClaimedId });
const ZLegacyActor = z.object({ user_id: ZClaimedId }).loose();

const ZListQuery = z.object({
  cursor: safeText().max(200, MSG.match.cursorInvalid).optional(),
  limit: numeric(z.number().int().min(1).max(MATCH_PAGE_MAX)).optional(),
  place_id: numeric(ZMatchFields.shape.place_id).optional(),
  from: calendarDate(MSG.match.filterDateInvalid).optional(),
  to: calendarDate(MSG.match.filterDateInvalid).optional(),
  level: safeText().optional(),
});

/** The legacy match: `levels` JSON-encoded, `time` as PostgreSQL printed it ("HH:MM:SS"). */
const ZLegacyMatch = ZMatch.extend({ levels: z.string(), time: z.string() });
type TLegacyMatch = z.infer<typeof ZLegacyMatch>;
const toLegacy = <M extends TMatch>(m: M): Omit<M, 'levels' | 'time'> & TLegacyMatch => ({
  ...m,
  levels: JSON.stringify(m.levels),
  time: `${m.time}:00`,
});
const ZLegacyResult = z.object({ success: z.boolean(), message: z.string(), match: ZLegacyMatch });

const TAG = 'Matchs';

export const matchesRoutes: RestRoutes = (app, deps) => {
  route(
    app,
    {
      method: 'POST',
      url: '/matches',
      tag: TAG,
      summary: 'Créer un match',
      auth: 'user',
      legacySuccess: true,
      body: ZLegacyCreate,
      response: ZLegacyResult,
      status: 201,
    },
    async ({ body: { created_by, ...fields }, user }) => {
      assertSelf(user, created_by);
      return { success: true, message: MSG.match.created, match: toLegacy(await createMatch(deps, user, fields)) };
    },
  );

  route(
    app,
    {
      method: 'GET',
      url: '/matches',
      tag: TAG,
      summary: 'Matchs à venir (tableau ; page suivante : en-tête x-next-cursor)',
      query: ZListQuery,
      response: z.array(ZLegacyMatch),
    },
    async ({ query, reply }) => {
      const { place_id, limit, ...rest } = query;
      const page = await listMatches(deps, { ...rest, placeId: place_id, limit: limit ?? MATCH_PAGE_MAX });
      if (page.nextCursor) reply.header('x-next-cursor', page.nextCursor);
      return page.items.map(toLegacy);
    },
  );

  route(
    app,
    {
      method: 'GET',
      url: '/matches/mine',
      tag: TAG,
      summary: 'Mes matchs (créés ou rejoints) et compteurs',
      auth: 'user',
      response: z.object({
        matches: z.array(ZMyMatch.extend({ levels: z.string(), time: z.string() })),
        counters: z.record(z.string(), z.number()),
      }),
    },
    async ({ user }) => {
      const mine = await listMyMatches(deps, user);
      return { matches: mine.matches.map(toLegacy), counters: mine.counters };
    },
  );

  route(
    app,
    {
      method: 'PUT',
      url: '/matches/:id',
      tag: TAG,
      summary: 'Modifier un match (créateur)',
      auth: 'user',
      legacySuccess: true,
      params: ZMatchIdInput,
      body: ZLegacyUpdate,
      response: ZLegacyResult,
    },
    async ({ params, body: { user_id, ...fields }, user }) => {
      assertSelf(user, user_id);
      return { success: true, message: MSG.match.updated, match: toLegacy(await updateMatch(deps, user, { ...fields, id: params.id })) };
    },
  );

  route(
    app,
    {
      method: 'POST',
      url: '/matches/:id/join',
      tag: TAG,
      summary: 'Rejoindre un match',
      auth: 'user',
      legacySuccess: true,
      params: ZMatchIdInput,
      body: ZLegacyActor,
      response: ZLegacyResult,
    },
    async ({ params, body, user }) => {
      assertSelf(user, body.user_id);
      const result = await joinMatch(deps, user, params.id);
      return { ...result, match: toLegacy(result.match) };
    },
  );

  route(
    app,
    {
      method: 'POST',
      url: '/matches/:id/leave',
      tag: TAG,
      summary: 'Quitter un match',
      auth: 'user',
      legacySuccess: true,
      params: ZMatchIdInput,
      body: ZLegacyActor,
      response: ZLegacyResult,
    },
    async ({ params, body, user }) => {
      assertSelf(user, body.user_id);
      const result = await leaveMatch(deps, user, params.id);
      return { ...result, match: toLegacy(result.match) };
    },
  );

  route(
    app,
    {
      method: 'GET',
      url: '/matches/:id/participants',
      tag: TAG,
      summary: 'Participants (créateur ou participant)',
      auth: 'user',
      params: ZMatchIdInput,
      response: z.array(ZParticipant),
    },
    ({ params, user }) => listParticipants(deps, user, params.id),
  );

  route(
    app,
    {
      method: 'DELETE',
      url: '/matches/:id',
      tag: TAG,
      summary: 'Supprimer un match (créateur)',
      auth: 'user',
      legacySuccess: true,
      params: ZMatchIdInput,
      body: ZLegacyActor,
      response: ZDeleteResult,
    },
    ({ params, body, user }) => {
      assertSelf(user, body.user_id);
      return deleteMatch(deps, user, params.id);
    },
  );
};
