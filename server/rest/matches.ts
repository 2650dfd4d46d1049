import { z } from 'zod';
import { MSG } from '../../common/messages';
import { assertSelf, type SessionUser } from '../lib/auth';
import {
  checkFilterRange,
  MATCH_PAGE_MAX,
  ZMatchFilters,
  ZRestPageSize,
  ZDeleteResult,
  ZMatch,
  ZIdempotencyKey,
  ZMatchFields,
  ZMatchDetail,
  ZMatchIdInput,
  ZMyMatch,
  ZParticipant,
  type TMatch,
  type TMatchResult,
} from '../../common/schemas/matches';
import { getMatchIcs } from '../services/matches/calendar';
import { getMatchDetail } from '../services/matches/detail';
import { createMatch, deleteMatch, updateMatch } from '../services/matches/mutations';
import { joinMatch, leaveMatch } from '../services/matches/participation';
import { listMatches, listMyMatches, listParticipants } from '../services/matches/queries';
import { safeText } from '../../common/schemas/primitives';
import { numeric, type RestRoutes } from './http';
import { joinWaitlist, leaveWaitlist } from '../services/matches/waitlist';
import { ZWaitlistResult } from '../../common/schemas/waitlist';
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
const ZCreateHeaders = z.object({
  'idempotency-key': ZIdempotencyKey.optional().describe(
    'Clé choisie par le client (ex. un UUID) : une création répétée avec la même clé renvoie le match déjà créé au lieu d’en créer un second.',
  ),
});
const ZLegacyUpdate = ZLegacyFields.extend({ user_id: ZClaimedId });
const ZLegacyActor = z.object({ user_id: ZClaimedId }).loose();

/** `available=1` / `0` (also `true` / `false`): anything else is refused, not read as "no filter". */
const ZFlag = z.preprocess(
  (v) => ({ '1': true, true: true, '0': false, false: false })[String(v)] ?? v,
  ZMatchFilters.shape.available.unwrap(),
);

/** The list's query string: the same filters as `matches.list`, with legacy snake_case and strings. */
const ZListQuery = z
  .object({
    cursor: safeText({ error: MSG.match.cursorInvalid })
      .max(200, MSG.match.cursorInvalid)
      .optional()
      .describe('Page suivante : la valeur de l’en-tête x-next-cursor de la réponse précédente (même tri).'),
    limit: numeric(ZRestPageSize).optional().describe('Taille de page, 1 à 100 (100 par défaut).'),
    place_id: numeric(ZMatchFilters.shape.placeId.unwrap()).optional().describe('Un lieu.'),
    city: ZMatchFilters.shape.city.describe('Une ville, sans tenir compte des majuscules.'),
    level: ZMatchFilters.shape.level.describe('Un nom de niveau (ex. « Niveau 3 ») : les matchs qui l’acceptent.'),
    from: ZMatchFilters.shape.from.describe('Premier jour inclus, AAAA-MM-JJ.'),
    to: ZMatchFilters.shape.to.describe('Dernier jour inclus, AAAA-MM-JJ.'),
    available: ZFlag.optional().describe('1 : seulement les matchs avec des places libres.'),
    order: ZMatchFilters.shape.order.describe(
      'date (par défaut) ; need : le moins de places libres (au moins une) d’abord, puis le plus tôt.',
    ),
  })
  .refine(checkFilterRange, { message: MSG.match.filterRangeInvalid, path: ['to'] });

