import type { RouterOutputs } from './trpc';
import { STORAGE_KEYS, readJson } from './storage';

/** The logged-in user as the server returns it (spec section 3, photo as a URL). */
export type TUser = NonNullable<RouterOutputs['auth']['me']>;

const isStoredUser = (value: unknown): value is TUser =>
  typeof value === 'object' &&
  value !== null &&
  'id' in value &&
  typeof value.id === 'number' &&
  'name' in value &&
  typeof value.name === 'string';

/** The user an earlier visit kept in local storage, if any (the server confirms it with `auth.me`). */
export const readStoredUser = () => readJson(STORAGE_KEYS.user, isStoredUser);
