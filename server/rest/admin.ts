import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { DEFAULT_SMTP_PORT } from '../../common/limits';
import { assertSelf, type SessionUser } from '../lib/auth';
import {
  ZActionResult,
  ZAdminUpdateUserInput,
  ZAdminUser,
  ZAuditEntry,
  ZCreateLevelInput,
  ZCreatePlaceInput,
  ZSaveSettingsInput,
  ZSmtpSaveInput,
  ZSmtpTestInput,
  ZTwilioConfig,
  ZTwilioSaveInput,
  ZTwilioTestInput,
  ZUpdatePlaceInput,
  type TAdminUser,
} from '../../common/schemas/admin';
import { ZIdInput, ZLevel, ZPlace } from '../../common/schemas/catalog';
import { listAudit } from '../services/admin/audit';
import { createLevel, deleteLevel, updateLevel } from '../services/admin/levels';
import { createPlace, deletePlace, listAllPlaces, updatePlace } from '../services/admin/places';
import { getAdminSettings, saveAdminSettings } from '../services/admin/settings';
import { getSmtpConfig, saveSmtpConfig, testSmtpConfig } from '../services/admin/smtp';
import { getTwilioConfig, saveTwilioConfig, testTwilioConfig } from '../services/admin/twilio';
import { deleteUser, listUsers, updateUser } from '../services/admin/users';
import { listLevels } from '../services/levels';
import { numeric, type RestRoutes } from './http';
import { route } from './route';

/** Legacy booleans: true/false, 1/0 or their strings. */
const legacyBool = z.preprocess(
  (v) => (v === 1 || v === '1' || v === 'true' ? true : v === 0 || v === '0' || v === 'false' ? false : v),
  z.boolean(),
);

/**
 * The acting admin, after checking a legacy `userId` / `user_id` parameter (query or body): it is
 * accepted for compatibility but must be the session's own id, and grants nothing.
 */
function actorOf(req: FastifyRequest, user: SessionUser): SessionUser {
  for (const source of [req.query, req.body]) {
    if (source && typeof source === 'object') {
      const { userId, user_id } = source as { userId?: unknown; user_id?: unknown };
      for (const claimed of [userId, user_id]) if (typeof claimed === 'string' || typeof claimed === 'number') assertSelf(user, claimed);
    }
  }
  return user;
}

const ZIdParams = ZIdInput;
const ZLegacyLevel = ZCreateLevelInput.extend({ ordre: numeric(ZCreateLevelInput.shape.ordre) });
const ZLegacyLevelUpdate = ZLegacyLevel.partial();
const ZLegacyPlaceUpdate = ZUpdatePlaceInput.omit({ id: true }).extend({ is_active: legacyBool.optional() });
const ZLegacyPlace = ZCreatePlaceInput.extend({ is_active: legacyBool.optional() });
const ZLegacyUserUpdate = ZAdminUpdateUserInput.omit({ id: true }).extend({ is_admin: legacyBool.optional() });
const ZLegacyUser = ZAdminUser.extend({ is_admin: z.union([z.literal(0), z.literal(1)]) });
const toLegacyUser = (u: TAdminUser) => ({ ...u, is_admin: u.is_admin ? 1 : 0 });
const ZLegacyTwilio = ZTwilioSaveInput.extend({ isLive: legacyBool.default(false) });
const ZLegacySmtp = ZSmtpSaveInput.extend({
  port: numeric(ZSmtpSaveInput.shape.port),
  secure: legacyBool.default(false),
  is_active: legacyBool.default(true),
  skip_cert_verify: legacyBool.default(false),
});
const ZLegacySmtpConfig = z.object({
  host: z.string(),
  port: z.number(),
  secure: z.boolean(),
  username: z.string(),
  is_active: z.boolean(),
  skip_cert_verify: z.boolean(),
});
const { max_places, max_levels_selection, months_ahead } = ZSaveSettingsInput.shape;
const ZLegacySettings = z.object({
  max_places: numeric(max_places).optional(),
  max_levels_selection: numeric(max_levels_selection).optional(),
  months_ahead: numeric(months_ahead).optional(),
});
const ZSettingsMap = z.record(z.string(), z.string());
const ZMessage = z.object({ message: z.string() });
const ZAuditQuery = z.object({ limit: numeric(z.number().int().min(1).max(200)).optional() });

