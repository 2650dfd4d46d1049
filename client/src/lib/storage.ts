/** Product-specific local storage keys (spec section 1: kept under a product key). */
export const STORAGE_KEYS = {
  user: 'padel-match:user',
  deviceId: 'padel-match:device-id',
  deviceTrusted: 'padel-match:device-trusted',
  /** The browser answered "Bloquer" to the notification permission: explain, never ask again. */
  pushDenied: 'padel-match:push-denied',
  /** The player answered "Être prévenu sur ce téléphone ?" (either way): it is asked once. */
  pushAsked: 'padel-match:push-asked',
} as const;

/** Local storage can be missing or throw (private mode, quota): every access degrades to "nothing stored". */
export function readString(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeString(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Storage unavailable: the value lives for this page only.
  }
}

export function removeKey(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // Nothing stored, nothing to remove.
  }
}

export function readJson<T>(key: string, isValid: (value: unknown) => value is T): T | null {
  const raw = readString(key);
  if (raw === null) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return isValid(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

export const writeJson = (key: string, value: unknown) => writeString(key, JSON.stringify(value));
