import { z } from 'zod';
import { MSG } from '../../../common/messages';
import { ZLevel, ZPlace } from '../../../common/schemas/catalog';
import { v2Page, ZV2Page } from '../../../common/schemas/integrations';
import {
  checkFilterRange,
  MATCH_PAGE_DEFAULT,
  ZIdempotencyKey,
  ZMatch,
  ZMatchFields,
  ZMatchFilters,
  ZMatchIdInput,
  ZReasonBody,
} from '../../../common/schemas/matches';
import { listLevels } from '../../services/levels';
import { createMatch, deleteMatch, updateMatch } from '../../services/matches/mutations';
import { joinMatch, leaveMatch } from '../../services/matches/participation';
import { getMatchCardFor } from '../../services/matches/detail';
import { listMatches } from '../../services/matches/queries';
import { ZShareTokenQuery } from '../../../common/schemas/room';
import { joinWaitlist, leaveWaitlist } from '../../services/matches/waitlist';
import { listActivePlaces } from '../../services/places';
import { ZEvening, ZEveningCard, ZEveningIdInput } from '../../../common/schemas/evenings';
import { getEvening, listEvenings } from '../../services/evenings/read';
import type { RestRoutes } from '../http';
import { callerOf, pageById } from './http';

const read = { apiScope: 'matches:read' } as const;
const write = { apiScope: 'matches:write' } as const;
const readEvenings = { apiScope: 'evenings:read' } as const;

/** Query-string booleans: `true`/`false` (and `1`/`0`); anything else is refused. */
const ZQueryFlag = z.preprocess(
  (v) => ({ '1': true, true: true, '0': false, false: false })[String(v)] ?? v,
  ZMatchFilters.shape.available.unwrap(),
);

const ZV2ListQuery = ZV2Page.extend({
  place_id: z.coerce
    .number({ error: MSG.match.filterPlaceInvalid })
    .pipe(ZMatchFilters.shape.placeId.unwrap())
    .optional()
    .describe('Un lieu.'),
  city: ZMatchFilters.shape.city.describe('Une ville, sans tenir compte des majuscules.'),
  level: ZMatchFilters.shape.level.describe('Un nom de niveau : les matchs qui l’acceptent.'),
  from: ZMatchFilters.shape.from.describe('Premier jour inclus, AAAA-MM-JJ.'),
  to: ZMatchFilters.shape.to.describe('Dernier jour inclus, AAAA-MM-JJ.'),
  available: ZQueryFlag.optional().describe('true : seulement les matchs avec des places libres.'),
  order: ZMatchFilters.shape.order.describe(
    'date (par défaut) ; need : le moins de places libres (au moins une) d’abord.',
  ),
}).refine(checkFilterRange, { message: MSG.match.filterRangeInvalid, path: ['to'] });

const ZCreateHeaders = z.looseObject({
  'idempotency-key': ZIdempotencyKey.optional().describe(
    'Clé choisie par le client (ex. un UUID) : une création répétée avec la même clé renvoie le match déjà créé.',
  ),
});

const ZWaitlistPosition = z.object({
  match_id: z.number().int(),
  position: z.number().int().describe('1 = le prochain à obtenir une place.'),
});
const ZCancelled = z.object({ id: z.number().int(), status: z.literal('cancelled') });
const ZMe = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.literal('service_account'),
  api_key: z.object({ id: z.number().int(), scopes: z.array(z.string()) }),
});

