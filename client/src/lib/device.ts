import { STORAGE_KEYS, readString, removeKey, writeString } from './storage';

const randomId = () =>
  typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : Array.from({ length: 32 }, () => Math.floor(Math.random() * 16).toString(16)).join('');

/** The locally generated id of this browser, created on first use and kept in local storage. */
export function getDeviceId(): string {
  const stored = readString(STORAGE_KEYS.deviceId);
  if (stored) return stored;
  const id = randomId();
  writeString(STORAGE_KEYS.deviceId, id);
  return id;
}

export const isDeviceTrusted = () => readString(STORAGE_KEYS.deviceTrusted) === 'true';

/** A successful login marks the device trusted; logout (or a failed trust check) resets it. */
export function setDeviceTrusted(trusted: boolean): void {
  if (trusted) writeString(STORAGE_KEYS.deviceTrusted, 'true');
  else removeKey(STORAGE_KEYS.deviceTrusted);
}

const UNKNOWN_BROWSER = 'Navigateur inconnu';
const UNKNOWN_OS = 'Système inconnu';

/** Order matters: Edge and Chrome also announce Safari; Chrome on iOS says CriOS, Firefox on iOS FxiOS. */
function browserOf(ua: string): string {
  if (/Edg(e|A|iOS)?\//.test(ua)) return 'Edge';
  if (/OPR\/|Opera/.test(ua)) return UNKNOWN_BROWSER;
  if (/Firefox\/|FxiOS\//.test(ua)) return 'Firefox';
  if (/Chrome\/|CriOS\/|Chromium\//.test(ua)) return 'Chrome';
  if (/Safari\//.test(ua) && /Version\//.test(ua)) return 'Safari';
  return UNKNOWN_BROWSER;
}

/** iOS devices say "like Mac OS X" and Android says Linux, so they are tested first. */
function osOf(ua: string): string {
  if (/iPhone|iPad|iPod/.test(ua)) return 'iOS';
  if (/Android/.test(ua)) return 'Android';
  if (/Windows/.test(ua)) return 'Windows';
  if (/Macintosh|Mac OS X/.test(ua)) return 'macOS';
  if (/Linux|X11/.test(ua)) return 'Linux';
  return UNKNOWN_OS;
}

/** The device name in French, e.g. "Chrome sur Windows" (spec section 1). */
export function deviceName(
  userAgent: string = typeof navigator === 'undefined' ? '' : navigator.userAgent,
): string {
  return `${browserOf(userAgent)} sur ${osOf(userAgent)}`;
}
