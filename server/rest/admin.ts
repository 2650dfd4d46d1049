import { z } from 'zod';
import { DEFAULT_SMTP_PORT } from '../../common/limits';
import type { Deps } from '../deps';
import { assertAdmin, type SessionUser } from '../lib/auth';
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
  type TActionResult,
  type TAdminUser,
} from '../../common/schemas/admin';
import { ZIdInput, ZLevel, ZPlace } from '../../common/schemas/catalog';
import { listAudit } from '../services/audit/audit-log';
import { createLevel, deleteLevel, updateLevel } from '../services/admin/levels';
import { createPlace, deletePlace, listAllPlaces, updatePlace } from '../services/admin/places';
import { getAdminSettings, saveAdminSettings } from '../services/admin/settings';
import { getSmtpConfig, saveSmtpConfig, testSmtpConfig } from '../services/admin/smtp';
import { getTwilioConfig, saveTwilioConfig, testTwilioConfig } from '../services/admin/twilio';
import { deleteUser, listUsers, updateUser } from '../services/admin/users';
import { listLevels } from '../services/levels';
import { numeric, type RestRoutes } from './http';
import { adminSetLevelVerified } from '../services/seasons/level-verified';
import { ZVerifiedAnswer, ZVerifiedBody } from '../../common/schemas/leaderboard';

/** Legacy booleans: true/false, 1/0 or their strings. */
const legacyBool = z.preprocess(
  (v) =>
    v === 1 || v === '1' || v === 'true' ? true : v === 0 || v === '0' || v === 'false' ? false : v,
  z.boolean(),
);

const ZLegacyLevel = ZCreateLevelInput.extend({ ordre: numeric(ZCreateLevelInput.shape.ordre) });
const ZLegacyLevelUpdate = ZLegacyLevel.partial();
const ZLegacyPlaceUpdate = ZUpdatePlaceInput.omit({ id: true }).extend({
  is_active: legacyBool.optional(),
});
const ZLegacyPlace = ZCreatePlaceInput.extend({ is_active: legacyBool.optional() });
const ZLegacyUserUpdate = ZAdminUpdateUserInput.omit({ id: true }).extend({
  is_admin: legacyBool.optional(),
});
const ZLegacyUser = ZAdminUser.extend({ is_admin: z.union([z.literal(0), z.literal(1)]) });
const toLegacyUser = (u: TAdminUser): z.output<typeof ZLegacyUser> => ({
  ...u,
  is_admin: u.is_admin ? 1 : 0,
});
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

const tags = ['Administration'];
/** A legacy `userId` / `user_id` in an admin call is checked by the REST context hook (it must be the admin's own id). */
const admin = { auth: 'admin' } as const;
const adminAnswer = { auth: 'admin', legacySuccess: true } as const;

/** The schema parts a route may have besides its documentation. */
interface RouteParts {
  params?: z.ZodType;
  querystring?: z.ZodType;
  body?: z.ZodType;
  response: Record<number, z.ZodType>;
}

/** An admin route's options: documented under Administration, admins only (`adminAnswer` when its errors carry `success`). */
const adminRoute = <const S extends RouteParts>(
  summary: string,
  parts: S,
  config: typeof admin | typeof adminAnswer = admin,
) => ({ schema: { tags, summary, ...parts }, config });

/** The one-item paths of places, levels and users: `:id` in the path, and a delete answering `{ success, message }`. */
const byId = { params: ZIdInput };
const deleted = { ...byId, response: { 200: ZActionResult } };

