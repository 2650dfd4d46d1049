import { createSession } from '../../server/services/auth/sessions';
import type { TestContext } from '../support/app';
import type { TestUser } from '../support/factories';

/** Shared helpers of the groups test files (not a test file itself). */

/** REST as a user (Bearer session) or anonymously. */
export function restAs(t: TestContext) {
  return async (
    who: TestUser | null,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) => {
    const headers: Record<string, string> = {};
    if (who) headers.authorization = `Bearer ${(await createSession(t.deps, who.id, null)).token}`;
    const res = await t.app.inject({
      method,
      url,
      headers,
      payload: method === 'GET' ? undefined : (payload ?? {}),
    });
    return { status: res.statusCode, body: res.json<Record<string, unknown>>() };
  };
}
