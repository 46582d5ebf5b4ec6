// Loading the fixture rulesets with some of their files replaced in memory.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadRuleset, overlaySource, type Diagnostic, type LoadOptions } from '@/engine';
import { fsSource } from '@/engine/load/fs-source';

export const FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'rulesets');

export const fixtureText = (file: string) => readFileSync(join(FIXTURES, file), 'utf8');

/** The fixture file, parsed, changed by `change`, and printed back two-space indented. */
export function editJson(file: string, change: (doc: any) => void): string {
  const doc = JSON.parse(fixtureText(file));
  change(doc);
  return JSON.stringify(doc, null, 2);
}

export function loadWith(id: string, files: Record<string, string>, options?: LoadOptions) {
  return loadRuleset(overlaySource(fsSource(FIXTURES), new Map(Object.entries(files))), id, options);
}

/** 1-based line of the first occurrence of `marker` (from the `nth` occurrence on). */
export function lineOf(text: string, marker: string, nth = 1): number {
  let at = -1;
  for (let i = 0; i < nth; i++) {
    at = text.indexOf(marker, at + 1);
    if (at < 0) throw new Error(`marker ${marker} not found`);
  }
  return text.slice(0, at).split('\n').length;
}

export const errorsOf = (diagnostics: Diagnostic[]) => diagnostics.filter((d) => d.severity === 'error');
