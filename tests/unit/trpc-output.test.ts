import { TRPCError } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createCallerFactory, parsed, publicProcedure, router } from '../../server/trpc/init';
import type { Context } from '../../server/transport/request-context';

// What a procedure's output schema guarantees the caller, checked through the app's own procedure
// builder: only the schema's fields leave (a phone a service returned by mistake does not), and an
// answer of the wrong shape is a 500, never sent.
const ZPerson = z.object({ id: z.number().int(), first_name: z.string() });
const answers: Record<string, unknown> = {
  extra: { id: 1, first_name: 'Julie', phone: '0611223344', email: 'julie@example.fr' },
  wrong: { id: 'x', first_name: 'Julie' },
};
const testRouter = router({
  person: publicProcedure
    .input(z.enum(['extra', 'wrong']))
    .output(parsed(ZPerson))
    .query(({ input }) => answers[input] as z.output<typeof ZPerson>),
});
// The success path reads no dependency; a failure logs through none either (not an AppError).
const caller = createCallerFactory(testRouter)({ user: null, ip: '127.0.0.1' } as Context);

describe('tRPC outputs checked by parsed(schema)', () => {
  it('answers only the fields of the schema', async () => {
    expect(await caller.person('extra')).toEqual({ id: 1, first_name: 'Julie' });
  });

  it('refuses an answer of the wrong shape with INTERNAL_SERVER_ERROR', async () => {
    const error = await caller.person('wrong').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TRPCError);
    expect((error as TRPCError).code).toBe('INTERNAL_SERVER_ERROR');
  });
});
