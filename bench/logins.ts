import argon2 from 'argon2';
import { LOGIN_CONNECTIONS, LOGINS, PIN, ROUNDS } from './config';
import { load, loop } from './http';
import { medianFigure, type Figure } from './stats';

/**
 * Login by e-mail + PIN over REST against raw `argon2.verify` of the same hash and pepper, both at
 * LOGIN_CONNECTIONS, interleaved; medians by figure. Each login is a different seeded player.
 */
export async function measureLogins(
  appUrl: string,
  pinHash: string,
  pepper: Buffer,
): Promise<Record<string, Figure>> {
  const loginRounds: Record<string, Figure[]> = {};
  let loginUser = 0;
  for (let r = 0; r < ROUNDS; r++) {
    (loginRounds['login by e-mail + PIN'] ??= []).push(
      await load({
        url: appUrl,
        connections: LOGIN_CONNECTIONS,
        amount: LOGINS,
        method: 'POST',
        request: () => ({
          path: '/api/auth/login-by-email',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            email: `bench${5000 + (loginUser++ % 4000)}@example.fr`,
            pin: PIN,
            deviceId: 'bench',
          }),
        }),
      }),
    );
    (loginRounds['raw argon2.verify'] ??= []).push(
      await loop(LOGINS, LOGIN_CONNECTIONS, async () =>
        argon2.verify(pinHash, PIN, { secret: pepper }),
      ),
    );
  }
  return Object.fromEntries(Object.entries(loginRounds).map(([k, v]) => [k, medianFigure(v)]));
}
