import { z } from 'zod';
import {
  ZCreateGroupInput,
  ZCreatePollInput,
  ZCreateSlotInput,
  ZGroupDetail,
  ZGroupIdInput,
  ZGroupMatchInput,
  ZGroupResult,
  ZGroupSlot,
  ZGroupSummary,
  ZJoinGroupInput,
  ZPoll,
  ZPollAnswersInput,
  ZReinviteInput,
  ZRemoveMemberInput,
  ZSkipSlotInput,
  ZUpdateGroupInput,
  ZUpdateSlotInput,
} from '../../common/schemas/groups';
import { ZMatch } from '../../common/schemas/matches';
import { assertUser } from '../lib/auth';
import { createGroupMatch } from '../services/groups/group-matches';
import {
  createGroup,
  deleteGroup,
  getGroup,
  joinGroup,
  leaveGroup,
  listMyGroups,
  reinviteMember,
  removeMember,
  renewInviteToken,
  updateGroup,
} from '../services/groups/groups';
import { answerPoll, createPoll, getPoll } from '../services/groups/polls';
import { createSlot, deleteSlot, skipSlotDate, updateSlot } from '../services/groups/slots';
import { numeric, type RestRoutes } from './http';
import { groupLeaderboard } from '../services/seasons/leaderboard';
import {
  ZLeaderboardRow,
  ZTableDays,
  ZVerifiedAnswer,
  ZVerifiedBody,
} from '../../common/schemas/leaderboard';
import { groupSetLevelVerified } from '../services/seasons/level-verified';

const tags = ['Groupes'];
const user = { auth: 'user' } as const;
const params = ZGroupIdInput;

