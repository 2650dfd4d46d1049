import { z } from 'zod';
import {
  ZPushDevice,
  ZPushDeviceAnswer,
  ZPushEndpointInput,
  ZPushKindsInput,
  ZPushSubscriptionInput,
  ZVapidPublicKey,
} from '../../common/schemas/push';
import {
  deletePushSubscription,
  getPushDevice,
  getVapidPublicKey,
  savePushSubscription,
  setPushKinds,
} from '../services/push/subscriptions';
import { authedProcedure, parsed, publicProcedure, router } from '../trpc/init';

/** Web Push: the same meaning as `/api/push/*`. */
export const pushRouter = router({
  vapidPublicKey: publicProcedure
    .input(z.void())
    .output(parsed(ZVapidPublicKey))
    .query(({ ctx }) => getVapidPublicKey(ctx.deps)),
  subscribe: authedProcedure
    .input(ZPushSubscriptionInput)
    .output(parsed(ZPushDeviceAnswer))
    .mutation(({ ctx, input }) => savePushSubscription(ctx.deps, ctx.user, input)),
  unsubscribe: authedProcedure
    .input(ZPushEndpointInput)
    .output(parsed(z.null()))
    .mutation(async ({ ctx, input }) => {
      await deletePushSubscription(ctx.deps, ctx.user, input);
      return null;
    }),
  device: authedProcedure
    .input(ZPushEndpointInput)
    .output(parsed(ZPushDevice.nullable()))
    .query(({ ctx, input }) => getPushDevice(ctx.deps, ctx.user, input)),
  setKinds: authedProcedure
    .input(ZPushKindsInput)
    .output(parsed(ZPushDevice))
    .mutation(({ ctx, input }) => setPushKinds(ctx.deps, ctx.user, input)),
});
