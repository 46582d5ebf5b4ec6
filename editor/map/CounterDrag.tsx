'use client';
// Dragging counters onto the map: any element with `data-placement` (on the map or beside it), unless marked
// `data-fixed`, can be pressed and dragged; a copy follows the pointer and its release drops it there, over the map or off it
// (the pane's messages change size as it moves, so the map's edge may move under the pointer). A press
// released where it started is a click. Only files loaded with next/dynamic (ssr: false) may import this.
import type L from 'leaflet';
import { useEffect, useRef } from 'react';
import { useMap } from 'react-leaflet';

/** Pixels the pointer must travel before a press becomes a drag. */
const DRAG_START = 4;

export interface CounterDragHandlers {
  onClick(placement: number): void;
  /** Where a dragged counter would land, or undefined off the map. */
  onOver(at: L.LatLng | undefined): void;
  /** A counter released where it was dragged to: on the map, or (undefined) off it. */
  onDrop(placement: number, at: L.LatLng | undefined): void;
}

export function CounterDrag(props: CounterDragHandlers) {
  const map = useMap();
  const handlers = useRef(props);
  handlers.current = props;

  useEffect(() => {
    let press: { placement: number; x: number; y: number; source: HTMLElement; ghost?: HTMLElement } | undefined;
    const over = (e: MouseEvent) => {
      const box = map.getContainer().getBoundingClientRect();
      const inside = e.clientX >= box.left && e.clientX <= box.right && e.clientY >= box.top && e.clientY <= box.bottom;
      return inside ? map.mouseEventToLatLng(e) : undefined;
    };
    // The click the browser sends after the release belongs to the drag (or to our click), not to the map below.
    const swallowClick = () => {
      const stop = (c: MouseEvent) => c.stopPropagation();
      window.addEventListener('click', stop, true);
      setTimeout(() => window.removeEventListener('click', stop, true), 0);
    };
    const down = (e: MouseEvent) => {
      const source = e.button === 0 ? (e.target as Element | null)?.closest<HTMLElement>('[data-placement]') : null;
      if (!source) return;
      // Captured before Leaflet sees it: a press on a counter neither pans the map nor selects text.
      e.preventDefault();
      e.stopPropagation();
      press = { placement: Number(source.dataset.placement), x: e.clientX, y: e.clientY, source };
    };
    const move = (e: MouseEvent) => {
      if (!press) return;
      // A counter marked fixed (its placement is another ruleset's) is clicked, never dragged.
      if (press.source.dataset.fixed !== undefined) return;
      if (!press.ghost) {
        if (Math.hypot(e.clientX - press.x, e.clientY - press.y) < DRAG_START) return;
        press.ghost = press.source.cloneNode(true) as HTMLElement;
        press.ghost.classList.add('counter-ghost');
        document.body.append(press.ghost);
        press.source.classList.add('counter-lifted');
      }
      press.ghost.style.left = `${e.clientX + 6}px`;
      press.ghost.style.top = `${e.clientY + 6}px`;
      handlers.current.onOver(over(e));
    };
    const up = (e: MouseEvent) => {
      const p = press;
      press = undefined;
      if (!p) return;
      swallowClick();
      if (!p.ghost) return handlers.current.onClick(p.placement);
      p.ghost.remove();
      p.source.classList.remove('counter-lifted');
      handlers.current.onOver(undefined);
      handlers.current.onDrop(p.placement, over(e));
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
