'use client';
// The Leaflet map: a Natural Earth backdrop, every hex on one canvas, anchors with their residuals, the named places,
// and the pointer handling the paint tool needs. Leaflet touches `window`, so only MapEditor's
// next/dynamic (ssr: false) import may load this file.
import 'leaflet/dist/leaflet.css';
import '@/editor/play/play.css';
import L from 'leaflet';
import { useEffect, useMemo, useRef } from 'react';
import { CircleMarker, MapContainer, Polyline, Tooltip, useMap } from 'react-leaflet';
import { hexFill } from './colors';
import { georefOf, hexCells, hexCentre, hexUnder, type HexCell } from './geometry';
import { Hexsides } from './Hexsides';
import { KeyboardCursor } from './KeyboardCursor';
import { OUT_OF_TAB_ORDER } from './out-of-tab-order';
import { PlaceMarkers } from './PlaceMarkers';
import type { ColorMode, MapViewData, ShownAnchor, ViewHex } from './types';

export interface StrokeHandlers {
  onHover(key: string | undefined): void;
  /** A press on a hex while a paint tool is chosen. */
  onStrokeStart(key: string): void;
  /** The pointer, still pressed, moved from one hex into another. */
  onStrokeMove(key: string, from: string): void;
  /** The pointer released; `click` is where it was pressed when it never left the hex (a click, not a drag). */
  onStrokeEnd(click?: { lat: number; lon: number }): void;
}

/** The keyboard's cursor hex (KeyboardCursor). */
export interface KeyHandlers {
  onCursor(key: string): void;
  onKeyPaint(key: string, from?: string): void;
}

interface Props extends StrokeHandlers, KeyHandlers {
  view: MapViewData;
  hexes: Record<string, ViewHex>;
  hexsides: MapViewData['hexsides'];
  anchors: ShownAnchor[];
  /** The named places, each at the hex the editor shows it at. */
  places: MapViewData['places'];
  colorMode: ColorMode;
  painting: boolean;
  focus?: { lat: number; lon: number };
}

export default function MapCanvas(props: Props) {
  const { view } = props;
  const georef = useMemo(() => georefOf(view), [view]);
  const cells = useMemo(() => hexCells(view, georef), [view, georef]);
  const bounds = useMemo(() => L.latLngBounds(cells.flatMap((c) => c.outline)), [cells]);
  const centreOf = useMemo(() => (key: string) => hexCentre(view, georef, key), [view, georef]);
  return (
    <MapContainer bounds={bounds} zoomSnap={0.25} style={{ height: '100%', width: '100%', background: '#dfe9f2' }} attributionControl={false}>
      <Backdrop countries={view.backdrop} />
      <HexLayer cells={cells} {...props} />
      <Hexsides hexsides={props.hexsides} view={view} georef={georef} />
      <Anchors anchors={props.anchors} view={view} georef={georef} />
      <PlaceMarkers places={props.places} kind="hex" centreOf={centreOf} pane={{ name: 'map-places', zIndex: 450 }} />
      <Pointer {...props} georef={georef} />
      <KeyboardCursor view={view} georef={georef} cells={cells} onCursor={props.onCursor} onKeyPaint={props.onKeyPaint} />
      <Focus at={props.focus} />
    </MapContainer>
  );
}

export function Backdrop({ countries }: { countries: MapViewData['backdrop'] }) {
  const map = useMap();
  useEffect(() => {
    // Land under the hexes, and the coastlines and borders again above them, so the fit can be judged.
    const layer = (pane: string, zIndex: number, style: L.PathOptions) => {
      const p = map.getPane(pane) ?? map.createPane(pane);
      p.style.zIndex = String(zIndex);
      p.style.pointerEvents = 'none';
      const renderer = L.canvas({ pane });
      return L.layerGroup(countries.flatMap((c) => c.polygons.map((poly) => L.polygon(poly, { renderer, interactive: false, ...style })))).addTo(map);
    };
    const land = layer('land', 350, { stroke: false, fillColor: '#f3efe4', fillOpacity: 1 });
    const lines = layer('coastlines', 450, { color: '#4d4940', weight: 0.9, opacity: 0.75, fill: false });
    return () => void [land, lines].forEach((g) => g.remove());
  }, [map, countries]);
  return null;
}

