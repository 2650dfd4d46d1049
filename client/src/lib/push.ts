/**
 * Web Push on this device: support check, permission, subscription with the server's VAPID key,
 * and the way back. The service worker (sw/push.ts) shows what arrives; this module only
 * subscribes. Browser APIs are read at call time so tests can stand them in.
 */
import type { TPushSubscriptionInput } from '../../../common/schemas/push';
import { readString, removeKey, STORAGE_KEYS, writeString } from './storage';

export type PushOutcome =
  /** Subscribed here and saved on the server. */
  | 'enabled'
  /** The browser blocks notifications for the site (remembered and explained). */
  | 'denied'
  /** The permission prompt was closed without an answer: ask again another time. */
  | 'dismissed'
  /** No Push API in this browser (or no service worker). */
  | 'unsupported'
  /** The server has push turned off (no VAPID keys). */
  | 'server-off'
  /** The browser could not subscribe (no push service reachable) or the server refused: nothing stored. */
  | 'failed';

/** A service worker taking longer than this to be ready will not be there (none is registered). */
const READY_TIMEOUT_MS = 5000;
/** A push service not answering a subscription within this is as good as none. */
const SUBSCRIBE_TIMEOUT_MS = 20_000;

/** `p`, or a rejection once `ms` have passed. */
async function within<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), ms);
  });
  try {
    return await Promise.race([p, late]);
  } finally {
    clearTimeout(timer);
  }
}

export function isPushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** Whether notifications are blocked for the site, by the browser now or as remembered. */
export function isPushBlocked(): boolean {
  if (isPushSupported() && Notification.permission === 'denied') return true;
  return readString(STORAGE_KEYS.pushDenied) === '1';
}

/**
 * Whether to offer "Être prévenu sur ce téléphone ?": supported, not blocked, never answered here.
 * A permission already granted (for this site, earlier) still deserves the question: being allowed
 * to notify is not being subscribed.
 */
export function shouldOfferPush(): boolean {
  return isPushSupported() && readString(STORAGE_KEYS.pushAsked) === null && !isPushBlocked();
}

export function rememberPushAsked(): void {
  writeString(STORAGE_KEYS.pushAsked, '1');
}

/** The event a successful join or create raises; the prompt listens for it. */
export const PUSH_OFFER_EVENT = 'padel:push-offer';

/** Called after a first successful join or create: the moment asking makes sense. */
export function offerPush(): void {
  if (shouldOfferPush()) window.dispatchEvent(new Event(PUSH_OFFER_EVENT));
}

/** The VAPID key (base64url) as the bytes `applicationServerKey` takes. */
export function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const b64 = value.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** The service worker registration, or null when none becomes ready in time. */
async function readyRegistration(): Promise<ServiceWorkerRegistration | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), READY_TIMEOUT_MS);
  });
  try {
    return await Promise.race([navigator.serviceWorker.ready, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** This browser's current push subscription, if any. */
export async function currentPushSubscription(): Promise<PushSubscription | null> {
  if (!isPushSupported()) return null;
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** The browser's subscription as the server takes it; null when it lacks its keys. */
export function toSubscriptionInput(sub: PushSubscription): TPushSubscriptionInput | null {
  const json = sub.toJSON();
  const p256dh = json.keys?.p256dh;
  const auth = json.keys?.auth;
  if (!json.endpoint || !p256dh || !auth) return null;
  return { endpoint: json.endpoint, keys: { p256dh, auth } };
}

export interface PushServer {
  vapidKey: () => Promise<string>;
  save: (input: TPushSubscriptionInput) => Promise<unknown>;
  remove: (endpoint: string) => Promise<unknown>;
}

/**
 * Asks the permission, subscribes with the server's key and saves the subscription. Any failure
 * after subscribing undoes it, so the browser and the server never disagree.
 */
export async function enablePush(server: PushServer): Promise<PushOutcome> {
  if (!isPushSupported()) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission === 'denied') {
    writeString(STORAGE_KEYS.pushDenied, '1');
    return 'denied';
  }
  if (permission !== 'granted') return 'dismissed';
  removeKey(STORAGE_KEYS.pushDenied);
  let key: string;
  try {
    key = await server.vapidKey();
  } catch {
    return 'server-off';
  }
  const registration = await readyRegistration();
  if (!registration) return 'failed';
  let sub: PushSubscription;
  try {
    sub = await within(
      registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: base64UrlToBytes(key),
      }),
      SUBSCRIBE_TIMEOUT_MS,
    );
  } catch {
    // Headless or de-Googled browsers have no push service: subscribe rejects (AbortError).
    return 'failed';
  }
  const input = toSubscriptionInput(sub);
  try {
    if (!input) throw new Error('subscription without keys');
    await server.save(input);
    return 'enabled';
  } catch {
    await sub.unsubscribe().catch(() => false);
    return 'failed';
  }
}

/** Unsubscribes this browser and tells the server (which forgets it). */
export async function disablePush(server: Pick<PushServer, 'remove'>): Promise<void> {
  const sub = await currentPushSubscription();
  if (!sub) return;
  await server.remove(sub.endpoint);
  await sub.unsubscribe();
}
