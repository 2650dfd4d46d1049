import { z } from 'zod';
import { MSG } from '../messages';

/**
 * What a device can be told by push: the match notices e-mail carries, plus `soon`, the same-day
 * "Votre match commence dans 2 h" that only push sends, and `alert`, a match that fits one of the
 * player's « Je veux jouer » alerts (issue 41).
 */
export const PUSH_KINDS = [
  'joined',
  'left',
  'changed',
  'cancelled',
  'promoted',
  'reminder',
  'soon',
  'message',
  'alert',
] as const;
export type TPushKind = (typeof PUSH_KINDS)[number];

/** The profile's label of each kind, under "Sur ce téléphone". */
export const PUSH_KIND_LABELS: Readonly<Record<TPushKind, string>> = MSG.push.kinds;

/** Unpadded base64url (padding tolerated) decoding to exactly `bytes` bytes. */
const base64UrlBytes = (bytes: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(200, message)
    .refine((v) => {
      const bare = v.replace(/=+$/, '');
      if (!/^[A-Za-z0-9_-]+$/.test(bare)) return false;
      // 4 characters carry 3 bytes; a remainder of 1 character is never valid base64.
      const rest = bare.length % 4;
      return rest !== 1 && Math.floor(bare.length / 4) * 3 + (rest ? rest - 1 : 0) === bytes;
    }, message);

/** A push service URL: https only (web-push refuses anything else), at most 2 KB. */
export const ZPushEndpoint = z
  .string({ error: MSG.push.endpointInvalid })
  .trim()
  .max(2048, MSG.push.endpointInvalid)
  .refine((v) => URL.canParse(v), MSG.push.endpointInvalid)
  .refine((v) => v.startsWith('https://'), MSG.push.endpointNotHttps);

/** The browser's `PushSubscription.toJSON()`; `expirationTime` and other fields are ignored. */
export const ZPushSubscriptionInput = z.object(
  {
    endpoint: ZPushEndpoint,
    keys: z.object(
      {
        // An uncompressed P-256 point: 0x04 then X and Y, 65 bytes.
        p256dh: base64UrlBytes(65, MSG.push.p256dhInvalid),
        auth: base64UrlBytes(16, MSG.push.authInvalid),
      },
      { error: MSG.push.keysMissing },
    ),
  },
  { error: MSG.push.subscriptionInvalid },
);
export type TPushSubscriptionInput = z.infer<typeof ZPushSubscriptionInput>;

export const ZPushEndpointInput = z.object(
  { endpoint: ZPushEndpoint },
  { error: MSG.push.subscriptionInvalid },
);
export type TPushEndpointInput = z.infer<typeof ZPushEndpointInput>;

export const ZPushKinds = z
  .array(z.enum(PUSH_KINDS, { error: MSG.push.kindInvalid }))
  .max(PUSH_KINDS.length);

/** This device's subscription as the server keeps it (never its keys). */
export const ZPushDevice = z.object({
  endpoint: z.string(),
  kinds: ZPushKinds,
});
export type TPushDevice = z.infer<typeof ZPushDevice>;

export const ZPushDeviceAnswer = ZPushDevice.extend({ created: z.boolean() });

export const ZPushKindsInput = z.object(
  { endpoint: ZPushEndpoint, kinds: ZPushKinds },
  { error: MSG.push.subscriptionInvalid },
);
export type TPushKindsInput = z.infer<typeof ZPushKindsInput>;

export const ZVapidPublicKey = z.object({
  key: z.string().describe('Clé publique VAPID (base64url) à passer à pushManager.subscribe'),
});
