// Where each view of a page was scrolled to, so that coming back to one (Back, the tree, a link) finds the
// reader's place, as a browser does for pages; a view opened for the first time starts at its top, not at
// the offset the view before it had left in a pane they share.
import { useLayoutEffect, type RefObject } from 'react';

/** By page (its path) and view. */
const places = new Map<string, { top: number; left: number }>();

/** What the reader does to scroll: any of these ends putting the place back. */
const READER = ['wheel', 'pointerdown', 'keydown', 'touchstart'] as const;

/**
 * Keeps the scroll offset of `ref`'s element under `key` (a view of this page) and puts it back when the element shows `key`
 * again: at once, or as the view is drawn tall enough to hold it (a view drawn in parts), until the reader scrolls.
 */
export function useKeptScroll(ref: RefObject<HTMLElement | null>, key: string | undefined) {
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || key === undefined) return;
    const place = `${window.location.pathname}|${key}`;
    const want = places.get(place) ?? { top: 0, left: 0 };
    let restoring = true;
    const restore = () => {
      if (!restoring) return;
      element.scrollTop = want.top;
      element.scrollLeft = want.left;
      if (Math.abs(element.scrollTop - want.top) < 1 && Math.abs(element.scrollLeft - want.left) < 1) stop();
    };
    const drawn = new MutationObserver(restore);
    const stop = () => {
      restoring = false;
      drawn.disconnect();
    };
    // The offset the browser gives a view whose content changed under it (a shorter one) is not the reader's, until restored.
    const keep = () => restoring || places.set(place, { top: element.scrollTop, left: element.scrollLeft });
    drawn.observe(element, { childList: true, subtree: true });
    restore();
    element.addEventListener('scroll', keep, { passive: true });
    for (const type of READER) element.addEventListener(type, stop, { passive: true });
    return () => {
      stop();
      element.removeEventListener('scroll', keep);
      for (const type of READER) element.removeEventListener(type, stop);
    };
  }, [ref, key]);
}