const TAG = 'Administration';
const admin = { tag: TAG, auth: 'admin' } as const;

export const adminRoutes: RestRoutes = (app, deps) => {
  // Places
  route(
    app,
    { ...admin, method: 'GET', url: '/admin/places', summary: 'Tous les lieux (actifs et inactifs)', response: z.array(ZPlace) },
    ({ req, user }) => listAllPlaces(deps, actorOf(req, user)),
  );
  route(
    app,
    { ...admin, method: 'POST', url: '/admin/places', summary: 'Créer un lieu', body: ZLegacyPlace, response: ZPlace, status: 201 },
    ({ req, user, body }) => createPlace(deps, actorOf(req, user), body),
  );
  route(
    app,
    {
      ...admin,
      method: 'PUT',
      url: '/admin/places/:id',
      summary: 'Modifier un lieu (dont is_active)',
      params: ZIdParams,
      body: ZLegacyPlaceUpdate,
      response: ZPlace,
    },
    ({ req, user, params, body }) => updatePlace(deps, actorOf(req, user), { ...body, id: params.id }),
  );
  route(
    app,
    {
      ...admin,
      method: 'DELETE',
      url: '/admin/places/:id',
      summary: 'Supprimer un lieu sans match (sinon : le désactiver)',
      params: ZIdParams,
      response: ZActionResult,
    },
    ({ req, user, params }) => deletePlace(deps, actorOf(req, user), params),
  );

  // Levels
  route(
    app,
    { ...admin, method: 'GET', url: '/admin/levels', summary: 'Niveaux, par ordre', response: z.array(ZLevel) },
    ({ req, user }) => {
      actorOf(req, user);
      return listLevels(deps);
    },
  );
  route(
    app,
    { ...admin, method: 'POST', url: '/admin/levels', summary: 'Créer un niveau', body: ZLegacyLevel, response: ZLevel, status: 201 },
    ({ req, user, body }) => createLevel(deps, actorOf(req, user), body),
  );
  route(
    app,
    {
      ...admin,
      method: 'PUT',
      url: '/admin/levels/:id',
      summary: 'Modifier un niveau (un renommage suit dans profils et matchs)',
      params: ZIdParams,
      body: ZLegacyLevelUpdate,
      response: ZLevel,
    },
    ({ req, user, params, body }) => updateLevel(deps, actorOf(req, user), { ...body, id: params.id }),
  );
  route(
    app,
    { ...admin, method: 'DELETE', url: '/admin/levels/:id', summary: 'Supprimer un niveau', params: ZIdParams, response: ZActionResult },
    ({ req, user, params }) => deleteLevel(deps, actorOf(req, user), params),
  );

  // Twilio
  route(
    app,
    {
      ...admin,
      method: 'GET',
      url: '/admin/twilio/config',
      summary: 'Configuration Twilio (jeton masqué)',
      legacySuccess: true,
      response: z.object({ success: z.boolean(), config: ZTwilioConfig.nullable() }),
    },
    async ({ req, user }) => ({ success: true, config: await getTwilioConfig(deps, actorOf(req, user)) }),
  );
  route(
    app,
    {
      ...admin,
      method: 'POST',
      url: '/admin/twilio/test',
      summary: 'Tester les identifiants Twilio (défaut : ceux enregistrés)',
      legacySuccess: true,
      body: ZTwilioTestInput,
      response: ZActionResult,
    },
    ({ req, user, body }) => testTwilioConfig(deps, actorOf(req, user), body),
  );
  route(
    app,
    {
      ...admin,
      method: 'POST',
      url: '/admin/twilio/save',
      summary: 'Enregistrer la configuration Twilio',
      legacySuccess: true,
      body: ZLegacyTwilio,
      response: ZActionResult,
    },
    ({ req, user, body }) => saveTwilioConfig(deps, actorOf(req, user), body),
  );

  // SMTP
  route(
    app,
    {
      ...admin,
      method: 'GET',
      url: '/admin/smtp-config',
      summary: 'Configuration SMTP (jamais le mot de passe)',
      response: ZLegacySmtpConfig,
    },
    async ({ req, user }) => {
      const c = await getSmtpConfig(deps, actorOf(req, user));
      return c
        ? {
            host: c.host,
            port: c.port,
            secure: c.secure,
            username: c.username,
            is_active: c.is_active,
            skip_cert_verify: c.skip_cert_verify,
          }
        : { host: '', port: DEFAULT_SMTP_PORT, secure: false, username: '', is_active: false, skip_cert_verify: false };
    },
  );
  route(
    app,
    {
      ...admin,
      method: 'POST',
      url: '/admin/smtp-config',
      summary: 'Enregistrer la configuration SMTP',
      body: ZLegacySmtp,
      response: ZMessage,
    },
    async ({ req, user, body }) => ({
      message: (await saveSmtpConfig(deps, actorOf(req, user), body)).message,
    }),
  );
  route(
    app,
    { ...admin, method: 'POST', url: '/admin/smtp-test', summary: 'Envoyer un email de test', body: ZSmtpTestInput, response: ZMessage },
    async ({ req, user, body }) => ({
      message: (await testSmtpConfig(deps, actorOf(req, user), body)).message,
    }),
  );

  // Users
  route(
    app,
    { ...admin, method: 'GET', url: '/admin/users', summary: 'Utilisateurs (is_admin : 1/0)', response: z.array(ZLegacyUser) },
    async ({ req, user }) => (await listUsers(deps, actorOf(req, user))).map(toLegacyUser),
  );
  route(
    app,
    {
      ...admin,
      method: 'PUT',
      url: '/admin/users/:id',
      summary: 'Modifier un utilisateur',
      params: ZIdParams,
      body: ZLegacyUserUpdate,
      response: ZLegacyUser,
    },
    async ({ req, user, params, body }) => toLegacyUser(await updateUser(deps, actorOf(req, user), { ...body, id: params.id })),
  );
  route(
    app,
    {
      ...admin,
      method: 'DELETE',
      url: '/admin/users/:id',
      summary: 'Supprimer un utilisateur (ses matchs et inscriptions avec lui)',
      params: ZIdParams,
      response: ZActionResult,
    },
    ({ req, user, params }) => deleteUser(deps, actorOf(req, user), params),
  );

  // General settings
  route(
    app,
    { ...admin, method: 'GET', url: '/admin/general-settings', summary: 'Paramètres généraux (valeurs en texte)', response: ZSettingsMap },
    async ({ req, user }) => Object.fromEntries((await getAdminSettings(deps, actorOf(req, user))).map((s) => [s.key, String(s.value)])),
  );
  route(
    app,
    {
      ...admin,
      method: 'POST',
      url: '/admin/general-settings',
      summary: 'Enregistrer les paramètres généraux',
      legacySuccess: true,
      body: ZLegacySettings,
      response: ZActionResult,
    },
    ({ req, user, body }) => saveAdminSettings(deps, actorOf(req, user), body),
  );

  // Audit trail (new)
  route(
    app,
    {
      ...admin,
      method: 'GET',
      url: '/admin/audit',
      summary: 'Journal des modifications d’administration',
      query: ZAuditQuery,
      response: z.array(ZAuditEntry),
    },
    ({ req, user, query }) => listAudit(deps, actorOf(req, user), query),
  );
};
