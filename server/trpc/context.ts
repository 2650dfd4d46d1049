import type { CreateFastifyContextOptions } from '@trpc/server/adapters/fastify';
import type { Deps } from '../deps';
import { contextFromRequest } from '../lib/request-context';

export const createContextFactory =
  (deps: Deps) =>
  ({ req, res }: CreateFastifyContextOptions) =>
    contextFromRequest(deps, req, res);
