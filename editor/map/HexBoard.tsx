'use client';
// The board under counters: Natural Earth land and every hex filled by its terrain, drawn on canvases
// that take no pointer events, so clicks and drags reach the map and the counters; marks over hexes, the
// hex under the pointer named, and clicks on hexes. Only files loaded with
// next/dynamic (ssr: false) may import this: Leaflet touches `window`.
import L from 'leaflet';
import { useEffect } from 'react';
import { useMap } from 'react-leaflet';
import { hexFill } from './colors';
import { hexUnder, type georefOf, type HexCell } from './geometry';
import type { MapViewData } from './types';

/** The hex whose width in pixels sizes the counters (`--hex`). */
const middleOf = (cells: readonly HexCell[]): HexCell | undefined => cells[Math.floor(cells.length / 2)];

/** A hex's width in the map's projection. */
function projectedWidth(cell: HexCell): number {
  const xs = cell.outline.map(([lat, lng]) => L.CRS.EPSG3857.project(L.latLng(lat, lng)).x);
  return Math.max(...xs) - Math.min(...xs);
}

/**
 * Each hex's width relative to the middle one's, as the map draws them: the same at every zoom. Hexes
 * equal on the ground are drawn larger toward the pole, so a stack sized to the middle hex alone would
 * spill out of a southern one.
 */
export function hexScales(cells: readonly HexCell[]): Map<string, number> {
  const middle = middleOf(cells);
  const unit = middle ? projectedWidth(middle) : 0;
  return new Map(unit > 0 ? cells.map((c) => [c.key, projectedWidth(c) / unit]) : []);
}

/** How many times the middle hex's width (`--hex`) a stretch of latitude is drawn high: the same at every zoom. */
export function heightInHexes(cells: readonly HexCell[], south: number, north: number): number {
  const middle = middleOf(cells);
  const y = (lat: number) => L.CRS.EPSG3857.project(L.latLng(lat, 0)).y;
  return middle ? Math.abs(y(north) - y(south)) / projectedWidth(middle) : 0;
}

export function HexBoard({ view, cells }: { view: MapViewData; cells: HexCell[] }) {
  const map = useMap();
  useEffect(() => {
    const landPane = map.getPane('board-land') ?? map.createPane('board-land');
    landPane.style.zIndex = '350';
    landPane.style.pointerEvents = 'none';
    const land = L.canvas({ pane: 'board-land' });
    const hexRenderer = L.canvas({ padding: 0.2 });
    const group = L.layerGroup();
    for (const c of view.backdrop) for (const poly of c.polygons) group.addLayer(L.polygon(poly, { renderer: land, interactive: false, stroke: false, fillColor: '#f3efe4', fillOpacity: 1 }));
    for (const cell of cells) {
      const hex = view.hexes[cell.key];
      group.addLayer(
        L.polygon(cell.outline, { renderer: hexRenderer, interactive: false, fillColor: hexFill(hex, 'terrain', view), fillOpacity: hex ? 0.55 : 0.12, color: '#6f6a60', weight: 0.5, opacity: 0.6 }),
      );
    }
    group.addTo(map);
    map.getContainer().setAttribute('data-hexes', String(cells.length));
    // Counters are sized to the hexes (play.css): the width of a hex in the middle of the board, in pixels at this zoom.
    const middle = middleOf(cells);
    const scale = () => {
      if (!middle) return;
      const xs = middle.outline.map((p) => map.latLngToContainerPoint(p).x);
      map.getContainer().style.setProperty('--hex', `${(Math.max(...xs) - Math.min(...xs)).toFixed(1)}px`);
    };
    scale();
    map.on('zoomend', scale);
    return () => {
      map.off('zoomend', scale);
      group.remove();
    };
  }, [map, view, cells]);
  return null;
}

/** Hexes drawn over the board in one style. */
export interface HexLayer {
  keys: ReadonlySet<string>;
  style: L.PathOptions;
}

/** Hexes marked over the board and under the counters, taking no clicks: each layer's in its style, later layers on top. */
export function HexMarkings({ cells, layers }: { cells: HexCell[]; layers: readonly HexLayer[] }) {
  const map = useMap();
  useEffect(() => {
    const pane = map.getPane('marks') ?? map.createPane('marks');
    pane.style.zIndex = '420';
    pane.style.pointerEvents = 'none';
    const renderer = L.canvas({ pane: 'marks', padding: 0.2 });
    const group = L.layerGroup();
    for (const { keys, style } of layers) for (const cell of cells) if (keys.has(cell.key)) group.addLayer(L.polygon(cell.outline, { renderer, interactive: false, ...style }));
    group.addTo(map);
    return () => void group.remove();
  }, [map, cells, layers]);
  return null;
}

/** The hex under the pointer, named in a corner of the map: its number, terrain and country, as the rules and the action list speak of it. */
export function HexReadout({ view, georef }: { view: MapViewData; georef: ReturnType<typeof georefOf> }) {
  const map = useMap();
  useEffect(() => {
    const box = L.DomUtil.create('div', 'hex-readout');
    box.setAttribute('data-testid', 'hex-readout');
    const control = new (L.Control.extend({ onAdd: () => box }))({ position: 'bottomleft' });
    control.addTo(map);
    const show = (e: L.LeafletMouseEvent) => {
      const key = hexUnder(view, georef, e.latlng.lat, e.latlng.lng);
      const hex = key ? view.hexes[key] : undefined;
      const what = [hex?.terrain && (view.terrain[hex.terrain]?.name ?? hex.terrain), hex?.country && (view.countries[hex.country]?.name ?? hex.country)].filter(Boolean);
      box.textContent = key ? `hex ${key}${what.length ? ` · ${what.join(' · ')}` : ''}` : '';
      box.hidden = !key;
    };
    const hide = () => void (box.hidden = true);
    box.hidden = true;
    // A zoom moves the board under a still pointer: the name waits for the pointer to move again.
    map.on('mousemove', show).on('mouseout zoomstart', hide);
    return () => {
      map.off('mousemove', show).off('mouseout zoomstart', hide);
      control.remove();
    };
  }, [map, view, georef]);
  return null;
}

/** A click on the board: the hex under it, if it is on the board. */
export function HexClicks({ view, georef, onHex }: { view: MapViewData; georef: ReturnType<typeof georefOf>; onHex(key: string): void }) {
  const map = useMap();
  useEffect(() => {
    const click = (e: L.LeafletMouseEvent) => {
      const key = hexUnder(view, georef, e.latlng.lat, e.latlng.lng);
      if (key) onHex(key);
    };
    map.on('click', click);
    return () => void map.off('click', click);
  }, [map, view, georef, onHex]);
  return null;
}