/** `/api/v2`: the same services as the app and the legacy paths; shapes only. */
export const v2Routes: RestRoutes = (app, deps) => {
  const tags = ['Matchs'];

  app.get(
    '/matches',
    {
      schema: {
        tags,
        summary: 'Matchs à venir, filtrés et paginés',
        querystring: ZV2ListQuery,
        response: { 200: v2Page(ZMatch) },
      },
      config: read,
    },
    async ({ query: { place_id, limit, ...rest } }) => {
      const page = await listMatches(deps, {
        ...rest,
        placeId: place_id,
        limit: limit ?? MATCH_PAGE_DEFAULT,
      });
      return { data: page.items, next_cursor: page.nextCursor };
    },
  );

  app.get(
    '/matches/:id',
    {
      schema: {
        tags,
        summary:
          'Un match (un match privé : seulement avec le jeton de son lien, ou pour ses joueurs)',
        params: ZMatchIdInput,
        querystring: ZShareTokenQuery,
        response: { 200: ZMatch },
      },
      config: read,
    },
    (req) => getMatchCardFor(deps, callerOf(req).user, req.params.id, req.query.token),
  );

  app.post(
    '/matches',
    {
      schema: {
        tags,
        summary: 'Créer un match (organisé par le compte de service de la clé)',
        body: ZMatchFields,
        headers: ZCreateHeaders,
        response: { 201: ZMatch },
      },
      config: write,
    },
    async (req, reply) => {
      const match = await createMatch(deps, callerOf(req).user, {
        ...req.body,
        idempotencyKey: req.headers['idempotency-key'],
      });
      return reply.code(201).send(match);
    },
  );

  app.put(
    '/matches/:id',
    {
      schema: {
        tags,
        summary: 'Modifier un match créé par cette clé (tous les champs)',
        params: ZMatchIdInput,
        body: ZMatchFields,
        response: { 200: ZMatch },
      },
      config: write,
    },
    (req) => updateMatch(deps, callerOf(req).user, { ...req.body, id: req.params.id }),
  );

  app.post(
    '/matches/:id/cancel',
    {
      schema: {
        tags,
        summary: 'Annuler un match créé par cette clé (les joueurs sont prévenus, avec le motif)',
        params: ZMatchIdInput,
        body: ZReasonBody,
        response: { 200: ZCancelled },
      },
      config: write,
    },
    async (req) => {
      await deleteMatch(deps, callerOf(req).user, { id: req.params.id, reason: req.body.reason });
      return { id: req.params.id, status: 'cancelled' as const };
    },
  );

  app.post(
    '/matches/:id/join',
    {
      schema: {
        tags,
        summary: 'Rejoindre un match (compte de service)',
        params: ZMatchIdInput,
        response: { 200: ZMatch },
      },
      config: write,
    },
    async (req) => (await joinMatch(deps, callerOf(req).user, req.params.id)).match,
  );

  app.post(
    '/matches/:id/leave',
    {
      schema: {
        tags,
        summary: 'Quitter un match (compte de service)',
        params: ZMatchIdInput,
        response: { 200: ZMatch },
      },
      config: write,
    },
    async (req) => (await leaveMatch(deps, callerOf(req).user, req.params.id)).match,
  );

  app.post(
    '/matches/:id/waitlist',
    {
      schema: {
        tags,
        summary: 'S’inscrire sur la liste d’attente d’un match complet',
        params: ZMatchIdInput,
        response: { 201: ZWaitlistPosition },
      },
      config: write,
    },
    async (req, reply) => {
      const { position } = await joinWaitlist(deps, callerOf(req).user, req.params.id);
      return reply.code(201).send({ match_id: req.params.id, position });
    },
  );

  app.delete(
    '/matches/:id/waitlist',
    {
      schema: {
        tags,
        summary: 'Quitter la liste d’attente',
        params: ZMatchIdInput,
        response: { 204: z.null().describe('Aucun contenu.') },
      },
      config: write,
    },
    async (req, reply) => {
      await leaveWaitlist(deps, callerOf(req).user, req.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/places',
    {
      schema: {
        tags: ['Catalogue'],
        summary: 'Lieux actifs',
        querystring: ZV2Page,
        response: { 200: v2Page(ZPlace) },
      },
      config: read,
    },
    async ({ query }) => pageById(await listActivePlaces(deps), query.cursor, query.limit),
  );

  app.get(
    '/levels',
    {
      schema: {
        tags: ['Catalogue'],
        summary: 'Niveaux',
        querystring: ZV2Page,
        response: { 200: v2Page(ZLevel) },
      },
      config: read,
    },
    async ({ query }) => pageById(await listLevels(deps), query.cursor, query.limit),
  );

  // Evenings, seen as the key's service account sees them (the same services as the app): the
  // public ones to come and the ones it organises or plays in; a private evening of others is
  // the 404 of an unknown one. Paged by id, as the catalogue lists.
  app.get(
    '/evenings',
    {
      schema: {
        tags: ['Soirées'],
        summary:
          'Soirées à venir (publiques) et celles du compte de service (qu’il organise ou joue), par identifiant',
        querystring: ZV2Page,
        response: { 200: v2Page(ZEveningCard) },
      },
      config: readEvenings,
    },
    async (req) =>
      pageById(
        await listEvenings(deps, callerOf(req).user, { limit: 1000 }),
        req.query.cursor,
        req.query.limit,
      ),
  );

  app.get(
    '/evenings/:id',
    {
      schema: {
        tags: ['Soirées'],
        summary:
          'Une soirée : joueurs, tours, scores et classement (une soirée privée : seulement avec le jeton de son lien, ou pour ses joueurs)',
        params: ZEveningIdInput,
        querystring: ZShareTokenQuery,
        response: { 200: ZEvening },
      },
      config: readEvenings,
    },
    (req) => getEvening(deps, callerOf(req).user, req.params.id, req.query.token),
  );

  app.get(
    '/me',
    {
      schema: {
        tags: ['Compte'],
        summary: 'Le compte de service de la clé et ses droits',
        response: { 200: ZMe },
      },
      config: { apiScope: 'any' },
    },
    (req) => {
      const { user, keyId, scopes } = callerOf(req);
      return {
        id: user.id,
        name: user.name,
        type: 'service_account' as const,
        api_key: { id: keyId, scopes: [...scopes] },
      };
    },
  );
};
