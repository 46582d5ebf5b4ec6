'use client';
// The play map of a hex game: the map view's hexes, each filled by its terrain, over the Natural Earth
// backdrop and its hexside features (an all-sea side is why a land unit is not offered a move across it),
// with the named places marked (a glyph each, its name in its title), the units as counters at their
// hexes, where the selected unit may go and the hexes of the action pointed at in the list marked, and the
// hex under the pointer named; fitted to the board as FitBounds says. Click a counter to pick a unit, then a
// hex to move it there. Leaflet touches
// `window`, so only Board's next/dynamic (ssr: false) import may load this file.
import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
import { useCallback, useMemo } from 'react';
import { MapContainer } from 'react-leaflet';
import { CounterStacks } from '@/editor/map/CounterStacks';
import { FitBounds } from '@/editor/map/FitBounds';
import { georefOf, hexCells, hexCentre } from '@/editor/map/geometry';
import { HexBoard, HexClicks, HexMarkings, HexReadout, hexScales } from '@/editor/map/HexBoard';
import { Hexsides } from '@/editor/map/Hexsides';
import { PlaceMarkers } from '@/editor/map/PlaceMarkers';
import type { MapViewData } from '@/editor/map/types';
import type { Counter } from './counters';
import { MARK_KINDS, MARK_STYLE, type MapProps } from './marks';

/** Under the counters (the marker pane, 600). */
const PLACES_PANE = { name: 'places', zIndex: 450 };

const hexesIn = (keys: Iterable<string>) => new Set([...keys].flatMap((at) => (at.startsWith('hex:') ? [at.slice(4)] : [])));

export default function PlayMap({ view, byLocation, selected, marks, onPickUnit, onLocation }: MapProps & { view: MapViewData }) {
  const georef = useMemo(() => georefOf(view), [view]);
  const cells = useMemo(() => hexCells(view, georef), [view, georef]);
  const scales = useMemo(() => hexScales(cells), [cells]);
  const bounds = useMemo(() => L.latLngBounds(cells.flatMap((c) => c.outline)), [cells]);
  const layers = useMemo(() => MARK_KINDS.flatMap((kind) => (marks[kind] ? [{ keys: hexesIn(marks[kind]), style: MARK_STYLE[kind] }] : [])), [marks]);
  const byHex = useMemo(() => new Map([...byLocation].flatMap(([at, counters]): [string, Counter[]][] => (at.startsWith('hex:') ? [[at.slice(4), counters]] : []))), [byLocation]);
  const centreOf = useCallback((key: string) => hexCentre(view, georef, key), [view, georef]);
  const onHex = useCallback((key: string) => onLocation(`hex:${key}`), [onLocation]);
  return (
    <MapContainer bounds={bounds} zoomSnap={0.25} style={{ height: '100%', width: '100%', background: '#dfe9f2' }} attributionControl={false}>
      <HexBoard view={view} cells={cells} />
      <HexMarkings cells={cells} layers={layers} />
      <Hexsides hexsides={view.hexsides} view={view} georef={georef} weight={2.5} />
      <PlaceMarkers places={view.places} kind="hex" centreOf={centreOf} pane={PLACES_PANE} />
      <CounterStacks byKey={byHex} centreOf={centreOf} selected={selected} onPick={onPickUnit} scales={scales} />
      <HexClicks view={view} georef={georef} onHex={onHex} />
      <HexReadout view={view} georef={georef} />
      <FitBounds bounds={bounds} />
    </MapContainer>
  );
}
