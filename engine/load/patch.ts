// Applying a patch set's RFC 6902 operations one by one, so that each failure is reported at its operation.
import { applyPatch } from 'rfc6902';
import type { Operation as PatchOperation } from 'rfc6902';
import type { Operation } from '../generated/schema-types';
import { joinPointer, parsePointer } from '../json/pointer';
import { isRecord } from '../json/record';

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

export interface KeptValue {
  pointer: string;
  /** The ruleset's own value, kept: a cited value. */
  value: Record<string, unknown>;
  /** What the patch set would have written there; undefined where it leaves the value out. */
  instead: unknown;
}

/** A cited value (`{ value, source }`), not a gap. */
const citedValue = (v: unknown): v is Record<string, unknown> => isRecord(v) && 'value' in v && isRecord(v.source);

/**
 * The values a provisional patch set (a fill for test games) fills around within what an operation writes
 * over, where it would write something else: those the ruleset marks provisional itself (a designer who
 * fills a gap after the fill was written means that value, not the fill's), and the cited values a patch
 * set applied before it wrote (`patchedBefore`: an erratum's value is the ruleset's, not a gap to fill).
 */
export function keptWithin(existing: unknown, written: unknown, pointer: string, patchedBefore: (pointer: string) => boolean, out: KeptValue[] = []): KeptValue[] {
  const kept = (v: unknown, at: string) => citedValue(v) && ((v.source as Record<string, unknown>).kind === 'provisional' || patchedBefore(at));
  if (kept(existing, pointer)) {
    if (JSON.stringify(existing) !== JSON.stringify(written)) out.push({ pointer, value: existing as Record<string, unknown>, instead: written });
  } else if (isRecord(existing) && isRecord(written)) {
    for (const key of Object.keys(existing)) {
      const at = joinPointer(pointer, key);
      // A key the patch set leaves out keeps the value it held if that is kept (not one deeper, whose parents are gone).
      if (Object.hasOwn(written, key) || kept(existing[key], at)) keptWithin(existing[key], written[key], at, patchedBefore, out);
    }
  }
  return out;
}