/** The legacy match: `levels` JSON-encoded, `time` as PostgreSQL printed it ("HH:MM:SS"). */
const ZLegacyMatch = ZMatch.extend({ levels: z.string(), time: z.string() });
type TLegacyMatch = z.infer<typeof ZLegacyMatch>;
const toLegacy = <M extends TMatch>(m: M): Omit<M, 'levels' | 'time'> & TLegacyMatch => ({
  ...m,
  levels: JSON.stringify(m.levels),
  time: `${m.time}:00`,
});
/** The same for list pages, field by field: it runs 100 times per page. */
const toLegacyCard = (m: TMatch): TLegacyMatch => ({
  id: m.id,
  place_id: m.place_id,
  place_name: m.place_name,
  address: m.address,
  city: m.city,
  date: m.date,
  time: `${m.time}:00`,
  levels: JSON.stringify(m.levels),
  slots: m.slots,
  missing_players: m.missing_players,
  created_by: m.created_by,
  creator_name: m.creator_name,
  participants: m.participants,
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
      headers: ZCreateHeaders,
      response: ZLegacyResult,
      status: 201,
    },
    async ({ body: { created_by, ...fields }, headers, user }) => {
      assertSelf(user, created_by);
      const { 'idempotency-key': idempotencyKey } = ZCreateHeaders.parse(headers);
      return { success: true, message: MSG.match.created, match: toLegacy(await createMatch(deps, user, { ...fields, idempotencyKey })) };
    },
  );

  route(
    app,
    {
      method: 'GET',
      url: '/matches',
      tag: TAG,
      summary:
        'Matchs à venir, filtrables (place_id, city, level, from, to au format AAAA-MM-JJ inclus, available=1) et triables (order=need : le moins de places libres d’abord) ; page suivante : en-tête x-next-cursor',
      query: ZListQuery,
      response: z.array(ZLegacyMatch),
      serialize: true,
    },
    async ({ query, reply }) => {
      const { place_id, limit, ...rest } = query;
      const page = await listMatches(deps, { ...rest, placeId: place_id, limit: limit ?? MATCH_PAGE_MAX });
      if (page.nextCursor) reply.header('x-next-cursor', page.nextCursor);
      return page.items.map(toLegacyCard);
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
      method: 'GET',
      url: '/matches/:id',
      tag: TAG,
      summary: 'Un match : lieu, date, niveaux, organisateur et joueurs (téléphones réservés au créateur et aux participants)',
      auth: 'user',
      params: ZMatchIdInput,
      response: ZMatchDetail,
    },
    ({ params, user }) => getMatchDetail(deps, user, params.id),
  );

  route(
    app,
    {
      method: 'GET',
      url: '/matches/:id/calendar.ics',
      tag: TAG,
      summary: 'Le match au format iCalendar (créateur et participants)',
      auth: 'user',
      params: ZMatchIdInput,
      response: z.string().meta({ description: 'Fichier .ics (un VEVENT)', contentMediaType: 'text/calendar' }),
    },
    async ({ params, user, reply }) => {
      const ics = await getMatchIcs(deps, user, params.id);
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="match-${params.id}.ics"`)
        .header('cache-control', 'private, no-cache')
        .send(ics);
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

  /** A player's action on one match: a legacy `user_id` in the body must be the session's own. */
  const playerAction = (
    spec: { method: 'POST' | 'DELETE'; url: string; summary: string; response: z.ZodType; status?: number },
    run: (user: SessionUser, id: number) => Promise<unknown>,
  ) =>
    route(
      app,
      { ...spec, tag: TAG, auth: 'user', legacySuccess: true, params: ZMatchIdInput, body: ZLegacyActor },
      ({ params, body, user }) => {
        assertSelf(user, body.user_id);
        return run(user, params.id);
      },
    );
  const legacyResult = (r: TMatchResult) => ({ ...r, match: toLegacy(r.match) });

  playerAction({ method: 'POST', url: '/matches/:id/join', summary: 'Rejoindre un match', response: ZLegacyResult }, async (user, id) =>
    legacyResult(await joinMatch(deps, user, id)),
  );
  playerAction({ method: 'POST', url: '/matches/:id/leave', summary: 'Quitter un match', response: ZLegacyResult }, async (user, id) =>
    legacyResult(await leaveMatch(deps, user, id)),
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

  playerAction({ method: 'DELETE', url: '/matches/:id', summary: 'Supprimer un match (créateur)', response: ZDeleteResult }, (user, id) =>
    deleteMatch(deps, user, id),
  );
  playerAction(
    {
      method: 'POST',
      url: '/matches/:id/waitlist',
      summary: "Rejoindre la liste d'attente d'un match complet (répond la position, 1 = prochain)",
      response: ZWaitlistResult,
      status: 201,
    },
    (user, id) => joinWaitlist(deps, user, id),
  );
  playerAction(
    { method: 'DELETE', url: '/matches/:id/waitlist', summary: "Quitter la liste d'attente d'un match", response: ZDeleteResult },
    (user, id) => leaveWaitlist(deps, user, id),
  );
};
