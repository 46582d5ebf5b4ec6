'use client';
// The play map: the map view's hexes over the Natural Earth backdrop, with the units as counters at
// their hexes. Click a counter to pick a unit, then a hex to try moving it there. Leaflet touches
// `window`, so only PlayView's next/dynamic (ssr: false) import may load this file.
import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
import { useMemo } from 'react';
import { MapContainer } from 'react-leaflet';
import { georefOf, hexCells } from '@/editor/map/geometry';
import { CounterStacks, HexBoard, HexClicks } from '@/editor/map/HexBoard';
import type { MapViewData } from '@/editor/map/types';
import type { Counter } from './counters';

interface Props {
  view: MapViewData;
  /** Counters by hex number. */
  byHex: Map<string, Counter[]>;
  selected?: string;
  onPickUnit(unit: string): void;
  onHex(key: string): void;
}

export default function PlayMap(props: Props) {
  const { view } = props;
  const georef = useMemo(() => georefOf(view), [view]);
  const cells = useMemo(() => hexCells(view, georef), [view, georef]);
  const bounds = useMemo(() => L.latLngBounds(cells.flatMap((c) => c.outline)), [cells]);
  return (
    <MapContainer bounds={bounds} zoomSnap={0.25} style={{ height: '100%', width: '100%', background: '#dfe9f2' }} attributionControl={false}>
      <HexBoard view={view} cells={cells} />
      <CounterStacks view={view} georef={georef} byHex={props.byHex} selected={props.selected} onPick={props.onPickUnit} />
      <HexClicks view={view} georef={georef} onHex={props.onHex} />
    </MapContainer>
  );
}