export const adminRoutes: RestRoutes = (app, deps) => {
  /** DELETE `path` (`…/:id`): the service decides (a place with matches is deactivated instead). */
  const deleteById = (
    path: string,
    summary: string,
    remove: (deps: Deps, actor: SessionUser, input: { id: number }) => Promise<TActionResult>,
  ) =>
    app.delete(path, adminRoute(summary, deleted), ({ ctx, params }) =>
      remove(deps, assertAdmin(ctx.user), params),
    );

  // Places
  app.get(
    '/admin/places',
    adminRoute('Tous les lieux (actifs et inactifs)', { response: { 200: z.array(ZPlace) } }),
    ({ ctx }) => listAllPlaces(deps, assertAdmin(ctx.user)),
  );
  app.post(
    '/admin/places',
    adminRoute('Créer un lieu', { body: ZLegacyPlace, response: { 201: ZPlace } }),
    async ({ ctx, body }, reply) =>
      reply.code(201).send(await createPlace(deps, assertAdmin(ctx.user), body)),
  );
  app.put(
    '/admin/places/:id',
    adminRoute('Modifier un lieu (dont is_active)', {
      ...byId,
      body: ZLegacyPlaceUpdate,
      response: { 200: ZPlace },
    }),
    ({ ctx, params, body }) => updatePlace(deps, assertAdmin(ctx.user), { ...body, id: params.id }),
  );
  deleteById(
    '/admin/places/:id',
    'Supprimer un lieu sans match (sinon : le désactiver)',
    deletePlace,
  );

  // Levels
  app.get(
    '/admin/levels',
    adminRoute('Niveaux, par ordre', { response: { 200: z.array(ZLevel) } }),
    ({ ctx }) => {
      assertAdmin(ctx.user);
      return listLevels(deps);
    },
  );
  app.post(
    '/admin/levels',
    adminRoute('Créer un niveau', { body: ZLegacyLevel, response: { 201: ZLevel } }),
    async ({ ctx, body }, reply) =>
      reply.code(201).send(await createLevel(deps, assertAdmin(ctx.user), body)),
  );
  app.put(
    '/admin/levels/:id',
    adminRoute('Modifier un niveau (un renommage suit dans profils et matchs)', {
      ...byId,
      body: ZLegacyLevelUpdate,
      response: { 200: ZLevel },
    }),
    ({ ctx, params, body }) => updateLevel(deps, assertAdmin(ctx.user), { ...body, id: params.id }),
  );
  deleteById('/admin/levels/:id', 'Supprimer un niveau', deleteLevel);

  // Twilio
  app.get(
    '/admin/twilio/config',
    adminRoute(
      'Configuration Twilio (jeton masqué)',
      { response: { 200: z.object({ success: z.boolean(), config: ZTwilioConfig.nullable() }) } },
      adminAnswer,
    ),
    async ({ ctx }) => ({
      success: true,
      config: await getTwilioConfig(deps, assertAdmin(ctx.user)),
    }),
  );
  app.post(
    '/admin/twilio/test',
    adminRoute(
      'Tester les identifiants Twilio (défaut : ceux enregistrés)',
      { body: ZTwilioTestInput, response: { 200: ZActionResult } },
      adminAnswer,
    ),
    ({ ctx, body }) => testTwilioConfig(deps, assertAdmin(ctx.user), body),
  );
  app.post(
    '/admin/twilio/save',
    adminRoute(
      'Enregistrer la configuration Twilio',
      { body: ZLegacyTwilio, response: { 200: ZActionResult } },
      adminAnswer,
    ),
    ({ ctx, body }) => saveTwilioConfig(deps, assertAdmin(ctx.user), body),
  );

  // SMTP
  app.get(
    '/admin/smtp-config',
    adminRoute('Configuration SMTP (jamais le mot de passe)', {
      response: { 200: ZLegacySmtpConfig },
    }),
    async ({ ctx }) => {
      const c = await getSmtpConfig(deps, assertAdmin(ctx.user));
      return c
        ? {
            host: c.host,
            port: c.port,
            secure: c.secure,
            username: c.username,
            is_active: c.is_active,
            skip_cert_verify: c.skip_cert_verify,
          }
        : {
            host: '',
            port: DEFAULT_SMTP_PORT,
            secure: false,
            username: '',
            is_active: false,
            skip_cert_verify: false,
          };
    },
  );
  app.post(
    '/admin/smtp-config',
    adminRoute('Enregistrer la configuration SMTP', {
      body: ZLegacySmtp,
      response: { 200: ZMessage },
    }),
    async ({ ctx, body }) => ({
      message: (await saveSmtpConfig(deps, assertAdmin(ctx.user), body)).message,
    }),
  );
  app.post(
    '/admin/smtp-test',
    adminRoute('Envoyer un email de test', { body: ZSmtpTestInput, response: { 200: ZMessage } }),
    async ({ ctx, body }) => ({
      message: (await testSmtpConfig(deps, assertAdmin(ctx.user), body)).message,
    }),
  );

  // Users
  app.get(
    '/admin/users',
    adminRoute('Utilisateurs (is_admin : 1/0)', { response: { 200: z.array(ZLegacyUser) } }),
    async ({ ctx }) => (await listUsers(deps, assertAdmin(ctx.user))).map(toLegacyUser),
  );
  app.put(
    '/admin/users/:id',
    adminRoute('Modifier un utilisateur', {
      ...byId,
      body: ZLegacyUserUpdate,
      response: { 200: ZLegacyUser },
    }),
    async ({ ctx, params, body }) =>
      toLegacyUser(await updateUser(deps, assertAdmin(ctx.user), { ...body, id: params.id })),
  );
  app.put(
    '/admin/users/:id/level-verified',
    adminRoute('Marque le niveau d’un joueur vérifié (verified: true) ou non', {
      ...byId,
      body: ZVerifiedBody,
      response: { 200: ZVerifiedAnswer },
    }),
    async ({ ctx, params, body }) =>
      adminSetLevelVerified(deps, assertAdmin(ctx.user), { ...body, userId: params.id }),
  );
  deleteById(
    '/admin/users/:id',
    'Supprimer un utilisateur (ses matchs et inscriptions avec lui)',
    deleteUser,
  );

  // General settings
  app.get(
    '/admin/general-settings',
    adminRoute('Paramètres généraux (valeurs en texte)', { response: { 200: ZSettingsMap } }),
    async ({ ctx }) =>
      Object.fromEntries(
        (await getAdminSettings(deps, assertAdmin(ctx.user))).map((s) => [s.key, String(s.value)]),
      ),
  );
  app.post(
    '/admin/general-settings',
    adminRoute(
      'Enregistrer les paramètres généraux',
      { body: ZLegacySettings, response: { 200: ZActionResult } },
      adminAnswer,
    ),
    ({ ctx, body }) => saveAdminSettings(deps, assertAdmin(ctx.user), body),
  );

  // Audit trail (new)
  app.get(
    '/admin/audit',
    adminRoute('Journal des modifications d’administration', {
      querystring: ZAuditQuery,
      response: { 200: z.array(ZAuditEntry) },
    }),
    ({ ctx, query }) => listAudit(deps, assertAdmin(ctx.user), query),
  );
};
