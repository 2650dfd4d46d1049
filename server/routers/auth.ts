import { checkDevice } from '../services/auth/sessions';
import { changePin, requestPinReset, resetPinWithCode } from '../services/auth/pin';
import {
  emailExists,
  phoneExists,
  sendEmailOtp,
  sendPhoneOtp,
  verifyEmailOtp,
  verifyPhoneOtp,
} from '../services/auth/registration';
import {
  ZChangePinInput,
  ZCheckDeviceAnswer,
  ZCheckDeviceInput,
  ZCheckUserByEmailInput,
  ZCheckUserInput,
  ZEmptyInput,
  ZExistsAnswer,
  ZLoginByEmailInput,
  ZLoginInput,
  ZLogoutAnswer,
  ZPinResetRequestAnswer,
  ZRegisterInput,
  ZRequestPinResetInput,
  ZResetPinInput,
  ZSendOtpEmailAnswer,
  ZSendOtpEmailInput,
  ZSendOtpInput,
  ZSessionAnswer,
  ZSuccessAnswer,
  ZVerifyOtpEmailInput,
  ZVerifyOtpInput,
} from '../../common/schemas/auth';
import { ZUser } from '../../common/schemas/users';
import { getMe } from '../services/users';
import { openedSession } from '../transport/request-context';
import { closeSession, loginAndOpen, registerAndOpen } from '../transport/session-answers';
import { authedProcedure, parsed, publicProcedure, router } from '../trpc/init';

export const authRouter = router({
  checkUser: publicProcedure
    .input(ZCheckUserInput)
    .output(parsed(ZExistsAnswer))
    .query(({ ctx, input }) => phoneExists(ctx.deps, input.phone)),
  checkUserByEmail: publicProcedure
    .input(ZCheckUserByEmailInput)
    .output(parsed(ZExistsAnswer))
    .query(({ ctx, input }) => emailExists(ctx.deps, input.email)),
  sendOtpEmail: publicProcedure
    .input(ZSendOtpEmailInput)
    .output(parsed(ZSendOtpEmailAnswer))
    .mutation(({ ctx, input }) => sendEmailOtp(ctx.deps, input.email)),
  verifyOtpEmail: publicProcedure
    .input(ZVerifyOtpEmailInput)
    .output(parsed(ZSuccessAnswer))
    .mutation(({ ctx, input }) => verifyEmailOtp(ctx.deps, input)),
  sendOtp: publicProcedure
    .input(ZSendOtpInput)
    .output(parsed(ZSuccessAnswer))
    .mutation(({ ctx, input }) => sendPhoneOtp(ctx.deps, input.phone)),
  verifyOtp: publicProcedure
    .input(ZVerifyOtpInput)
    .output(parsed(ZSuccessAnswer))
    .mutation(({ ctx, input }) => verifyPhoneOtp(ctx.deps, input)),
  register: publicProcedure
    .input(ZRegisterInput)
    .output(parsed(ZSessionAnswer))
    .mutation(({ ctx, input }) => registerAndOpen(ctx, input)),
  login: publicProcedure
    .input(ZLoginInput)
    .output(parsed(ZSessionAnswer))
    .mutation(({ ctx, input }) => loginAndOpen(ctx, input)),
  loginByEmail: publicProcedure
    .input(ZLoginByEmailInput)
    .output(parsed(ZSessionAnswer))
    .mutation(({ ctx, input }) => loginAndOpen(ctx, input)),
  requestPinReset: publicProcedure
    .input(ZRequestPinResetInput)
    .output(parsed(ZPinResetRequestAnswer))
    .mutation(({ ctx, input }) => requestPinReset(ctx.deps, input.email)),
  resetPin: publicProcedure
    .input(ZResetPinInput)
    .output(parsed(ZSessionAnswer))
    .mutation(async ({ ctx, input }) =>
      openedSession(ctx.cookie, await resetPinWithCode(ctx.deps, input)),
    ),
  me: publicProcedure
    .output(parsed(ZUser.nullable()))
    .query(({ ctx }) => getMe(ctx.deps, ctx.user)),
  changePin: authedProcedure
    .input(ZChangePinInput)
    .output(parsed(ZSuccessAnswer))
    .mutation(({ ctx, input }) => changePin(ctx.deps, ctx.user, input)),
  checkDevice: authedProcedure
    .input(ZCheckDeviceInput)
    .output(parsed(ZCheckDeviceAnswer))
    .mutation(({ ctx, input }) => checkDevice(ctx.deps, ctx.user, input.deviceId)),
  logout: authedProcedure
    .input(ZEmptyInput)
    .output(parsed(ZLogoutAnswer))
    .mutation(({ ctx }) => closeSession(ctx, ctx.user)),
});
