import { z } from 'zod';
import { ZMatchKindFields } from '../../common/schemas/court';
import { MSG } from '../../common/messages';
import { assertSelf, assertUser, type SessionUser } from '../lib/auth';
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
  ZReason,
  ZReasonBody,
  ZRemoveParticipantInput,
  type TMatch,
  type TMatchResult,
} from '../../common/schemas/matches';
import { getMatchIcs } from '../services/matches/calendar';
import { getMatchDetail } from '../services/matches/detail';
import { createMatch, deleteMatch, updateMatch } from '../services/matches/mutations';
import { releaseGuest, removeParticipant } from '../services/matches/organiser';
import { acceptRequest, createRequest, declineRequest } from '../services/matches/requests';
import {
  ZAnswerRequestInput,
  ZReleaseGuestInput,
  ZRequestBody,
  ZRequestResult,
  ZRoomFields,
  ZShareToken,
  ZShareTokenQuery,
} from '../../common/schemas/room';
import { joinMatch, leaveMatch } from '../services/matches/participation';
import { listMatches, listMyMatches, listParticipants } from '../services/matches/queries';
import { safeText } from '../../common/schemas/primitives';
import { fastSerializer, numeric, type RestRoutes } from './http';
import { joinWaitlist, leaveWaitlist } from '../services/matches/waitlist';
import { ZWaitlistResult } from '../../common/schemas/waitlist';

/** Legacy `levels`: an array, a JSON-encoded array, or plain text (comma-separated names). */
function parseLegacyLevels(v: unknown): unknown {
  if (typeof v !== 'string') return v;
  const text = v.trim();
  if (text.startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(text);
      return parsed;
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
/** The room's fields (issue 25), described for third parties; left out = public, no guests. */
const ZRoomDoc = z.object({
  visibility: ZRoomFields.shape.visibility.describe(
    'public (par défaut) ou private : un match privé n’apparaît dans aucune liste ni recherche ; seuls ceux qui ont son lien (/m/<jeton>) le voient.',
  ),
  open_levels: ZRoomFields.shape.open_levels.describe(
    'Ouvert à tous les niveaux : tout joueur rejoint sans demande.',
  ),
  guests: ZRoomFields.shape.guests.describe(
    'Places réservées (0 à slots − 1) : le prénom de chaque invité sans compte ; chacune compte comme prise. À la modification, la liste envoyée remplace l’ancienne ; absente, elle est gardée.',
  ),
});
/** Issue 42's fields, described for third parties; left out = amical, open to all, no price. */
const ZKindDoc = z.object({
  kind: ZMatchKindFields.shape.kind.describe(
    'amical (par défaut) ou competitif : seuls les résultats d’un match compétitif font évoluer les niveaux.',
  ),
  gender: ZMatchKindFields.shape.gender.describe(
    'ouvert (par défaut), hommes, femmes ou mixte (deux hommes et deux femmes) : qui peut prendre une place.',
  ),
  price_cents: ZMatchKindFields.shape.price_cents.describe(
    'Prix total du terrain en centimes (0 à 1 000 000), partagé entre les joueurs ; null le retire. Rien n’est prélevé.',
  ),
});
const ZLegacyCreate = ZLegacyFields.extend({
  created_by: ZClaimedId,
  ...ZRoomDoc.shape,
  ...ZKindDoc.shape,
});
/** Loose: the parsed headers replace `req.headers`, so the others must stay. */
const ZCreateHeaders = z.looseObject({
  'idempotency-key': ZIdempotencyKey.optional().describe(
    'Clé choisie par le client (ex. un UUID) : une création répétée avec la même clé renvoie le match déjà créé au lieu d’en créer un second.',
  ),
});
const ZLegacyUpdate = ZLegacyFields.extend({
  user_id: ZClaimedId,
  ...ZRoomDoc.shape,
  ...ZKindDoc.shape,
});
const ZLegacyActor = z.object({ user_id: ZClaimedId }).loose();
/** Joining (or queueing for) a private match takes its link's token. */
const ZLegacyJoin = ZLegacyActor.extend({
  token: ZShareToken.optional().describe('Jeton du lien d’un match privé (/m/<jeton>).'),
});
const ZTokenQuery = z.object({
  token: ZShareTokenQuery.shape.token.describe(
    'Jeton du lien d’un match privé : sans lui, un match privé répond 404 à qui n’y participe pas.',
  ),
});
/** The legacy delete body, plus the reason every player is told (legacy clients send none). */
const ZLegacyCancel = ZLegacyActor.extend({
  reason: ZReason.optional().describe(
    'Motif de l’annulation (facultatif, 1 à 200 caractères sur une ligne), ajouté au message de chaque joueur : « Motif : … ».',
  ),
});

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
      .describe(
        'Page suivante : la valeur de l’en-tête x-next-cursor de la réponse précédente (même tri).',
      ),
    limit: numeric(ZRestPageSize).optional().describe('Taille de page, 1 à 100 (100 par défaut).'),
    place_id: numeric(ZMatchFilters.shape.placeId.unwrap()).optional().describe('Un lieu.'),
    city: ZMatchFilters.shape.city.describe('Une ville, sans tenir compte des majuscules.'),
    level: ZMatchFilters.shape.level.describe(
      'Un nom de niveau (ex. « Niveau 3 ») : les matchs qui l’acceptent.',
    ),
    from: ZMatchFilters.shape.from.describe('Premier jour inclus, AAAA-MM-JJ.'),
    to: ZMatchFilters.shape.to.describe('Dernier jour inclus, AAAA-MM-JJ.'),
    available: ZFlag.optional().describe('1 : seulement les matchs avec des places libres.'),
    kind: ZMatchFilters.shape.kind.describe('amical ou competitif.'),
    gender: ZMatchFilters.shape.gender.describe('ouvert, hommes, femmes ou mixte.'),
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
  kind: m.kind,
  gender: m.gender,
});
const ZLegacyResult = z.object({ success: z.boolean(), message: z.string(), match: ZLegacyMatch });

