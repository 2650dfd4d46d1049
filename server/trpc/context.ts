import type { CreateFastifyContextOptions } from '@trpc/server/adapters/fastify';
import type { Deps } from '../deps';
import { unavailableFromDb } from '../lib/db-errors';
import { contextFromRequest } from '../transport/request-context';
import { toTRPCError } from './init';

/** The session lookup runs before any procedure middleware, so a busy database is mapped here too. */
export const createContextFactory =
  (deps: Deps) =>
  ({ req, res }: CreateFastifyContextOptions) =>
    contextFromRequest(deps, req, res).catch((e: unknown) => {
      const unavailable = unavailableFromDb(e);
      if (!unavailable) throw e;
      req.log.warn({ err: e }, 'database busy: answered 503');
      throw toTRPCError(unavailable);
    });
