// Applying a patch set's RFC 6902 operations one by one, so that each failure is reported at its operation.
import { applyPatch } from 'rfc6902';
import type { Operation as PatchOperation } from 'rfc6902';
import type { Operation } from '../generated/schema-types';
import { parsePointer } from '../json/pointer';

const RESERVED = new Set(['__proto__', 'constructor', 'prototype']);

/** Applies one operation in place; returns why it failed, or undefined. */
export function applyOperation(target: object, op: Operation): string | undefined {
  for (const pointer of [op.path, op.from].filter((p): p is string => p !== undefined)) {
    if (parsePointer(pointer).some((s) => RESERVED.has(s))) return `path ${pointer} names a reserved key`;
  }
  const { op: kind, path, from } = op;
  // The value is cloned so that later operations never alter the patch document itself.
  const operation = { op: kind, path, from, value: op.value === undefined ? undefined : structuredClone(op.value) } as PatchOperation;
  const [error] = applyPatch(target, [operation]);
  if (!error) return undefined;
  switch (error.name) {
    case 'MissingError':
      return `${kind} ${path}: no value at ${kind === 'move' || kind === 'copy' ? from : path} (or its parent) in the resolved ruleset`;
    case 'TestError':
      return `test ${path} failed: ${error.message}`;
    default:
      return `${kind} ${path}: ${error.message}`;
  }
}
