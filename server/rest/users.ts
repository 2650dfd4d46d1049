import { z } from 'zod';
import { MSG } from '../../common/messages';
import { assertSelf } from '../lib/auth';
import { ZIdInput } from '../../common/schemas/catalog';
import { ZLegacyUpdateUserBody, ZUpdatedUserAnswer, ZUpdateProfileInput, ZUserAnswer } from '../../common/schemas/users';
import { getPhoto, getUser, updateProfile } from '../services/users';
import { parse, type RestRoutes } from './http';
import { route } from './route';

const tag = 'Utilisateurs';
const ZPhotoQuery = z.object({ v: z.string().max(30).optional() });

export const usersRoutes: RestRoutes = (app, deps) => {
  route(
    app,
    {
      method: 'GET',
      url: '/users/:id',
      tag,
      summary: 'Son propre profil (403 pour un autre id)',
      auth: 'user',
      legacySuccess: true,
      params: ZIdInput,
      response: ZUserAnswer,
    },
    async ({ params, user }) => ({ success: true, user: await getUser(deps, user, params.id) }),
  );
  route(
    app,
    {
      method: 'PUT',
      url: '/users/:id',
      tag,
      summary: 'Modifie son profil : nom, niveau, photo (data URL ou base64, null la retire)',
      auth: 'user',
      legacySuccess: true,
      params: ZIdInput,
      body: ZLegacyUpdateUserBody,
      response: ZUpdatedUserAnswer,
    },
    async ({ params, body, user }) => {
      for (const claimed of [params.id, body.id, body.user_id, body.userId]) assertSelf(user, claimed);
      const updated = await updateProfile(deps, user, parse(ZUpdateProfileInput, body));
      return { success: true, message: MSG.profile.updated, user: updated };
    },
  );
  route(
    app,
    {
      method: 'GET',
      url: '/users/:id/photo',
      tag,
      summary: 'La photo de profil (octets JPEG, PNG, GIF ou WebP), avec ETag',
      auth: 'user',
      params: ZIdInput,
      query: ZPhotoQuery,
      response: z.string().meta({ description: 'Octets de l’image', contentMediaType: 'image/*' }),
    },
    async ({ params, query, user, req, reply }) => {
      const photo = await getPhoto(deps, user, params.id);
      // The URL carries the photo's version, so a matching one never changes; others revalidate.
      reply.header('etag', photo.etag);
      reply.header('cache-control', query.v === photo.version ? 'private, max-age=31536000, immutable' : 'private, no-cache');
      reply.header('x-content-type-options', 'nosniff');
      if (req.headers['if-none-match'] === photo.etag) return reply.code(304).send();
      return reply.type(photo.mime).send(photo.data);
    },
  );
};
