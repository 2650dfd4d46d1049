import {
  ZChatListInput,
  ZChatMatchInput,
  ZChatMessage,
  ZChatMessageParams,
  ZChatMessages,
  ZChatPostBody,
  ZChatReportResult,
} from '../../common/schemas/chat';
import { assertUser } from '../lib/auth';
import {
  deleteMessage,
  editMessage,
  listMessages,
  postMessage,
  reportMessage,
} from '../services/chat/messages';
import type { RestRoutes } from './http';

const tags = ['Matchs'];
const member = { auth: 'user' } as const;

/**
 * The chat of a match (organiser and participants write; the waiting list reads; anyone else gets a
 * 403): the same services as the `chat` tRPC router. Messages arrive live through `chat.onMessage`.
 */
export const chatRoutes: RestRoutes = (app, deps) => {
  app.get(
    '/matches/:id/messages',
    {
      schema: {
        tags,
        summary:
          'Messages de la discussion du match, du plus ancien au plus récent (before=<id> : les précédents ; limit 1 à 100, 50 par défaut). Lire la dernière page marque la discussion comme lue.',
        params: ZChatMatchInput,
        querystring: ZChatListInput.omit({ id: true }),
        response: { 200: ZChatMessages },
      },
      config: member,
    },
    async ({ ctx, params, query }) => {
      const { messages, can_write } = await listMessages(deps, assertUser(ctx.user), {
        ...query,
        id: params.id,
      });
      return { messages, can_write };
    },
  );
  app.post(
    '/matches/:id/messages',
    {
      schema: {
        tags,
        summary:
          'Écrire dans la discussion (organisateur et participants) : 1 à 1000 caractères, retours à la ligne permis ; 20 messages par minute au plus',
        params: ZChatMatchInput,
        body: ZChatPostBody,
        response: { 201: ZChatMessage },
      },
      config: member,
    },
    async ({ ctx, params, body }, reply) =>
      reply
        .code(201)
        .send(await postMessage(deps, assertUser(ctx.user), { id: params.id, text: body.text })),
  );
  app.patch(
    '/matches/:id/messages/:messageId',
    {
      schema: {
        tags,
        summary: 'Modifier son message (son auteur, dans les 15 minutes)',
        params: ZChatMessageParams,
        body: ZChatPostBody,
        response: { 200: ZChatMessage },
      },
      config: member,
    },
    ({ ctx, params, body }) =>
      editMessage(deps, assertUser(ctx.user), { ...params, text: body.text }),
  );
  app.delete(
    '/matches/:id/messages/:messageId',
    {
      schema: {
        tags,
        summary:
          'Supprimer un message (son auteur dans les 15 minutes, ou un administrateur) : il reste affiché « Message supprimé »',
        params: ZChatMessageParams,
        response: { 200: ZChatMessage },
      },
      config: member,
    },
    ({ ctx, params }) => deleteMessage(deps, assertUser(ctx.user), params),
  );
  app.post(
    '/matches/:id/messages/:messageId/report',
    {
      schema: {
        tags,
        summary: 'Signaler un message aux administrateurs (une fois par message)',
        params: ZChatMessageParams,
        response: { 201: ZChatReportResult },
      },
      config: member,
    },
    async ({ ctx, params }, reply) =>
      reply.code(201).send(await reportMessage(deps, assertUser(ctx.user), params)),
  );
};
