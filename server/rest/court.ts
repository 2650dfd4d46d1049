import { z } from 'zod';
import { ZCourtBody, ZPaymentBody } from '../../common/schemas/court';
import { ZCourtAnswer } from '../../common/schemas/matches';
import { ZId } from '../../common/schemas/primitives';
import { assertUser } from '../lib/auth';
import { setCourt, setPayment } from '../services/matches/court';
import type { RestRoutes } from './http';

const tags = ['Terrain et prix'];
const user = { auth: 'user' } as const;

/** The court mark and who paid (DESIGN.md "court and cost"): the match's players only. */
export const courtRoutes: RestRoutes = (app, deps) => {
  app.put(
    '/matches/:id/court',
    {
      schema: {
        tags,
        summary:
          'Indique que le terrain est réservé (booked: true) ou ne l’est plus (false) ; tout joueur du match. Un changement de lieu, de date ou d’heure l’efface.',
        params: z.object({ id: ZId }),
        body: ZCourtBody,
        response: { 200: ZCourtAnswer },
      },
      config: user,
    },
    ({ ctx, params, body }) => setCourt(deps, assertUser(ctx.user), { ...params, ...body }),
  );
  app.put(
    '/matches/:id/payments/:userId',
    {
      schema: {
        tags,
        summary:
          'Marque la part d’un joueur payée (paid: true) ou non ; le joueur lui-même ou l’organisateur. Rien n’est prélevé.',
        params: z.object({ id: ZId, userId: ZId }),
        body: ZPaymentBody,
        response: { 200: ZCourtAnswer },
      },
      config: user,
    },
    ({ ctx, params, body }) => setPayment(deps, assertUser(ctx.user), { ...params, ...body }),
  );
};
