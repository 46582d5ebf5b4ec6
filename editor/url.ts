// The page's URL query as view state (the document open, the map pane, a game's position in its
// history): read when a view opens and rewritten as it changes, without navigating, so that a reload or a
// shared link opens the same view; rewritten in place, or as a new entry of the browser's history that
// Back returns from (the page listening for popstate).

/** A parameter of the page's query, or null. */
export const queryParam = (key: string): string | null => new URLSearchParams(window.location.search).get(key);

/** Rewrites the page's query: each key set, or removed when undefined; in place, or `pushed` as a new history entry. */
export function setQuery(changes: Record<string, string | undefined>, pushed = false) {
  const q = new URLSearchParams(window.location.search);
  for (const [k, v] of Object.entries(changes)) {
    if (v === undefined) q.delete(k);
    else q.set(k, v);
  }
  const text = q.toString();
  const url = `${window.location.pathname}${text ? `?${text}` : ''}`;
  if (pushed) window.history.pushState(null, '', url);
  else window.history.replaceState(null, '', url);
}
