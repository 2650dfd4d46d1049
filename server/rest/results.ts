import { ZMatchIdInput } from '../../common/schemas/matches';
import {
  ZContestBody,
  ZNoShowAnswer,
  ZNoShowInput,
  ZPlayerProfile,
  ZResultAnswer,
  ZResultBody,
  ZUserIdInput,
} from '../../common/schemas/results';
import { assertUser } from '../lib/auth';
import { markNoShow } from '../services/results/no-shows';
import { getProfile } from '../services/results/profile';
import { confirmResult, contestResult, enterResult } from '../services/results/results';
import type { RestRoutes } from './http';
import { giveLevelFeedback } from '../services/results/level-feedback';
import { ZFeedbackAnswer, ZLevelFeedbackBody } from '../../common/schemas/leaderboard';

// Listed with the match and user paths they extend (the reference page groups by these tags).
const tags = ['Matchs'];
const player = { auth: 'user', legacySuccess: true } as const;

/** Results, no-shows and player profiles: each path calls the `results` router's service. */
export const resultsRoutes: RestRoutes = (app, deps) => {
  app.put(
    '/matches/:id/result',
    {
      schema: {
        tags,
        summary:
          'Saisit le résultat (joueur ou organisateur, après le début) : deux équipes de deux, chacun un joueur du match (son identifiant) ou un invité d’une place réservée (`{ "guest": id }`), 2 ou 3 sets de padel',
        params: ZMatchIdInput,
        body: ZResultBody,
        response: { 200: ZResultAnswer },
      },
      config: player,
    },
    ({ ctx, params, body }) => enterResult(deps, assertUser(ctx.user), { ...params, ...body }),
  );
  app.post(
    '/matches/:id/level-feedback',
    {
      schema: {
        tags,
        summary:
          'Donne, anonymement, son avis sur le niveau d’un partenaire ou adversaire (plus_bas, juste, plus_haut) : après un résultat confirmé, une fois par joueur et par match ; personne ne lit les avis un par un',
        params: ZMatchIdInput,
        body: ZLevelFeedbackBody,
        response: { 200: ZFeedbackAnswer },
      },
      config: player,
    },
    ({ ctx, params, body }) =>
      giveLevelFeedback(deps, assertUser(ctx.user), { ...body, id: params.id }),
  );
  app.post(
    '/matches/:id/result/confirm',
    {
      schema: {
        tags,
        summary:
          "Confirme le résultat (un joueur inscrit de l'équipe adverse ; une équipe de deux invités ne répond pas : le résultat est confirmé 48 h après sa saisie)",
        params: ZMatchIdInput,
        response: { 200: ZResultAnswer },
      },
      config: player,
    },
    ({ ctx, params }) => confirmResult(deps, assertUser(ctx.user), params.id),
  );
  app.post(
    '/matches/:id/result/contest',
    {
      schema: {
        tags,
        summary:
          "Conteste le résultat avec un motif (un joueur de l'équipe adverse) : un administrateur tranche",
        params: ZMatchIdInput,
        body: ZContestBody,
        response: { 200: ZResultAnswer },
      },
      config: player,
    },
    ({ ctx, params, body }) =>
      contestResult(deps, assertUser(ctx.user), { id: params.id, reason: body.reason }),
  );
  app.post(
    '/matches/:id/no-show/:userId',
    {
      schema: {
        tags,
        summary:
          'Déclare un participant absent (organisateur, dans les 48 h après le début) : il est prévenu et peut contester',
        params: ZNoShowInput,
        response: { 200: ZNoShowAnswer },
      },
      config: player,
    },
    ({ ctx, params }) => markNoShow(deps, assertUser(ctx.user), params),
  );
  app.get(
    '/users/:id/profile',
    {
      schema: {
        tags: ['Utilisateurs'],
        summary:
          "Profil d'un joueur : prénom et initiale, niveau, statistiques, derniers résultats, fiabilité (photo pour ses partenaires de match seulement)",
        params: ZUserIdInput,
        response: { 200: ZPlayerProfile },
      },
      config: { auth: 'user' },
    },
    ({ ctx, params }) => getProfile(deps, assertUser(ctx.user), params.id),
  );
};
