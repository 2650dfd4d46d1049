/**
 * What the offline page shows of "Mes matchs": the last list this device displayed, already put in
 * French words by the app, so the service worker only lays it out. It is kept in Cache Storage under
 * a key of its own (never a /trpc or /api answer), only on this device, and removed on logout.
 * This module is read by the app and by the service worker: it uses nothing of `window`.
 */
export const OFFLINE_CACHE = 'padel-offline-v1';
/** The snapshot's key in OFFLINE_CACHE; no route of the server answers it. */
export const SNAPSHOT_KEY = '/__offline__/mes-matchs.json';

export interface OfflineMatch {
  id: number;
  place: string;
  address: string;
  /** "samedi 21 novembre 2026 · 18:30" */
  when: string;
  /** "2 places disponibles", "Complet", "Terminé", "En liste d'attente" */
  status: string;
}

export interface OfflineSnapshot {
  /** ISO time the list was seen. */
  savedAt: string;
  matches: OfflineMatch[];
}

const isOfflineMatch = (v: unknown): v is OfflineMatch =>
  typeof v === 'object' &&
  v !== null &&
  'id' in v &&
  typeof v.id === 'number' &&
  'place' in v &&
  typeof v.place === 'string' &&
  'address' in v &&
  typeof v.address === 'string' &&
  'when' in v &&
  typeof v.when === 'string' &&
  'status' in v &&
  typeof v.status === 'string';

export const isOfflineSnapshot = (v: unknown): v is OfflineSnapshot =>
  typeof v === 'object' &&
  v !== null &&
  'savedAt' in v &&
  typeof v.savedAt === 'string' &&
  'matches' in v &&
  Array.isArray(v.matches) &&
  v.matches.every(isOfflineMatch);

const hasCacheStorage = () => typeof caches !== 'undefined';

/** Keeps the list just shown for the offline page; a browser without Cache Storage keeps nothing. */
export async function saveOfflineSnapshot(snapshot: OfflineSnapshot): Promise<void> {
  if (!hasCacheStorage()) return;
  const cache = await caches.open(OFFLINE_CACHE);
  await cache.put(
    SNAPSHOT_KEY,
    new Response(JSON.stringify(snapshot), {
      headers: { 'content-type': 'application/json' },
    }),
  );
}

export async function readOfflineSnapshot(): Promise<OfflineSnapshot | null> {
  if (!hasCacheStorage()) return null;
  try {
    const cache = await caches.open(OFFLINE_CACHE);
    const res = await cache.match(SNAPSHOT_KEY);
    if (!res) return null;
    const data: unknown = await res.json();
    return isOfflineSnapshot(data) ? data : null;
  } catch {
    return null;
  }
}

/** On logout (or a session ended elsewhere): nothing of the player stays on the device. */
export async function clearOfflineSnapshot(): Promise<void> {
  if (!hasCacheStorage()) return;
  await caches.delete(OFFLINE_CACHE);
}
