import { initTRPC } from '@trpc/server';
import { z, ZodError } from 'zod';
import { DraftConflictError } from './db';
import { describeIssues, issueFields, plainWords } from './issues';

// Every input the server checks is refused in plain words ("must be at most 200 characters long, not 300").
z.config({ customError: plainWords });

/** Nothing per request yet: storage is the process-wide draft store. */
export type Context = Record<string, never>;

const t = initTRPC.context<Context>().create({
  errorFormatter({ shape, error }) {
    const { cause } = error;
    return {
      ...shape,
      // zod's own message is a JSON dump of its issues; a client shows this one as is.
      message: cause instanceof ZodError ? describeIssues(cause.issues) : shape.message,
      data: {
        ...shape.data,
        // On CONFLICT the client gets the stored version, to show beside its own, and the document's path (one of several saved together).
        conflict: cause instanceof DraftConflictError ? { ...cause.current, path: cause.key.path } : undefined,
        // An input refused: what is wrong by field (its path, "title", "source.rule"), for a form to say beside the field.
        fields: cause instanceof ZodError ? issueFields(cause.issues) : undefined,
      },
    };
  },
});

export const router = t.router;
export const mergeRouters = t.mergeRouters;
export const publicProcedure = t.procedure;
