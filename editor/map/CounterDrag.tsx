'use client';
// Dragging counters onto the map: any element with the `data-` attribute named (on the map or beside it), unless
// marked `data-fixed` or refused by `canDrag`, can be pressed and dragged (a marker's part, which a click takes to the
// next of its units, drags the one selected there: its `data-lift-` attribute); a copy follows the pointer and its release
// drops it there, over the map or off it (the pane's messages change size as it moves, so the map's edge may move
// under the pointer). A press released where it started is a click. A counter that may not be dragged is left to the
// map: pressed, it pans the map, and clicked, it is the marker's. Only files loaded with next/dynamic (ssr: false) may
// import this.
import type L from 'leaflet';
import { useEffect, useRef } from 'react';
import { useMap } from 'react-leaflet';

/** Pixels the pointer must travel before a press becomes a drag. */
const DRAG_START = 4;

/** Where a dragged counter is over the map: the point, and the elements under the pointer, topmost first. */
export interface DragPoint {
  latlng: L.LatLng;
  under: Element[];
}

export interface CounterDragHandlers {
  /** The attribute naming what a counter stands for (`placement` for `data-placement`, `unit` for `data-unit`). */
  attribute: string;
  /** Whether the counter standing for this may be dragged now; all may when not given. */
  canDrag?(key: string): boolean;
  onClick(key: string): void;
  /** A press has become a drag of the counter standing for this. */
  onStart?(key: string): void;
  /** Where a dragged counter would land, or undefined off the map. */
  onOver?(at: DragPoint | undefined): void;
  /** A counter released where it was dragged to: on the map, or (undefined) off it. */
  onDrop(key: string, at: DragPoint | undefined): void;
}

export function CounterDrag(props: CounterDragHandlers) {
  const map = useMap();
  const handlers = useRef(props);
  handlers.current = props;

  useEffect(() => {
    let press: { key: string; lift: string; x: number; y: number; source: HTMLElement; ghost?: HTMLElement } | undefined;
    const over = (e: MouseEvent): DragPoint | undefined => {
      const box = map.getContainer().getBoundingClientRect();
      const inside = e.clientX >= box.left && e.clientX <= box.right && e.clientY >= box.top && e.clientY <= box.bottom;
      return inside ? { latlng: map.mouseEventToLatLng(e), under: document.elementsFromPoint(e.clientX, e.clientY) } : undefined;
    };
    // The click the browser sends after the release belongs to the drag (or to our click), not to the map below.
    const swallowClick = () => {
      const stop = (c: MouseEvent) => c.stopPropagation();
      window.addEventListener('click', stop, true);
      setTimeout(() => window.removeEventListener('click', stop, true), 0);
    };
    const down = (e: MouseEvent) => {
      const { attribute, canDrag } = handlers.current;
      const source = e.button === 0 ? (e.target as Element | null)?.closest<HTMLElement>(`[data-${attribute}]`) : null;
      const key = source?.getAttribute(`data-${attribute}`);
      const lift = source?.getAttribute(`data-lift-${attribute}`) ?? key;
      if (!source || key == null || lift == null || (canDrag && !canDrag(lift))) return;
      // Captured before Leaflet sees it: a press on a counter neither pans the map nor selects text.
      e.preventDefault();
      e.stopPropagation();
      press = { key, lift, x: e.clientX, y: e.clientY, source };
    };
    const move = (e: MouseEvent) => {
      if (!press) return;
      // A counter marked fixed (its placement is another ruleset's) is clicked, never dragged.
      if (press.source.dataset.fixed !== undefined) return;
      if (!press.ghost) {
        if (Math.hypot(e.clientX - press.x, e.clientY - press.y) < DRAG_START) return;
        press.ghost = press.source.cloneNode(true) as HTMLElement;
        press.ghost.classList.add('counter-ghost');
        // As big as the counter on screen: a marker's part or a stacked counter is sized by its stack (play.css), which the copy leaves.
        const [box, style] = [press.source.getBoundingClientRect(), getComputedStyle(press.source)];
        Object.assign(press.ghost.style, { width: `${box.width}px`, height: `${box.height}px`, font: style.font, borderRadius: style.borderRadius, boxSizing: 'border-box' });
        for (const name of ['--mh', '--o']) press.ghost.style.setProperty(name, style.getPropertyValue(name));
        document.body.append(press.ghost);
        press.source.classList.add('counter-lifted');
        handlers.current.onStart?.(press.lift);
      }
      // Lifting a counter may redraw its stack (the play map marks the unit selected): the lifted one is then the new one.
      if (!press.source.isConnected) {
        press.source = document.querySelector<HTMLElement>(`[data-${handlers.current.attribute}="${CSS.escape(press.lift)}"]`) ?? press.source;
        press.source.classList.add('counter-lifted');
      }
      press.ghost.style.left = `${e.clientX + 6}px`;
      press.ghost.style.top = `${e.clientY + 6}px`;
      handlers.current.onOver?.(over(e));
    };
    const up = (e: MouseEvent) => {
      const p = press;
      press = undefined;
      if (!p) return;
      swallowClick();
      if (!p.ghost) return handlers.current.onClick(p.key);
      p.ghost.remove();
      p.source.classList.remove('counter-lifted');
      handlers.current.onOver?.(undefined);
      handlers.current.onDrop(p.lift, over(e));
    };
    document.addEventListener('mousedown', down, true);
    document.addEventListener('mousemove', move);
    document.addEventListener('mouseup', up);
    return () => {
      document.removeEventListener('mousedown', down, true);
      document.removeEventListener('mousemove', move);
      document.removeEventListener('mouseup', up);
      press?.ghost?.remove();
    };
  }, [map]);
  return null;
}