/** Groups, weekly slots and polls: each path parses, calls the tRPC procedure's service, answers. */
export const groupsRoutes: RestRoutes = (app, deps) => {
  app.post(
    '/groups',
    {
      schema: {
        tags,
        summary:
          'Crée un groupe (le créateur en est administrateur) ; `invite_token` forme le lien /g/<token>',
        body: ZCreateGroupInput,
        response: { 201: ZGroupSummary },
      },
      config: user,
    },
    async ({ ctx, body }, reply) =>
      reply.code(201).send(await createGroup(deps, assertUser(ctx.user), body)),
  );
  app.get(
    '/groups',
    {
      schema: { tags, summary: 'Mes groupes', response: { 200: z.array(ZGroupSummary) } },
      config: user,
    },
    ({ ctx }) => listMyGroups(deps, assertUser(ctx.user)),
  );
  app.post(
    '/groups/join',
    {
      schema: {
        tags,
        summary:
          "Rejoint le groupe d'un lien d'invitation (404 pour un lien inconnu ou renouvelé ; 403 pour un joueur retiré du groupe tant qu'un administrateur ne l'a pas réinvité)",
        body: ZJoinGroupInput,
        response: { 200: ZGroupSummary.extend({ message: z.string() }) },
      },
      config: user,
    },
    ({ ctx, body }) => joinGroup(deps, assertUser(ctx.user), body.token),
  );
  app.get(
    '/groups/:id/leaderboard',
    {
      schema: {
        tags,
        summary:
          'Le classement du groupe (membres) : sur les `days` derniers jours (90 par défaut, 1 à 365), seuls les membres qui ont choisi d’apparaître dans les classements, classés à partir de 3 parties',
        params,
        querystring: z.object({
          days: numeric(ZTableDays).optional().describe('Période en jours, aujourd’hui compris.'),
        }),
        response: { 200: z.array(ZLeaderboardRow) },
      },
      config: user,
    },
    async ({ ctx, params: p, query }) =>
      (await groupLeaderboard(deps, assertUser(ctx.user), p.id, query.days)).rows,
  );
  app.get(
    '/groups/:id',
    {
      schema: {
        tags,
        summary:
          'Un groupe : membres (Prénom N., niveau), matchs à venir, créneaux, sondages (membres)',
        params,
        response: { 200: ZGroupDetail },
      },
      config: user,
    },
    ({ ctx, params: p }) => getGroup(deps, assertUser(ctx.user), p.id),
  );
  app.put(
    '/groups/:id',
    {
      schema: {
        tags,
        summary:
          'Renomme le groupe, change sa description ou la priorité des membres en heures (administrateurs du groupe)',
        params,
        body: ZUpdateGroupInput.omit({ id: true }),
        response: { 200: ZGroupSummary },
      },
      config: user,
    },
    ({ ctx, params: p, body }) => updateGroup(deps, assertUser(ctx.user), { ...body, id: p.id }),
  );
  app.delete(
    '/groups/:id',
    {
      schema: {
        tags,
        summary: 'Supprime le groupe (administrateurs du groupe)',
        params,
        response: { 200: ZGroupResult },
      },
      config: user,
    },
    ({ ctx, params: p }) => deleteGroup(deps, assertUser(ctx.user), p.id),
  );
  app.post(
    '/groups/:id/leave',
    {
      schema: { tags, summary: 'Quitte le groupe', params, response: { 200: ZGroupResult } },
      config: user,
    },
    ({ ctx, params: p }) => leaveGroup(deps, assertUser(ctx.user), p.id),
  );
  app.delete(
    '/groups/:id/members/:userId',
    {
      schema: {
        tags,
        summary:
          "Retire un membre du groupe (administrateurs du groupe) : le lien d'invitation ne lui permet plus de revenir jusqu'à ce qu'un administrateur le réinvite",
        params: ZRemoveMemberInput,
        response: { 200: ZGroupResult },
      },
      config: user,
    },
    ({ ctx, params: p }) => removeMember(deps, assertUser(ctx.user), p),
  );
  app.put(
    '/groups/:id/members/:userId/level-verified',
    {
      schema: {
        tags,
        summary:
          'Marque le niveau d’un membre vérifié (verified: true) ou non (administrateurs du groupe) : la vérification vaut pour son niveau actuel',
        params: ZRemoveMemberInput,
        body: ZVerifiedBody,
        response: { 200: ZVerifiedAnswer },
      },
      config: user,
    },
    ({ ctx, params: p, body }) =>
      groupSetLevelVerified(deps, assertUser(ctx.user), { ...p, ...body }),
  );
  app.post(
    '/groups/:id/invite-token',
    {
      schema: {
        tags,
        summary:
          "Renouvelle le lien d'invitation : nouveau `invite_token`, l'ancien ne fonctionne plus (administrateurs du groupe)",
        params,
        response: { 200: ZGroupSummary.extend({ message: z.string() }) },
      },
      config: user,
    },
    ({ ctx, params: p }) => renewInviteToken(deps, assertUser(ctx.user), p.id),
  );
  app.post(
    '/groups/:id/members/:userId/reinvite',
    {
      schema: {
        tags,
        summary:
          "Réinvite un joueur retiré du groupe : le lien d'invitation lui est de nouveau ouvert (administrateurs du groupe ; 404 s'il n'a pas été retiré)",
        params: ZReinviteInput,
        response: { 200: ZGroupResult },
      },
      config: user,
    },
    ({ ctx, params: p }) => reinviteMember(deps, assertUser(ctx.user), p),
  );
  app.post(
    '/groups/:id/matches',
    {
      schema: {
        tags,
        summary:
          'Crée un match pour le groupe : les membres sont prévenus et prioritaires, puis il apparaît dans Trouver (jamais si `group_only`)',
        params,
        body: ZGroupMatchInput.omit({ id: true }),
        response: { 201: ZMatch },
      },
      config: user,
    },
    async ({ ctx, params: p, body }, reply) =>
      reply
        .code(201)
        .send(await createGroupMatch(deps, assertUser(ctx.user), { ...body, id: p.id })),
  );
  app.post(
    '/groups/:id/slots',
    {
      schema: {
        tags,
        summary:
          'Crée un créneau hebdomadaire (jour 1 = lundi … 7, heure, lieu, niveaux, places, ouverture `days_ahead` jours avant ; administrateurs du groupe)',
        params,
        body: ZCreateSlotInput.omit({ id: true }),
        response: { 201: ZGroupSlot },
      },
      config: user,
    },
    async ({ ctx, params: p, body }, reply) =>
      reply.code(201).send(await createSlot(deps, assertUser(ctx.user), { ...body, id: p.id })),
  );
  app.put(
    '/slots/:id',
    {
      schema: {
        tags,
        summary: 'Met en pause ou réactive un créneau hebdomadaire',
        params,
        body: ZUpdateSlotInput.omit({ id: true }),
        response: { 200: ZGroupResult },
      },
      config: user,
    },
    ({ ctx, params: p, body }) => updateSlot(deps, assertUser(ctx.user), { ...body, id: p.id }),
  );
  app.delete(
    '/slots/:id',
    {
      schema: {
        tags,
        summary: 'Supprime un créneau hebdomadaire',
        params,
        response: { 200: ZGroupResult },
      },
      config: user,
    },
    ({ ctx, params: p }) => deleteSlot(deps, assertUser(ctx.user), p.id),
  );
  app.post(
    '/slots/:id/skips',
    {
      schema: {
        tags,
        summary: 'Pas de match à cette date pour ce créneau',
        params,
        body: ZSkipSlotInput.omit({ id: true }),
        response: { 200: ZGroupResult },
      },
      config: user,
    },
    ({ ctx, params: p, body }) => skipSlotDate(deps, assertUser(ctx.user), { ...body, id: p.id }),
  );
  app.post(
    '/groups/:id/polls',
    {
      schema: {
        tags,
        summary:
          'Sondage de disponibilités : 2 à 5 créneaux, clôture, `size` « oui » pour faire le match (4 par défaut)',
        params,
        body: ZCreatePollInput.omit({ id: true }),
        response: { 201: ZPoll },
      },
      config: user,
    },
    async ({ ctx, params: p, body }, reply) =>
      reply.code(201).send(await createPoll(deps, assertUser(ctx.user), { ...body, id: p.id })),
  );
  app.get(
    '/polls/:id',
    {
      schema: {
        tags,
        summary: 'Un sondage : créneaux, décomptes, statut, match_id',
        params,
        response: { 200: ZPoll },
      },
      config: user,
    },
    ({ ctx, params: p }) => getPoll(deps, assertUser(ctx.user), p.id),
  );
  app.put(
    '/polls/:id/answers',
    {
      schema: {
        tags,
        summary: 'Répond à un sondage : { answers: { "<slotId>": "oui" | "non" | "peut-être" } }',
        params,
        body: ZPollAnswersInput.omit({ id: true }),
        response: { 200: ZPoll },
      },
      config: user,
    },
    ({ ctx, params: p, body }) => answerPoll(deps, assertUser(ctx.user), { ...body, id: p.id }),
  );
};