function HexLayer({ cells, hexes, colorMode, view }: Props & { cells: HexCell[] }) {
  const map = useMap();
  const layers = useRef(new Map<string, { polygon: L.Polygon; style: string }>());
  const suspects = useMemo(() => new Set('anchors' in view.fit ? view.fit.anchors.filter((a) => a.outlier).map((a) => a.hex) : []), [view]);

  useEffect(() => {
    const started = performance.now();
    const renderer = L.canvas({ padding: 0.2 });
    const group = L.layerGroup();
    const made = new Map<string, { polygon: L.Polygon; style: string }>();
    for (const cell of cells) made.set(cell.key, { polygon: L.polygon(cell.outline, { renderer, interactive: false }), style: '' });
    for (const { polygon } of made.values()) group.addLayer(polygon);
    group.addTo(map);
    layers.current = made;
    // The canvas draws on the next animation frame; the one after that sees it on screen.
    requestAnimationFrame(() =>
      requestAnimationFrame(() => map.getContainer().setAttribute('data-draw-ms', (performance.now() - started).toFixed(0))),
    );
    map.getContainer().setAttribute('data-hexes', String(cells.length));
    return () => void group.remove();
  }, [map, cells]);

  useEffect(() => {
    for (const [key, entry] of layers.current) {
      const hex = hexes[key];
      const fill = hexFill(hex, colorMode, view);
      const suspect = suspects.has(key);
      // Bootstrap data shows paler than data a designer or the rulebook set.
      const opacity = !hex ? 0.15 : hex.source === 'bootstrap' ? 0.5 : 0.8;
      const style = `${fill}|${opacity}|${suspect}`;
      if (style === entry.style) continue;
      entry.style = style;
      entry.polygon.setStyle({ fillColor: fill, fillOpacity: opacity, color: suspect ? '#c0271b' : '#6f6a60', weight: suspect ? 3 : 0.5, opacity: suspect ? 1 : 0.6 });
    }
  }, [hexes, colorMode, view, suspects, cells]);
  return null;
}

/** Named on hover, and out of the tab order: a click on one does nothing, and the Anchors table beside the map lists them all. */
function Anchors({ anchors, view, georef }: { anchors: ShownAnchor[]; view: MapViewData; georef: ReturnType<typeof georefOf> }) {
  return anchors.map((a) => {
    const centre = hexCentre(view, georef, a.hex);
    const color = a.outlier ? '#c0271b' : '#1f6f43';
    return (
      <span key={a.pointer}>
        {centre && <Polyline positions={[centre, [a.lat, a.lon]]} pathOptions={{ color, weight: a.outlier ? 2.5 : 1.5, dashArray: a.outlier ? '6 4' : undefined }} interactive={false} />}
        <CircleMarker center={[a.lat, a.lon]} radius={a.outlier ? 6 : 4} pathOptions={{ color, fillColor: color, fillOpacity: 0.9, weight: 1 }} eventHandlers={OUT_OF_TAB_ORDER}>
          <Tooltip>
            <strong>{a.label}</strong> · hex {a.hex}
            {a.movedFrom ? ` (moved from ${a.movedFrom}: its residual is fitted again on reload)` : ` · residual ${a.residual.toFixed(2)} hexes`}
            {a.predicted && a.predicted !== a.hex ? ` · fit: ${a.predicted}` : ''}
            {a.message && (
              <>
                <br />
                {a.message}
              </>
            )}
          </Tooltip>
        </CircleMarker>
      </span>
    );
  });
}

function Pointer({ view, georef, painting, onHover, onStrokeStart, onStrokeMove, onStrokeEnd }: Props & { georef: ReturnType<typeof georefOf> }) {
  const map = useMap();
  const handlers = useRef({ onHover, onStrokeStart, onStrokeMove, onStrokeEnd });
  handlers.current = { onHover, onStrokeStart, onStrokeMove, onStrokeEnd };

  useEffect(() => {
    if (painting) map.dragging.disable();
    else map.dragging.enable();
  }, [map, painting]);

  useEffect(() => {
    let stroke: string | undefined;
    let pressed: { lat: number; lon: number } | undefined;
    const keyAt = (e: L.LeafletMouseEvent) => hexUnder(view, georef, e.latlng.lat, e.latlng.lng);
    const down = (e: L.LeafletMouseEvent) => {
      const key = keyAt(e);
      if (!painting || !key) return;
      stroke = key;
      pressed = { lat: e.latlng.lat, lon: e.latlng.lng };
      handlers.current.onStrokeStart(key);
    };
    const move = (e: L.LeafletMouseEvent) => {
      const key = keyAt(e);
      handlers.current.onHover(key);
      if (stroke && key && key !== stroke) {
        handlers.current.onStrokeMove(key, stroke);
        stroke = key;
        pressed = undefined;
      }
    };
    const up = () => {
      if (!stroke) return;
      stroke = undefined;
      handlers.current.onStrokeEnd(pressed);
      pressed = undefined;
    };
    map.on('mousedown', down).on('mousemove', move);
    // Released outside the map still ends the stroke.
    document.addEventListener('mouseup', up);
    return () => {
      map.off('mousedown', down).off('mousemove', move);
      document.removeEventListener('mouseup', up);
    };
  }, [map, view, georef, painting]);
  return null;
}

function Focus({ at }: { at?: { lat: number; lon: number } }) {
  const map = useMap();
  useEffect(() => {
    if (at) map.flyTo([at.lat, at.lon], Math.max(map.getZoom(), 5), { duration: 0.6 });
  }, [map, at]);
  return null;
}
