import { assertSelf } from '../lib/auth';
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
import { emailExists, phoneExists, sendEmailOtp, sendPhoneOtp, verifyEmailOtp, verifyPhoneOtp } from '../services/auth/registration';
import { checkDevice } from '../services/auth/sessions';
import { getUser } from '../services/users';
import { closeSession, loginAndOpen, registerAndOpen } from '../transport/session-answers';
import type { RestRoutes } from './http';
import { route } from './route';

const tag = 'Authentification';

export const authRoutes: RestRoutes = (app, deps) => {
  const post = 'POST' as const;

  route(
    app,
    {
      method: post,
      url: '/auth/check-user',
      tag,
      summary: 'Un compte existe-t-il pour ce téléphone ?',
      body: ZCheckUserInput,
      response: ZExistsAnswer,
    },
    ({ body }) => phoneExists(deps, body.phone),
  );
  route(
    app,
    {
      method: post,
      url: '/auth/check-user-by-email',
      tag,
      summary: 'Un compte existe-t-il pour cet email ?',
      body: ZCheckUserByEmailInput,
      response: ZExistsAnswer,
    },
    ({ body }) => emailExists(deps, body.email),
  );
  route(
    app,
    {
      method: post,
      url: '/auth/send-otp',
      tag,
      summary: 'Code par SMS au téléphone d’un compte',
      legacySuccess: true,
      body: ZSendOtpInput,
      response: ZSuccessAnswer,
    },
    ({ body }) => sendPhoneOtp(deps, body.phone),
  );
  route(
    app,
    {
      method: post,
      url: '/auth/verify-otp',
      tag,
      summary: 'Vérifie le code reçu par SMS',
      legacySuccess: true,
      body: ZVerifyOtpInput,
      response: ZSuccessAnswer,
    },
    ({ body }) => verifyPhoneOtp(deps, body),
  );
  route(
    app,
    {
      method: post,
      url: '/auth/send-otp-email',
      tag,
      summary: 'Code de vérification par email',
      legacySuccess: true,
      body: ZSendOtpEmailInput,
      response: ZSendOtpEmailAnswer,
    },
    ({ body }) => sendEmailOtp(deps, body.email),
  );
  route(
    app,
    {
      method: post,
      url: '/auth/verify-otp-email',
      tag,
      summary: 'Vérifie le code reçu par email',
      legacySuccess: true,
      body: ZVerifyOtpEmailInput,
      response: ZSuccessAnswer,
    },
    ({ body }) => verifyEmailOtp(deps, body),
  );
  route(
    app,
    {
      method: post,
      url: '/auth/register',
      tag,
      summary: 'Crée un compte (email vérifié par code) et connecte',
      legacySuccess: true,
      body: ZLegacyRegisterBody,
      response: ZSessionAnswer,
    },
    ({ body, req }) => registerAndOpen(req.ctx, body),
  );
  route(
    app,
    {
      method: post,
      url: '/auth/login',
      tag,
      summary: 'Connexion par téléphone et code PIN',
      legacySuccess: true,
      body: ZLoginInput,
      response: ZSessionAnswer,
    },
    ({ body, req }) => loginAndOpen(req.ctx, body),
  );
  route(
    app,
    {
      method: post,
      url: '/auth/login-by-email',
      tag,
      summary: 'Connexion par email et code PIN',
      legacySuccess: true,
      body: ZLoginByEmailInput,
      response: ZSessionAnswer,
    },
    ({ body, req }) => loginAndOpen(req.ctx, body),
  );
  route(
    app,
    {
      method: post,
      url: '/auth/request-pin-reset',
      tag,
      summary: 'PIN oublié : code par SMS (si actif) ou par email',
      legacySuccess: true,
      body: ZRequestPinResetInput,
      response: ZPinResetRequestAnswer,
    },
    ({ body }) => requestPinReset(deps, body.email),
  );
  route(
    app,
    {
      method: post,
      url: '/auth/reset-pin',
      tag,
      summary: 'Nouveau PIN, après vérification récente d’un code (verify-otp ou verify-otp-email) du compte',
      legacySuccess: true,
      body: ZLegacyResetPinBody,
      response: ZSuccessAnswer,
    },
    ({ body }) => resetPinWithProof(deps, body),
  );
  route(
    app,
    {
      method: post,
      url: '/auth/change-pin',
      tag,
      summary: 'Modifie le PIN de l’utilisateur connecté',
      auth: 'user',
      legacySuccess: true,
      body: ZLegacyChangePinBody,
      response: ZSuccessAnswer,
    },
    ({ body, user }) => {
      assertSelf(user, body.userId);
      return changePin(deps, user, body);
    },
  );
  route(
    app,
    {
      method: post,
      url: '/auth/check-device',
      tag,
      summary: 'Cet appareil est-il de confiance ?',
      auth: 'user',
      body: ZLegacyCheckDeviceBody,
      response: ZCheckDeviceAnswer,
    },
    ({ body, user }) => {
      assertSelf(user, body.userId);
      return checkDevice(deps, user, body.deviceId);
    },
  );
  route(
    app,
    {
      method: post,
      url: '/auth/logout',
      tag,
      summary: 'Déconnexion : la session est révoquée',
      auth: 'user',
      body: ZEmptyInput,
      response: ZLogoutAnswer,
    },
    ({ user, req }) => closeSession(req.ctx, user),
  );
  route(
    app,
    {
      method: 'GET',
      url: '/auth/me',
      tag,
      summary: 'L’utilisateur de la session',
      auth: 'user',
      legacySuccess: true,
      response: ZUserAnswer,
    },
    async ({ user }) => ({ success: true, user: await getUser(deps, user, user.id) }),
  );
};
