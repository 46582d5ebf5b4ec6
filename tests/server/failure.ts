// The error a tRPC call fails with, so tests can look at its code, message and cause.
import { TRPCError } from '@trpc/server';
import { expect } from 'vitest';
import type { ZodError } from 'zod';
import { describeIssues } from '@/server/issues';

export async function failure(call: Promise<unknown>): Promise<TRPCError> {
  const err = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(TRPCError);
  return err as TRPCError;
}

/** The message a client is shown for a call refused over its input (the server's errorFormatter words zod's issues). */
export async function refusal(call: Promise<unknown>): Promise<string> {
  const err = await failure(call);
  expect(err.code).toBe('BAD_REQUEST');
  return describeIssues((err.cause as ZodError).issues);
}