const tags = ['Matchs'];
const player = { auth: 'user', legacySuccess: true } as const;
/** The app's card fields (issue 25) are not part of the legacy answer. */
const ZLegacyMine = z.object({
  matches: z.array(
    ZMyMatch.omit({ open_levels: true, my_request: true }).extend({
      levels: z.string(),
      time: z.string(),
    }),
  ),
  counters: z.record(z.string(), z.number()),
});

export const matchesRoutes: RestRoutes = (app, deps) => {
  app.post(
    '/matches',
    {
      schema: {
        tags,
        summary: 'Créer un match',
        body: ZLegacyCreate,
        headers: ZCreateHeaders,
        response: { 201: ZLegacyResult },
      },
      config: player,
    },
    async ({ ctx, body: { created_by, ...fields }, headers }, reply) => {
      const user = assertUser(ctx.user);
      assertSelf(user, created_by);
      const match = await createMatch(deps, user, {
        ...fields,
        idempotencyKey: headers['idempotency-key'],
      });
      return reply
        .code(201)
        .send({ success: true, message: MSG.match.created, match: toLegacy(match) });
    },
  );

  app.get(
    '/matches',
    {
      schema: {
        tags,
        summary:
          'Matchs à venir, filtrables (place_id, city, level, from, to au format AAAA-MM-JJ inclus, available=1, kind, gender) et triables (order=need : le moins de places libres d’abord) ; page suivante : en-tête x-next-cursor',
        querystring: ZListQuery,
        response: { 200: z.array(ZLegacyMatch) },
      },
      serializerCompiler: fastSerializer,
    },
    async ({ query }, reply) => {
      const { place_id, limit, ...rest } = query;
      const page = await listMatches(deps, {
        ...rest,
        placeId: place_id,
        limit: limit ?? MATCH_PAGE_MAX,
      });
      if (page.nextCursor) reply.header('x-next-cursor', page.nextCursor);
      return page.items.map(toLegacyCard);
    },
  );

  app.get(
    '/matches/mine',
    {
      schema: {
        tags,
        summary: 'Mes matchs (créés ou rejoints) et compteurs',
        response: { 200: ZLegacyMine },
      },
      config: { auth: 'user' },
    },
    async ({ ctx }) => {
      const mine = await listMyMatches(deps, assertUser(ctx.user));
      return {
        matches: mine.matches.map(({ open_levels: _open, my_request: _request, ...m }) =>
          toLegacy(m),
        ),
        counters: mine.counters,
      };
    },
  );

  app.get(
    '/matches/:id',
    {
      schema: {
        tags,
        summary:
          'Un match : lieu, date, niveaux, organisateur et joueurs (téléphones réservés au créateur et aux participants)',
        params: ZMatchIdInput,
        querystring: ZTokenQuery,
        response: { 200: ZMatchDetail },
      },
      config: { auth: 'user' },
    },
    ({ ctx, params, query }) => getMatchDetail(deps, assertUser(ctx.user), params.id, query.token),
  );

  app.get(
    '/matches/:id/calendar.ics',
    {
      schema: {
        tags,
        summary: 'Le match au format iCalendar (créateur et participants)',
        params: ZMatchIdInput,
        produces: ['text/calendar'],
        response: {
          200: z
            .string()
            .meta({ description: 'Fichier .ics (un VEVENT)', contentMediaType: 'text/calendar' }),
        },
      },
      config: { auth: 'user' },
    },
    async ({ ctx, params }, reply) => {
      const ics = await getMatchIcs(deps, assertUser(ctx.user), params.id);
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="match-${params.id}.ics"`)
        .header('cache-control', 'private, no-cache')
        .send(ics);
    },
  );

  app.put(
    '/matches/:id',
    {
      schema: {
        tags,
        summary: 'Modifier un match (créateur)',
        params: ZMatchIdInput,
        body: ZLegacyUpdate,
        response: { 200: ZLegacyResult },
      },
      config: player,
    },
    async ({ ctx, params, body: { user_id, ...fields } }) => {
      const user = assertUser(ctx.user);
      assertSelf(user, user_id);
      return {
        success: true,
        message: MSG.match.updated,
        match: toLegacy(await updateMatch(deps, user, { ...fields, id: params.id })),
      };
    },
  );

  const legacyResult = (r: TMatchResult) => ({ ...r, match: toLegacy(r.match) });
  /** A player's action on one match: a legacy `user_id` in the body must be the session's own. */
  const actionSchema = <R extends z.ZodType>(summary: string, response: R) => ({
    tags,
    summary,
    params: ZMatchIdInput,
    body: ZLegacyActor,
    response: { 200: response },
  });
  const actor = ({
    ctx,
    body,
  }: {
    ctx: { user: SessionUser | null };
    body: { user_id?: string | number | null };
  }) => {
    const user = assertUser(ctx.user);
    assertSelf(user, body.user_id);
    return user;
  };

  app.post(
    '/matches/:id/join',
    {
      schema: { ...actionSchema('Rejoindre un match', ZLegacyResult), body: ZLegacyJoin },
      config: player,
    },
    async (req) => legacyResult(await joinMatch(deps, actor(req), req.params.id, req.body.token)),
  );
  app.post(
    '/matches/:id/leave',
    { schema: actionSchema('Quitter un match', ZLegacyResult), config: player },
    async (req) => legacyResult(await leaveMatch(deps, actor(req), req.params.id)),
  );

  app.get(
    '/matches/:id/participants',
    {
      schema: {
        tags,
        summary: 'Participants (créateur ou participant)',
        params: ZMatchIdInput,
        response: { 200: z.array(ZParticipant) },
      },
      config: { auth: 'user' },
    },
    ({ ctx, params }) => listParticipants(deps, assertUser(ctx.user), params.id),
  );

  app.delete(
    '/matches/:id',
    {
      schema: {
        ...actionSchema(
          'Supprimer (annuler) un match (créateur), avec un motif facultatif',
          ZDeleteResult,
        ),
        body: ZLegacyCancel,
      },
      config: player,
    },
    (req) => deleteMatch(deps, actor(req), { id: req.params.id, reason: req.body.reason }),
  );
  app.delete(
    '/matches/:id/participants/:userId',
    {
      schema: {
        tags,
        summary:
          'Retirer un joueur du match (organisateur) : il est prévenu, avec le motif facultatif, et le premier joueur de la liste d’attente prend sa place',
        params: ZRemoveParticipantInput.pick({ id: true, userId: true }),
        body: ZReasonBody,
        response: { 200: ZLegacyResult },
      },
      config: player,
    },
    async ({ ctx, params, body }) =>
      legacyResult(
        await removeParticipant(deps, assertUser(ctx.user), { ...params, reason: body.reason }),
      ),
  );
  app.post(
    '/matches/:id/waitlist',
    {
      schema: {
        ...actionSchema(
          "Rejoindre la liste d'attente d'un match complet (répond la position, 1 = prochain)",
          ZWaitlistResult,
        ),
        body: ZLegacyJoin,
        response: { 201: ZWaitlistResult },
      },
      config: player,
    },
    async (req, reply) =>
      reply.code(201).send(await joinWaitlist(deps, actor(req), req.params.id, req.body.token)),
  );

  // The match room (issue 25): reserved seats and requests to join.
  app.delete(
    '/matches/:id/guests/:guestId',
    {
      schema: {
        tags,
        summary:
          'Libérer une place réservée (organisateur) : le premier joueur de la liste d’attente la prend, sinon elle redevient libre',
        params: ZReleaseGuestInput,
        response: { 200: ZLegacyResult },
      },
      config: player,
    },
    async ({ ctx, params }) => legacyResult(await releaseGuest(deps, assertUser(ctx.user), params)),
  );
  app.post(
    '/matches/:id/requests',
    {
      schema: {
        tags,
        summary:
          'Demander à rejoindre un match dont les niveaux ne sont pas le sien (message facultatif) ; l’organisateur est prévenu',
        params: ZMatchIdInput,
        body: ZRequestBody,
        response: { 201: ZRequestResult },
      },
      config: player,
    },
    async ({ ctx, params, body }, reply) =>
      reply.code(201).send(await createRequest(deps, assertUser(ctx.user), { ...params, ...body })),
  );
  const answerSchema = (summary: string) => ({
    tags,
    summary,
    params: ZAnswerRequestInput,
    response: { 200: ZRequestResult },
  });
  app.post(
    '/matches/:id/requests/:userId/accept',
    {
      schema: answerSchema(
        'Accepter une demande (organisateur) : le joueur est inscrit s’il reste une place, sinon mis en liste d’attente (outcome joined | waitlist), et prévenu',
      ),
      config: player,
    },
    async ({ ctx, params }) => acceptRequest(deps, assertUser(ctx.user), params),
  );
  app.post(
    '/matches/:id/requests/:userId/decline',
    {
      schema: answerSchema('Refuser une demande (organisateur) : le joueur est prévenu'),
      config: player,
    },
    async ({ ctx, params }) => declineRequest(deps, assertUser(ctx.user), params),
  );
  app.delete(
    '/matches/:id/waitlist',
    {
      schema: actionSchema("Quitter la liste d'attente d'un match", ZDeleteResult),
      config: player,
    },
    (req) => leaveWaitlist(deps, actor(req), req.params.id),
  );
};
