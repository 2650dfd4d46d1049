import {
  ZChatListInput,
  ZChatMatchInput,
  ZChatMessage,
  ZChatMessagePath,
  ZChatMessages,
  ZChatMuteBody,
  ZChatMuted,
  ZChatPostBody,
  ZChatReportResult,
  type TChatRoomKind,
} from '../../common/schemas/chat';
import { assertUser } from '../lib/auth';
import {
  deleteMessage,
  editMessage,
  listMessages,
  postMessage,
  reportMessage,
} from '../services/chat/messages';
import { muteRoom } from '../services/chat/mute';
import type { RestRoutes } from './http';

const member = { auth: 'user' } as const;

/** What differs between the two kinds of room's paths: the prefix, the tag and who writes. */
const ROOMS: Record<
  TChatRoomKind,
  { prefix: string; tags: string[]; readers: string; writers: string }
> = {
  match: {
    prefix: '/matches',
    tags: ['Matchs'],
    readers: 'organisateur, participants et liste d’attente ; les autres joueurs reçoivent un 403',
    writers: 'organisateur et participants',
  },
  group: {
    prefix: '/groups',
    tags: ['Groupes'],
    readers:
      'membres du groupe ; pour tout autre joueur, administrateurs du site compris, le groupe est introuvable (404)',
    writers: 'membres du groupe',
  },
};

/**
 * The chat of a room, `/api/matches/{id}/messages…` and `/api/groups/{id}/messages…`: the same
 * paths and services for both kinds of room (those of the `chat` tRPC router, with `room`).
 * Messages arrive live through `chat.onMessage`.
 */
export const chatRoutes: RestRoutes = (app, deps) => {
  for (const room of ['match', 'group'] as const) {
    const { prefix, tags, readers, writers } = ROOMS[room];
    app.get(
      `${prefix}/:id/messages`,
      {
        schema: {
          tags,
          summary: `Messages de la discussion (${readers}), du plus ancien au plus récent (before=<id> : les précédents ; limit 1 à 100, 50 par défaut). Lire la dernière page marque la discussion comme lue.`,
          params: ZChatMatchInput,
          querystring: ZChatListInput.omit({ id: true, room: true }),
          response: { 200: ZChatMessages },
        },
        config: member,
      },
      async ({ ctx, params, query }) => {
        const { messages, can_write, muted } = await listMessages(deps, assertUser(ctx.user), {
          ...query,
          id: params.id,
          room,
        });
        return { messages, can_write, muted };
      },
    );
    app.post(
      `${prefix}/:id/messages`,
      {
        schema: {
          tags,
          summary: `Écrire dans la discussion (${writers}) : 1 à 1000 caractères, retours à la ligne permis ; 20 messages par minute au plus`,
          params: ZChatMatchInput,
          body: ZChatPostBody,
          response: { 201: ZChatMessage },
        },
        config: member,
      },
      async ({ ctx, params, body }, reply) =>
        reply
          .code(201)
          .send(
            await postMessage(deps, assertUser(ctx.user), { id: params.id, room, text: body.text }),
          ),
    );
    app.patch(
      `${prefix}/:id/messages/:messageId`,
      {
        schema: {
          tags,
          summary: 'Modifier son message (son auteur, dans les 15 minutes)',
          params: ZChatMessagePath,
          body: ZChatPostBody,
          response: { 200: ZChatMessage },
        },
        config: member,
      },
      ({ ctx, params, body }) =>
        editMessage(deps, assertUser(ctx.user), { ...params, room, text: body.text }),
    );
    app.delete(
      `${prefix}/:id/messages/:messageId`,
      {
        schema: {
          tags,
          summary:
            'Supprimer un message (son auteur dans les 15 minutes, ou un administrateur du site) : il reste affiché « Message supprimé »',
          params: ZChatMessagePath,
          response: { 200: ZChatMessage },
        },
        config: member,
      },
      ({ ctx, params }) => deleteMessage(deps, assertUser(ctx.user), { ...params, room }),
    );
    app.post(
      `${prefix}/:id/messages/:messageId/report`,
      {
        schema: {
          tags,
          summary: 'Signaler un message aux administrateurs (une fois par message)',
          params: ZChatMessagePath,
          response: { 201: ZChatReportResult },
        },
        config: member,
      },
      async ({ ctx, params }, reply) =>
        reply.code(201).send(await reportMessage(deps, assertUser(ctx.user), { ...params, room })),
    );
    app.put(
      `${prefix}/:id/messages/mute`,
      {
        schema: {
          tags,
          summary: `Couper (muted: true) ou réactiver les notifications de la discussion, pour soi (${readers})`,
          params: ZChatMatchInput,
          body: ZChatMuteBody,
          response: { 200: ZChatMuted },
        },
        config: member,
      },
      ({ ctx, params, body }) =>
        muteRoom(deps, assertUser(ctx.user), { id: params.id, room, muted: body.muted }),
    );
  }
};
