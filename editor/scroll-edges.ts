// A row that scrolls sideways says so: the element gets `data-more` ("start", "end" or "both") while some of
// its content lies past an edge, for the stylesheet to fade that edge (a button cut mid-word otherwise looks whole).
import { useCallback, useEffect, useState } from 'react';

/** A ref callback marking the element's hidden ends, kept up to date as it scrolls or resizes. */
export function useScrollEdges<T extends HTMLElement>(): (element: T | null) => void {
  const [element, setElement] = useState<T | null>(null);
  useEffect(() => {
    if (!element) return;
    const mark = () => {
      const start = element.scrollLeft > 1;
      const end = element.scrollLeft + element.clientWidth < element.scrollWidth - 1;
      if (start || end) element.dataset.more = start && end ? 'both' : start ? 'start' : 'end';
      else delete element.dataset.more;
    };
    mark();
    const observer = new ResizeObserver(mark);
    observer.observe(element);
    for (const child of element.children) observer.observe(child);
    element.addEventListener('scroll', mark, { passive: true });
    return () => {
      observer.disconnect();
      element.removeEventListener('scroll', mark);
    };
  }, [element]);
  return useCallback((e: T | null) => setElement(e), []);
}
