import { z } from 'zod';
import { MSG } from '../../common/messages';
import { ZAccountDeleted, ZAccountExport, ZDeleteAccountBody } from '../../common/schemas/account';
import { assertSelf, assertUser } from '../lib/auth';
import { ZIdInput } from '../../common/schemas/catalog';
import { safeText } from '../../common/schemas/primitives';
import {
  ZLegacyUpdateUserBody,
  ZUpdatedUserAnswer,
  ZUpdateProfileInput,
  ZUserAnswer,
} from '../../common/schemas/users';
import { deleteOwnAccount } from '../services/account/delete-account';
import { exportPersonalData } from '../services/account/export-data';
import { getPhoto, getUser, updateProfile } from '../services/users';
import { ZNotificationPrefs } from '../../common/schemas/waitlist';
import { ZNotificationPreferences } from '../../common/schemas/notification-preferences';
import {
  getNotificationPrefs,
  getNotificationPreferences,
  updateNotificationPreferences,
  updateNotificationPrefs,
} from '../services/notifications/preferences';
import type { RestRoutes } from './http';

const tags = ['Utilisateurs'];
const ZPhotoQuery = z.object({ v: safeText().max(30).optional() });

export const usersRoutes: RestRoutes = (app, deps) => {
  app.get(
    '/users/:id',
    {
      schema: {
        tags,
        summary: 'Son propre profil (403 pour un autre id)',
        params: ZIdInput,
        response: { 200: ZUserAnswer },
      },
      config: { auth: 'user', legacySuccess: true },
    },
    async ({ ctx, params }) => ({
      success: true,
      user: await getUser(deps, assertUser(ctx.user), params.id),
    }),
  );
  app.put(
    '/users/:id',
    {
      schema: {
        tags,
        summary:
          'Modifie son profil : nom, niveau, photo (data URL ou base64, null la retire), genre (homme, femme ou null : jamais montré aux autres)',
        params: ZIdInput,
        body: ZLegacyUpdateUserBody,
        response: { 200: ZUpdatedUserAnswer },
      },
      config: { auth: 'user', legacySuccess: true },
    },
    async ({ ctx, params, body }) => {
      const user = assertUser(ctx.user);
      for (const claimed of [params.id, body.id, body.user_id, body.userId])
        assertSelf(user, claimed);
      const updated = await updateProfile(deps, user, ZUpdateProfileInput.parse(body));
      return { success: true, message: MSG.profile.updated, user: updated };
    },
  );
  app.get(
    '/users/:id/photo',
    {
      schema: {
        tags,
        summary: 'La photo de profil (octets JPEG, PNG, GIF ou WebP), avec ETag',
        params: ZIdInput,
        querystring: ZPhotoQuery,
        produces: ['image/*'],
        response: {
          200: z.instanceof(Buffer).meta({
            type: 'string',
            description: 'Octets de l’image',
            contentMediaType: 'image/*',
          }),
          304: z.null().describe('Non modifiée : la version en cache (même ETag) est à jour.'),
        },
      },
      config: { auth: 'user' },
    },
    async (req, reply) => {
      const photo = await getPhoto(deps, assertUser(req.ctx.user), req.params.id);
      // The URL carries the photo's version, so a matching one never changes; others revalidate.
      reply.header('etag', photo.etag);
      reply.header(
        'cache-control',
        req.query.v === photo.version
          ? 'private, max-age=31536000, immutable'
          : 'private, no-cache',
      );
      reply.header('x-content-type-options', 'nosniff');
      if (req.headers['if-none-match'] === photo.etag) return reply.code(304).send(null);
      return reply.type(photo.mime).send(photo.data);
    },
  );
  app.get(
    '/users/:id/notifications',
    {
      schema: {
        tags,
        summary: 'Ses préférences de notification (email, SMS)',
        params: ZIdInput,
        response: { 200: ZNotificationPrefs },
      },
      config: { auth: 'user' },
    },
    ({ ctx, params }) => getNotificationPrefs(deps, assertUser(ctx.user), params.id),
  );
  app.get(
    '/users/:id/export',
    {
      schema: {
        tags,
        summary: 'Toutes ses données personnelles en JSON (403 pour un autre id)',
        params: ZIdInput,
        response: { 200: ZAccountExport },
      },
      config: { auth: 'user' },
    },
    async ({ ctx, params }, reply) => {
      const data = await exportPersonalData(deps, assertUser(ctx.user), params.id);
      reply.header(
        'content-disposition',
        `attachment; filename="padel-match-donnees-${params.id}.json"`,
      );
      reply.header('cache-control', 'no-store');
      return data;
    },
  );
  app.put(
    '/users/:id/notifications',
    {
      schema: {
        tags,
        summary: 'Active ou coupe ses notifications de matchs par email et par SMS',
        params: ZIdInput,
        body: ZNotificationPrefs,
        response: { 200: ZNotificationPrefs },
      },
      config: { auth: 'user' },
    },
    ({ ctx, params, body }) => updateNotificationPrefs(deps, assertUser(ctx.user), body, params.id),
  );
  app.get(
    '/users/:id/notification-preferences',
    {
      schema: {
        tags,
        summary: 'Ses préférences de notification : moyens, types et heures calmes',
        params: ZIdInput,
        response: { 200: ZNotificationPreferences },
      },
      config: { auth: 'user' },
    },
    ({ ctx, params }) => getNotificationPreferences(deps, assertUser(ctx.user), params.id),
  );
  app.put(
    '/users/:id/notification-preferences',
    {
      schema: {
        tags,
        summary: 'Enregistre ses moyens, types de notification et heures calmes',
        params: ZIdInput,
        body: ZNotificationPreferences,
        response: { 200: ZNotificationPreferences },
      },
      config: { auth: 'user' },
    },
    ({ ctx, params, body }) =>
      updateNotificationPreferences(deps, assertUser(ctx.user), body, params.id),
  );
  app.delete(
    '/users/:id',
    {
      schema: {
        tags,
        summary: 'Supprime son propre compte, confirmé par le code PIN (403 pour un autre id)',
        params: ZIdInput,
        body: ZDeleteAccountBody,
        response: { 200: ZAccountDeleted },
      },
      config: { auth: 'user' },
    },
    async ({ ctx, params, body }) => {
      const done = await deleteOwnAccount(deps, assertUser(ctx.user), {
        id: params.id,
        pin: body.pin,
      });
      ctx.cookie.clear();
      return done;
    },
  );
};
