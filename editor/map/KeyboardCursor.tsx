'use client';
// The map editor by keyboard: the focused map holds a cursor hex, moved with the arrow keys (Shift+arrows
// still pan, as Leaflet does), and Enter or Space paints there with the current tool. Inside a MapContainer.
import L from 'leaflet';
import { useEffect, useRef } from 'react';
import { useMap } from 'react-leaflet';
import { formatHex, neighbours, parseHex } from '@/engine/map/grid';
import { hexCentre, hexUnder, neighbourToward, type georefOf, type HexCell } from './geometry';
import type { MapViewData } from './types';

type Direction = 'ArrowUp' | 'ArrowDown' | 'ArrowLeft' | 'ArrowRight';
const ARROWS: Record<Direction, [number, number]> = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };

interface Props {
  view: MapViewData;
  georef: ReturnType<typeof georefOf>;
  cells: readonly HexCell[];
  /** The cursor moved to a hex. */
  onCursor(key: string): void;
  /** Enter or Space on the cursor hex; `from` is the hex the cursor last left (a hexside lies between). */
  onKeyPaint(key: string, from?: string): void;
}

export function KeyboardCursor({ view, georef, cells, onCursor, onKeyPaint }: Props) {
  const map = useMap();
  const handlers = useRef({ onCursor, onKeyPaint });
  handlers.current = { onCursor, onKeyPaint };

  useEffect(() => {
    const container = map.getContainer();
    container.setAttribute('role', 'application');
    container.setAttribute('aria-roledescription', 'hex map');
    container.setAttribute('aria-label', 'Hex map: the arrow keys move the cursor hex, Enter or Space paints it with the current tool, Shift and an arrow pan, + and − zoom');
    const outlines = new Map(cells.map((c) => [c.key, c.outline]));
    const pane = map.getPane('cursor') ?? map.createPane('cursor');
    pane.style.zIndex = '460';
    pane.style.pointerEvents = 'none';
    // Black on a white halo: unlike any hexside's colour, and seen on sea and land alike.
    const outline = L.featureGroup([
      L.polygon([], { pane: 'cursor', interactive: false, fill: false, color: '#fff', weight: 8 }),
      L.polygon([], { pane: 'cursor', interactive: false, fill: false, color: '#111', weight: 3.5 }),
    ]).addTo(map);
    const draw = (latLngs: L.LatLngExpression[]) => outline.eachLayer((l) => (l as L.Polygon).setLatLngs(latLngs));
    let cursor: string | undefined;
    let from: string | undefined;

    const place = (key: string, previous = cursor) => {
      from = previous;
      cursor = key;
      draw(outlines.get(key) ?? []);
      const centre = hexCentre(view, georef, key);
      if (centre && !map.getBounds().pad(-0.1).contains(centre)) map.panTo(centre);
      handlers.current.onCursor(key);
    };
    /** The hexes around one on the board, where the screen shows them. */
    const around = (key: string) => {
      const hex = parseHex(key, view.grid);
      const centre = hexCentre(view, georef, key);
      if (!hex || !centre) return undefined;
      const points = neighbours(hex, view.grid).flatMap((n) => {
        const k = formatHex(n, view.grid);
        const c = k && outlines.has(k) ? hexCentre(view, georef, k) : undefined;
        return k && c ? [{ key: k, ...map.latLngToContainerPoint(c) }] : [];
      });
      return { at: map.latLngToContainerPoint(centre), points };
    };
    const start = () => {
      const c = map.getCenter();
      return hexUnder(view, georef, c.lat, c.lng) ?? cells[0]?.key;
    };

    // Shown while the map has the keyboard's focus: a click focuses it too, and paints without a cursor.
    const onFocus = () => {
      if (cursor) place(cursor, from);
      else if (container.matches(':focus-visible')) {
        const key = start();
        if (key) place(key);
      }
    };
    const onBlur = () => draw([]);
    const onKey = (e: KeyboardEvent) => {
      // Keys on the zoom buttons, and Shift+arrows (panning), are Leaflet's.
      if (e.target !== container || e.altKey || e.ctrlKey || e.metaKey) return;
      if (e.key in ARROWS && !e.shiftKey) {
        e.preventDefault();
        e.stopPropagation();
        const here = cursor ?? start();
        if (!here) return;
        const near = around(here);
        const next = near && neighbourToward(here, ARROWS[e.key as Direction], near.points, near.at, (a, b) => sameLine(view, a, b, e.key as Direction));
        if (next) place(next);
      } else if (e.key === 'Enter' || e.key === ' ') {
        e.preventDefault();
        e.stopPropagation();
        if (cursor) handlers.current.onKeyPaint(cursor, from);
      }
    };
    container.addEventListener('focus', onFocus);
    container.addEventListener('blur', onBlur);
    container.addEventListener('keydown', onKey);
    return () => {
      container.removeEventListener('focus', onFocus);
      container.removeEventListener('blur', onBlur);
      container.removeEventListener('keydown', onKey);
      outline.remove();
    };
  }, [map, view, georef, cells]);
  return null;
}

/** Whether a step keeps the row (left, right) or the column (up, down). */
function sameLine(view: MapViewData, a: string, b: string, arrow: Direction): boolean {
  const [p, q] = [parseHex(a, view.grid), parseHex(b, view.grid)];
  if (!p || !q) return false;
  return arrow === 'ArrowLeft' || arrow === 'ArrowRight' ? p.row === q.row : p.col === q.col;
}
