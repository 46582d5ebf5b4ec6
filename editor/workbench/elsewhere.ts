/**
 * The workbench page of another ruleset (one this one extends) at a line of one of its documents, named
 * `<ruleset>/<path>`; a document naming no ruleset is `fallback`'s.
 */
export function elsewhereHref(document: string, line: number, column: number, fallback?: string | null): string {
  const [ruleset, ...path] = document.split('/');
  return `/rulesets/${ruleset || fallback}?doc=${encodeURIComponent(path.join('/'))}&line=${line}&column=${column}`;
}
