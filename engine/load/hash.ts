// Content hash of a resolved ruleset: the same data gives the same hash whatever its key order.
import { createHash } from 'node:crypto';

export function contentHash(value: unknown): string {
  return createHash('sha256').update(canonical(value)).digest('hex');
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return '[' + value.map(canonical).join(',') + ']';
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    return '{' + Object.keys(record).sort().map((k) => JSON.stringify(k) + ':' + canonical(record[k])).join(',') + '}';
  }
  return JSON.stringify(value);
}
