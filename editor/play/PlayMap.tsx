'use client';
// The play map: the map view's hexes over the Natural Earth backdrop, with the units as counters at
// their hexes, where the selected unit may go and the hexes of the action pointed at in the list marked,
// and the hex under the pointer named. Click a counter to pick a unit, then a hex to move it there.
// Leaflet touches `window`, so only PlayView's next/dynamic (ssr: false) import may load this file.
import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
import { useMemo } from 'react';
import { MapContainer } from 'react-leaflet';
import { georefOf, hexCells } from '@/editor/map/geometry';
import { CounterStacks, HexBoard, HexClicks, HexMarkings, HexReadout } from '@/editor/map/HexBoard';
import type { MapViewData } from '@/editor/map/types';
import type { Counter } from './counters';
import type { PlayMarks } from './marks';

/** Each kind of mark's look, drawn in this order (later on top). */
const STYLE: Record<keyof PlayMarks, L.PathOptions> = {
  zones: { color: '#c2571a', fillColor: '#f0a35e', fillOpacity: 0.3, weight: 1, dashArray: '2 3' },
  reach: { color: '#2f7d3b', fillColor: '#5cb85c', fillOpacity: 0.35, weight: 1 },
  rail: { color: '#2a5d9f', fillColor: '#5b8fd6', fillOpacity: 0.35, weight: 1, dashArray: '3 3' },
  from: { color: '#d4a000', fill: false, weight: 3 },
  to: { color: '#a3261b', fillColor: '#d9574a', fillOpacity: 0.4, weight: 2 },
};
const KINDS = Object.keys(STYLE) as (keyof PlayMarks)[];

interface Props {
  view: MapViewData;
  /** Counters by hex number. */
  byHex: Map<string, Counter[]>;
  selected?: string;
  /** Where the selected unit may go; the hexes of the action pointed at. */
  marks: PlayMarks;
  onPickUnit(unit: string): void;
  onHex(key: string): void;
}

export default function PlayMap(props: Props) {
  const { view } = props;
  const georef = useMemo(() => georefOf(view), [view]);
  const cells = useMemo(() => hexCells(view, georef), [view, georef]);
  const bounds = useMemo(() => L.latLngBounds(cells.flatMap((c) => c.outline)), [cells]);
  const { marks } = props;
  const layers = useMemo(() => KINDS.flatMap((kind) => (marks[kind] ? [{ keys: marks[kind], style: STYLE[kind] }] : [])), [marks]);
  return (
    <MapContainer bounds={bounds} zoomSnap={0.25} style={{ height: '100%', width: '100%', background: '#dfe9f2' }} attributionControl={false}>
      <HexBoard view={view} cells={cells} />
      <HexMarkings cells={cells} layers={layers} />
      <CounterStacks view={view} georef={georef} byHex={props.byHex} selected={props.selected} onPick={props.onPickUnit} />
      <HexClicks view={view} georef={georef} onHex={props.onHex} />
      <HexReadout view={view} georef={georef} />
    </MapContainer>
  );
}
