import { z } from 'zod';
import { DEFAULT_SMTP_PORT } from '../../common/limits';
import { assertAdmin } from '../lib/auth';
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

/** Legacy booleans: true/false, 1/0 or their strings. */
const legacyBool = z.preprocess(
  (v) =>
    v === 1 || v === '1' || v === 'true' ? true : v === 0 || v === '0' || v === 'false' ? false : v,
  z.boolean(),
);

const ZIdParams = ZIdInput;
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

export const adminRoutes: RestRoutes = (app, deps) => {
  // Places
  app.get(
    '/admin/places',
    {
      schema: {
        tags,
        summary: 'Tous les lieux (actifs et inactifs)',
        response: { 200: z.array(ZPlace) },
      },
      config: admin,
    },
    ({ ctx }) => listAllPlaces(deps, assertAdmin(ctx.user)),
  );
  app.post(
    '/admin/places',
    {
      schema: { tags, summary: 'Créer un lieu', body: ZLegacyPlace, response: { 201: ZPlace } },
      config: admin,
    },
    async ({ ctx, body }, reply) =>
      reply.code(201).send(await createPlace(deps, assertAdmin(ctx.user), body)),
  );
  app.put(
    '/admin/places/:id',
    {
      schema: {
        tags,
        summary: 'Modifier un lieu (dont is_active)',
        params: ZIdParams,
        body: ZLegacyPlaceUpdate,
        response: { 200: ZPlace },
      },
      config: admin,
    },
    ({ ctx, params, body }) => updatePlace(deps, assertAdmin(ctx.user), { ...body, id: params.id }),
  );
  app.delete(
    '/admin/places/:id',
    {
      schema: {
        tags,
        summary: 'Supprimer un lieu sans match (sinon : le désactiver)',
        params: ZIdParams,
        response: { 200: ZActionResult },
      },
      config: admin,
    },
    ({ ctx, params }) => deletePlace(deps, assertAdmin(ctx.user), params),
  );

  // Levels
  app.get(
    '/admin/levels',
    {
      schema: { tags, summary: 'Niveaux, par ordre', response: { 200: z.array(ZLevel) } },
      config: admin,
    },
    ({ ctx }) => {
      assertAdmin(ctx.user);
      return listLevels(deps);
    },
  );
  app.post(
    '/admin/levels',
    {
      schema: { tags, summary: 'Créer un niveau', body: ZLegacyLevel, response: { 201: ZLevel } },
      config: admin,
    },
    async ({ ctx, body }, reply) =>
      reply.code(201).send(await createLevel(deps, assertAdmin(ctx.user), body)),
  );
  app.put(
    '/admin/levels/:id',
    {
      schema: {
        tags,
        summary: 'Modifier un niveau (un renommage suit dans profils et matchs)',
        params: ZIdParams,
        body: ZLegacyLevelUpdate,
        response: { 200: ZLevel },
      },
      config: admin,
    },
    ({ ctx, params, body }) => updateLevel(deps, assertAdmin(ctx.user), { ...body, id: params.id }),
  );
  app.delete(
    '/admin/levels/:id',
    {
      schema: {
        tags,
        summary: 'Supprimer un niveau',
        params: ZIdParams,
        response: { 200: ZActionResult },
      },
      config: admin,
    },
    ({ ctx, params }) => deleteLevel(deps, assertAdmin(ctx.user), params),
  );

  // Twilio
  app.get(
    '/admin/twilio/config',
    {
      schema: {
        tags,
        summary: 'Configuration Twilio (jeton masqué)',
        response: { 200: z.object({ success: z.boolean(), config: ZTwilioConfig.nullable() }) },
      },
      config: adminAnswer,
    },
    async ({ ctx }) => ({
      success: true,
      config: await getTwilioConfig(deps, assertAdmin(ctx.user)),
    }),
  );
  app.post(
    '/admin/twilio/test',
    {
      schema: {
        tags,
        summary: 'Tester les identifiants Twilio (défaut : ceux enregistrés)',
        body: ZTwilioTestInput,
        response: { 200: ZActionResult },
      },
      config: adminAnswer,
    },
    ({ ctx, body }) => testTwilioConfig(deps, assertAdmin(ctx.user), body),
  );
  app.post(
    '/admin/twilio/save',
    {
      schema: {
        tags,
        summary: 'Enregistrer la configuration Twilio',
        body: ZLegacyTwilio,
        response: { 200: ZActionResult },
      },
      config: adminAnswer,
    },
    ({ ctx, body }) => saveTwilioConfig(deps, assertAdmin(ctx.user), body),
  );

  // SMTP
  app.get(
    '/admin/smtp-config',
    {
      schema: {
        tags,
        summary: 'Configuration SMTP (jamais le mot de passe)',
        response: { 200: ZLegacySmtpConfig },
      },
      config: admin,
    },
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
    {
      schema: {
        tags,
        summary: 'Enregistrer la configuration SMTP',
        body: ZLegacySmtp,
        response: { 200: ZMessage },
      },
      config: admin,
    },
    async ({ ctx, body }) => ({
      message: (await saveSmtpConfig(deps, assertAdmin(ctx.user), body)).message,
    }),
  );
  app.post(
    '/admin/smtp-test',
    {
      schema: {
        tags,
        summary: 'Envoyer un email de test',
        body: ZSmtpTestInput,
        response: { 200: ZMessage },
      },
      config: admin,
    },
    async ({ ctx, body }) => ({
      message: (await testSmtpConfig(deps, assertAdmin(ctx.user), body)).message,
    }),
  );

  // Users
  app.get(
    '/admin/users',
    {
      schema: {
        tags,
        summary: 'Utilisateurs (is_admin : 1/0)',
        response: { 200: z.array(ZLegacyUser) },
      },
      config: admin,
    },
    async ({ ctx }) => (await listUsers(deps, assertAdmin(ctx.user))).map(toLegacyUser),
  );
  app.put(
    '/admin/users/:id',
    {
      schema: {
        tags,
        summary: 'Modifier un utilisateur',
        params: ZIdParams,
        body: ZLegacyUserUpdate,
        response: { 200: ZLegacyUser },
      },
      config: admin,
    },
    async ({ ctx, params, body }) =>
      toLegacyUser(await updateUser(deps, assertAdmin(ctx.user), { ...body, id: params.id })),
  );
  app.delete(
    '/admin/users/:id',
    {
      schema: {
        tags,
        summary: 'Supprimer un utilisateur (ses matchs et inscriptions avec lui)',
        params: ZIdParams,
        response: { 200: ZActionResult },
      },
      config: admin,
    },
    ({ ctx, params }) => deleteUser(deps, assertAdmin(ctx.user), params),
  );

  // General settings
  app.get(
    '/admin/general-settings',
    {
      schema: {
        tags,
        summary: 'Paramètres généraux (valeurs en texte)',
        response: { 200: ZSettingsMap },
      },
      config: admin,
    },
    async ({ ctx }) =>
      Object.fromEntries(
        (await getAdminSettings(deps, assertAdmin(ctx.user))).map((s) => [s.key, String(s.value)]),
      ),
  );
  app.post(
    '/admin/general-settings',
    {
      schema: {
        tags,
        summary: 'Enregistrer les paramètres généraux',
        body: ZLegacySettings,
        response: { 200: ZActionResult },
      },
      config: adminAnswer,
    },
    ({ ctx, body }) => saveAdminSettings(deps, assertAdmin(ctx.user), body),
  );

  // Audit trail (new)
  app.get(
    '/admin/audit',
    {
      schema: {
        tags,
        summary: 'Journal des modifications d’administration',
        querystring: ZAuditQuery,
        response: { 200: z.array(ZAuditEntry) },
      },
      config: admin,
    },
    ({ ctx, query }) => listAudit(deps, assertAdmin(ctx.user), query),
  );
};
