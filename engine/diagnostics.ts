// One diagnostic shape for every check: schema errors, semantic lint, patch failures, completeness.
export type Severity = 'error' | 'warning' | 'info';

export interface Diagnostic {
  /** The file, relative to the rulesets root (e.g. "my-game/units.json"). */
  document: string;
  /** JSON Pointer within that file. */
  pointer: string;
  /** 1-based line and column of the value (or key) the pointer names. */
  line: number;
  column: number;
  severity: Severity;
  code: string;
  message: string;
  /**
   * On an error that kept a document from being read at all (it does not parse, is missing...), that document's
   * path: what is counted then leaves it out. Not always `document`: a missing one is reported where it is named.
   */
  unread?: string;
}

/** A lint finding addressed in the resolved ruleset; the loader locates it in its document. */
export interface Finding {
  pointer: string;
  severity: Severity;
  code: string;
  message: string;
  /** Point at the property's key rather than its value (e.g. an unknown key). */
  atKey?: boolean;
}

export const hasErrors = (diagnostics: readonly Diagnostic[]) => diagnostics.some((d) => d.severity === 'error');

const SEVERITY_ORDER: Record<Severity, number> = { error: 0, warning: 1, info: 2 };

/** Errors first, then warnings, then the rest: for a sort. */
export const bySeverity = (a: Pick<Diagnostic, 'severity'>, b: Pick<Diagnostic, 'severity'>) => SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity];

// Errors that kept a document from being read are listed first: most others may follow from them.
const unread = (d: Diagnostic) => (d.unread ? 0 : 1);

export function sortDiagnostics(diagnostics: Diagnostic[]): Diagnostic[] {
  return diagnostics.sort(
    (a, b) =>
      unread(a) - unread(b) ||
      a.document.localeCompare(b.document) || a.line - b.line || a.column - b.column ||
      bySeverity(a, b) || a.code.localeCompare(b.code),
  );
}

/** `path:line:col severity code message`, as compilers print. */
export const formatDiagnostic = (d: Diagnostic, prefix = '') =>
  `${prefix}${d.document}:${d.line}:${d.column} ${d.severity} ${d.code} ${d.message}`;
