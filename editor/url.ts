// The page's URL query as view state (the document open, the map pane, a game's position in its
// history): read when a view opens and rewritten in place as it changes, without navigating, so that a
// reload or a shared link opens the same view.

/** A parameter of the page's query, or null. */
export const queryParam = (key: string): string | null => new URLSearchParams(window.location.search).get(key);

/** Rewrites the page's query: each key set, or removed when undefined. */
export function setQuery(changes: Record<string, string | undefined>) {
  const q = new URLSearchParams(window.location.search);
  for (const [k, v] of Object.entries(changes)) {
    if (v === undefined) q.delete(k);
    else q.set(k, v);
  }
  const text = q.toString();
  window.history.replaceState(null, '', `${window.location.pathname}${text ? `?${text}` : ''}`);
}
