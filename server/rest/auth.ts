import { assertSelf, assertUser } from '../lib/auth';
import {
  ZCheckDeviceAnswer,
  ZCheckUserByEmailInput,
  ZCheckUserInput,
  ZEmptyInput,
  ZExistsAnswer,
  ZLegacyChangePinBody,
  ZLegacyCheckDeviceBody,
  ZLegacyRegisterBody,
  ZLegacyResetPinBody,
  ZLoginByEmailInput,
  ZLoginInput,
  ZLogoutAnswer,
  ZPinResetRequestAnswer,
  ZRequestPinResetInput,
  ZSendOtpEmailAnswer,
  ZSendOtpEmailInput,
  ZSendOtpInput,
  ZSessionAnswer,
  ZSuccessAnswer,
  ZVerifyOtpEmailInput,
  ZVerifyOtpInput,
} from '../../common/schemas/auth';
import { ZUserAnswer } from '../../common/schemas/users';
import { changePin, requestPinReset, resetPinWithProof } from '../services/auth/pin';
import {
  emailExists,
  phoneExists,
  sendEmailOtp,
  sendPhoneOtp,
  verifyEmailOtp,
  verifyPhoneOtp,
} from '../services/auth/registration';
import { checkDevice } from '../services/auth/sessions';
import { getUser } from '../services/users';
import { closeSession, loginAndOpen, registerAndOpen } from '../transport/session-answers';
import type { RestRoutes } from './http';

const tags = ['Authentification'];

export const authRoutes: RestRoutes = (app, deps) => {
  app.post(
    '/auth/check-user',
    {
      schema: {
        tags,
        summary: 'Un compte existe-t-il pour ce téléphone ?',
        body: ZCheckUserInput,
        response: { 200: ZExistsAnswer },
      },
    },
    ({ body }) => phoneExists(deps, body.phone),
  );
  app.post(
    '/auth/check-user-by-email',
    {
      schema: {
        tags,
        summary: 'Un compte existe-t-il pour cet email ?',
        body: ZCheckUserByEmailInput,
        response: { 200: ZExistsAnswer },
      },
    },
    ({ body }) => emailExists(deps, body.email),
  );
  app.post(
    '/auth/send-otp',
    {
      schema: {
        tags,
        summary: 'Code par SMS au téléphone d’un compte',
        body: ZSendOtpInput,
        response: { 200: ZSuccessAnswer },
      },
      config: { legacySuccess: true },
    },
    ({ body }) => sendPhoneOtp(deps, body.phone),
  );
  app.post(
    '/auth/verify-otp',
    {
      schema: {
        tags,
        summary: 'Vérifie le code reçu par SMS',
        body: ZVerifyOtpInput,
        response: { 200: ZSuccessAnswer },
      },
      config: { legacySuccess: true },
    },
    ({ body }) => verifyPhoneOtp(deps, body),
  );
  app.post(
    '/auth/send-otp-email',
    {
      schema: {
        tags,
        summary: 'Code de vérification par email',
        body: ZSendOtpEmailInput,
        response: { 200: ZSendOtpEmailAnswer },
      },
      config: { legacySuccess: true },
    },
    ({ body }) => sendEmailOtp(deps, body.email),
  );
  app.post(
    '/auth/verify-otp-email',
    {
      schema: {
        tags,
        summary: 'Vérifie le code reçu par email',
        body: ZVerifyOtpEmailInput,
        response: { 200: ZSuccessAnswer },
      },
      config: { legacySuccess: true },
    },
    ({ body }) => verifyEmailOtp(deps, body),
  );
  app.post(
    '/auth/register',
    {
      schema: {
        tags,
        summary: 'Crée un compte (email vérifié par code) et connecte',
        body: ZLegacyRegisterBody,
        response: { 200: ZSessionAnswer },
      },
      config: { legacySuccess: true },
    },
    (req) => registerAndOpen(req.ctx, req.body),
  );
  app.post(
    '/auth/login',
    {
      schema: {
        tags,
        summary: 'Connexion par téléphone et code PIN',
        body: ZLoginInput,
        response: { 200: ZSessionAnswer },
      },
      config: { legacySuccess: true },
    },
    (req) => loginAndOpen(req.ctx, req.body),
  );
  app.post(
    '/auth/login-by-email',
    {
      schema: {
        tags,
        summary: 'Connexion par email et code PIN',
        body: ZLoginByEmailInput,
        response: { 200: ZSessionAnswer },
      },
      config: { legacySuccess: true },
    },
    (req) => loginAndOpen(req.ctx, req.body),
  );
  app.post(
    '/auth/request-pin-reset',
    {
      schema: {
        tags,
        summary: 'PIN oublié : code par SMS (si actif) ou par email',
        body: ZRequestPinResetInput,
        response: { 200: ZPinResetRequestAnswer },
      },
      config: { legacySuccess: true },
    },
    ({ body }) => requestPinReset(deps, body.email),
  );
  app.post(
    '/auth/reset-pin',
    {
      schema: {
        tags,
        summary:
          'Nouveau PIN, après vérification récente d’un code (verify-otp ou verify-otp-email) du compte',
        body: ZLegacyResetPinBody,
        response: { 200: ZSuccessAnswer },
      },
      config: { legacySuccess: true },
    },
    ({ body }) => resetPinWithProof(deps, body),
  );
  app.post(
    '/auth/change-pin',
    {
      schema: {
        tags,
        summary: 'Modifie le PIN de l’utilisateur connecté',
        body: ZLegacyChangePinBody,
        response: { 200: ZSuccessAnswer },
      },
      config: { auth: 'user', legacySuccess: true },
    },
    ({ ctx, body }) => {
      const user = assertUser(ctx.user);
      assertSelf(user, body.userId);
      return changePin(deps, user, body);
    },
  );
  app.post(
    '/auth/check-device',
    {
      schema: {
        tags,
        summary: 'Cet appareil est-il de confiance ?',
        body: ZLegacyCheckDeviceBody,
        response: { 200: ZCheckDeviceAnswer },
      },
      config: { auth: 'user' },
    },
    ({ ctx, body }) => {
      const user = assertUser(ctx.user);
      assertSelf(user, body.userId);
      return checkDevice(deps, user, body.deviceId);
    },
  );
  app.post(
    '/auth/logout',
    {
      schema: {
        tags,
        summary: 'Déconnexion : la session est révoquée',
        body: ZEmptyInput,
        response: { 200: ZLogoutAnswer },
      },
      config: { auth: 'user' },
    },
    ({ ctx }) => closeSession(ctx, assertUser(ctx.user)),
  );
  app.get(
    '/auth/me',
    {
      schema: { tags, summary: 'L’utilisateur de la session', response: { 200: ZUserAnswer } },
      config: { auth: 'user', legacySuccess: true },
    },
    async ({ ctx }) => {
      const user = assertUser(ctx.user);
      return { success: true, user: await getUser(deps, user, user.id) };
    },
  );
};
