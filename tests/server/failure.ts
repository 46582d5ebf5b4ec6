// The error a tRPC call fails with, so tests can look at its code, message and cause.
import { TRPCError } from '@trpc/server';
import { expect } from 'vitest';

export async function failure(call: Promise<unknown>): Promise<TRPCError> {
  const err = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(TRPCError);
  return err as TRPCError;
}
