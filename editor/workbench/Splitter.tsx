'use client';
// A bar between two panes that gives one the room of the other (the WAI-ARIA window splitter pattern): dragged,
// or moved by the arrow keys (Home and End to either end), each pane keeping its least size. The share chosen is
// kept in the browser, for every document that has the two panes; a double-click goes back to the default. The
// CSS sizes the first pane from the share (`--share`, clamped by `--least-first` and `--least-second`), so a window
// resized keeps the proportion and the least sizes too.
import { useEffect, useId, useRef, useState, type CSSProperties, type KeyboardEvent, type PointerEvent } from 'react';
import { useStoredNumber } from '@/editor/stored';

export interface SplitOptions {
  /** Where the share is kept in the browser's local storage. */
  storedAs: string;
  /** 'column': the panes one above the other (the bar horizontal, moved up and down); 'row': side by side. */
  panes: 'column' | 'row';
  /** The first pane's share of the room (the two panes' sizes added) until one is chosen. */
  fallback: number;
  /** The least sizes in px of the first pane (above, or on the left) and of the second. */
  least: readonly [number, number];
  /** What the bar sizes, as read out and on hover. */
  label: string;
}

/** The readable view over the JSON: the view's bar (a grid's tabs, the rules' sections) and three lines of JSON at least. */
export const VIEW_SPLIT: SplitOptions = { storedAs: 'sandtable.workbench.view-share', panes: 'column', fallback: 0.6, least: [48, 64], label: 'Height of the view over the JSON' };
/** The document beside the scenario's map. */
export const MAP_SPLIT: SplitOptions = { storedAs: 'sandtable.workbench.map-share', panes: 'row', fallback: 0.5, least: [320, 240], label: 'Width of the document beside the map' };

/** An arrow key moves the bar by this share of the room. */
const STEP = 0.05;

/** The share kept (or the default) as the first pane's props (its id and sizing), and the bar's. */
export function useSplit(options: SplitOptions) {
  const [stored, store] = useStoredNumber(options.storedAs);
  const share = stored ?? options.fallback;
  const id = useId();
  const style = { '--share': share, '--least-first': `${options.least[0]}px`, '--least-second': `${options.least[1]}px` } as CSSProperties;
  return { pane: { id, style }, bar: { ...options, controls: id, onShare: store } };
}

/** The bar, placed between the two panes in their flex container (the room). undefined resets the share. */
export function Splitter({ panes, least, label, controls, onShare }: SplitOptions & { controls: string; onShare: (share: number | undefined) => void }) {
  const bar = useRef<HTMLDivElement>(null);
  const grab = useRef(0);
  const column = panes === 'column';
  const along = (r: DOMRect) => ({ start: column ? r.top : r.left, size: column ? r.height : r.width });
  /** Where the room begins, its size (the bar's left out), and the first pane's size, as laid out now. */
  const measure = () => {
    const b = bar.current!;
    const box = along(b.parentElement!.getBoundingClientRect());
    return { start: box.start, room: box.size - along(b.getBoundingClientRect()).size, first: along(b.previousElementSibling!.getBoundingClientRect()).size };
  };
  const [laid, setLaid] = useState<{ room: number; first: number }>();
  useEffect(() => {
    const b = bar.current!;
    const observer = new ResizeObserver(() => setLaid(measure()));
    observer.observe(b.parentElement!);
    observer.observe(b.previousElementSibling!);
    return () => observer.disconnect();
    // The bar stays between the same panes while it is shown.
  }, []);
  /** The first pane at `size` px, within the least sizes (the first's winning where the room has not both). */
  const moveTo = (size: number, room: number) => onShare(Math.max(least[0], Math.min(size, room - least[1])) / room);

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.button !== 0) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    grab.current = (column ? e.clientY : e.clientX) - along(e.currentTarget.getBoundingClientRect()).start;
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    if (!e.currentTarget.hasPointerCapture(e.pointerId)) return;
    const { start, room } = measure();
    moveTo((column ? e.clientY : e.clientX) - grab.current - start, room);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const { room, first } = measure();
    const [less, more] = column ? ['ArrowUp', 'ArrowDown'] : ['ArrowLeft', 'ArrowRight'];
    const to = e.key === less ? first - STEP * room : e.key === more ? first + STEP * room : e.key === 'Home' ? 0 : e.key === 'End' ? room : undefined;
    if (to === undefined) return;
    e.preventDefault();
    moveTo(to, room);
  };

  const percent = (px: number) => (laid && laid.room > 0 ? Math.round((100 * px) / laid.room) : 0);
  return (
    <div
      ref={bar}
      className="wb-splitter"
      role="separator"
      tabIndex={0}
      aria-orientation={column ? 'horizontal' : 'vertical'}
      aria-label={label}
      aria-controls={controls}
      aria-valuenow={laid && percent(laid.first)}
      aria-valuemin={laid && percent(least[0])}
      aria-valuemax={laid && percent(laid.room - least[1])}
      title={`${label}: drag, or focus and use the arrow keys; a double-click gives back the default`}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onKeyDown={onKeyDown}
      onDoubleClick={() => onShare(undefined)}
    />
  );
}
