import type { PushServer } from '../../lib/push';
import { trpc } from '../../lib/trpc';

/** The server side of `enablePush` / `disablePush`, through the `push` tRPC procedures. */
export function usePushServer(): PushServer {
  const utils = trpc.useUtils();
  const subscribe = trpc.push.subscribe.useMutation({
    onSuccess: (device) =>
      utils.push.device.setData(
        { endpoint: device.endpoint },
        {
          endpoint: device.endpoint,
          kinds: device.kinds,
        },
      ),
  });
  const unsubscribe = trpc.push.unsubscribe.useMutation({
    onSuccess: (_, { endpoint }) => utils.push.device.setData({ endpoint }, null),
  });
  return {
    vapidKey: async () => (await utils.push.vapidPublicKey.fetch()).key,
    save: (input) => subscribe.mutateAsync(input),
    remove: (endpoint) => unsubscribe.mutateAsync({ endpoint }),
  };
}
