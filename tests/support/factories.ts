import { eq } from 'drizzle-orm';
import { sessions, users } from '../../db/schema';
import type { Deps } from '../../server/deps';
import type { SessionUser } from '../../server/lib/auth';
import { createSession } from '../../server/services/auth/sessions';
import { hashPin } from '../../server/lib/pin-hash';

let counter = 0;
const next = () => ++counter + Math.floor(Math.random() * 1e5) * 100;

export interface TestUser extends SessionUser {
  pin: string;
  /** A live session token: `Authorization: Bearer <token>` or the `padel_session` cookie. */
  token: string;
  /** Headers for `app.inject` acting as this user over REST. */
  headers: { authorization: string };
}

/** Inserts a user (unique e-mail and phone) with a real argon2id PIN hash and a live session. */
export async function createUser(
  deps: Pick<Deps, 'db' | 'clock' | 'secrets'>,
  overrides: Partial<{
    name: string;
    email: string | null;
    phone: string;
    level: string | null;
    isAdmin: boolean;
    pin: string;
  }> = {},
): Promise<TestUser> {
  const n = next();
  const pin = overrides.pin ?? '4826';
  const [row] = await deps.db
    .insert(users)
    .values({
      name: overrides.name ?? `Joueur ${n}`,
      email: overrides.email === undefined ? `joueur${n}@example.fr` : overrides.email,
      phone: overrides.phone ?? `+336${String(n).padStart(8, '0').slice(-8)}`,
      level: overrides.level === undefined ? 'Niveau 3' : overrides.level,
      isAdmin: overrides.isAdmin ?? false,
      pinHash: await hashPin(pin, deps.secrets.pinPepper),
    })
    .returning();
  if (!row) throw new Error('createUser: insert returned nothing');
  const { token } = await createSession(deps, row.id, null);
  const [session] = await deps.db
    .select()
    .from(sessions)
    .where(eq(sessions.userId, row.id))
    .limit(1);
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    level: row.level,
    isAdmin: row.isAdmin,
    sessionId: session?.id ?? 0,
    pin,
    token,
    headers: { authorization: `Bearer ${token}` },
  };
}

export const createAdmin = (
  deps: Parameters<typeof createUser>[0],
  overrides: Parameters<typeof createUser>[1] = {},
) => createUser(deps, { ...overrides, isAdmin: true });
