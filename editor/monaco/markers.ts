// The server's diagnostics as Monaco markers: same 1-based line and column, spanning the token found there.
import { bySeverity, type Diagnostic } from '@/engine/diagnostics';

/** Monaco's MarkerSeverity values (stable API numbers), so this module needs no Monaco at run time. */
const SEVERITY = { error: 8, warning: 4, info: 2 } as const;

export interface MarkerData {
  severity: number;
  message: string;
  code: string;
  source: string;
  startLineNumber: number;
  startColumn: number;
  endLineNumber: number;
  endColumn: number;
}

/** At most this many markers per document, errors first: Monaco redraws every marker on each edit, and a paste can give tens of thousands (the problems list has them all). */
export const MAX_MARKERS = 500;

/** Markers for one document; `lineText(n)` gives its line n (1-based), empty past the end. */
export function toMarkers(diagnostics: readonly Diagnostic[], document: string, lineText: (line: number) => string): MarkerData[] {
  return diagnostics
    .filter((d) => d.document === document)
    .sort(bySeverity)
    .slice(0, MAX_MARKERS)
    .map((d) => ({
      severity: SEVERITY[d.severity],
      message: d.message,
      code: d.code,
      source: 'sandtable',
      startLineNumber: d.line,
      startColumn: d.column,
      endLineNumber: d.line,
      endColumn: tokenEnd(lineText(d.line), d.column),
    }));
}

/**
 * The column just past the JSON token starting at `column`: a whole string (escapes included), number or
 * literal; one character for a bracket or anything else, so a marker is never empty.
 */
export function tokenEnd(line: string, column: number): number {
  const start = column - 1;
  if (start >= line.length) return column + 1;
  if (line[start] === '"') {
    for (let i = start + 1; i < line.length; i++) {
      if (line[i] === '\\') i++;
      else if (line[i] === '"') return i + 2;
    }
    return line.length + 1;
  }
  const match = /^[-+.\w]+/.exec(line.slice(start));
  return column + (match ? match[0].length : 1);
}
