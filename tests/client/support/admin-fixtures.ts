import type { RouterOutputs } from '../../../client/src/lib/trpc';

/** A player as the admin users list shows him (typed from the router, so a shape change breaks here). */
export const hugo: RouterOutputs['admin']['users']['list'][number] = {
  id: 50,
  name: 'Hugo Leroy',
  email: 'hugo@example.fr',
  phone: '+33611111111',
  level: 'Niveau 2',
  is_admin: false,
  photo: null,
  created_at: '2026-01-01T00:00:00.000Z',
};
