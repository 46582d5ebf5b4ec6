'use client';
// Asks before leaving a page with unsaved work: the browser asks on a reload or closing the tab
// (beforeunload), but a link of the app's own (next/link) changes page without unloading it, so a
// click on a link to another page is asked about here, once.
import { useEffect } from 'react';

export const LEAVE_QUESTION = 'You have unsaved changes on this page. Leave it and lose them?';

/** While `unsaved()` holds, a reload, closing the tab or a link to another page asks before the work is lost. */
export function useLeaveGuard(unsaved: () => boolean) {
  useEffect(() => {
    // A link the tester agreed to follow may still unload the page (a plain link): not asked twice.
    let agreed = false;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (!agreed && unsaved()) e.preventDefault();
    };
    const onClick = (e: MouseEvent) => {
      if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      const link = e.target instanceof Element ? e.target.closest('a[href]') : null;
      if (!(link instanceof HTMLAnchorElement) || (link.target && link.target !== '_self') || link.hasAttribute('download')) return;
      const to = new URL(link.href, window.location.href);
      // The same page with another query (another document, a view of the workbench) keeps the work.
      if (to.origin !== window.location.origin || to.pathname === window.location.pathname || !unsaved()) return;
      if (window.confirm(LEAVE_QUESTION)) {
        agreed = true;
        return;
      }
      e.preventDefault();
      e.stopPropagation();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    window.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      window.removeEventListener('click', onClick, true);
    };
  }, [unsaved]);
}
