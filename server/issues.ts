import type { z } from 'zod';

/**
 * Zod issues as one readable line, e.g. `source.title: Invalid input: expected string, received number`.
 * `whole` names the value itself, for an issue with an empty path.
 */
export function describeIssues(issues: readonly z.core.$ZodIssue[], whole = 'input'): string {
  return issues.map((issue) => `${issue.path.map(String).join('.') || whole}: ${issue.message}`).join('; ');
}
