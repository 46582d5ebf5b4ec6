'use client';
// The workbench's Leaflet map of a scenario: the board and its named places, the setup's units as the play map
// draws them (a marker a stack where its hex is too small on screen for counters, else the counters; drag a
// counter or a marker's part to move its unit), the hexes a condition names coloured by whether each holds, and
// the hex last clicked. Leaflet touches `window`, so only ScenarioMap's next/dynamic (ssr: false) import may load
// this file.
import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
import { useCallback, useEffect, useMemo } from 'react';
import { MapContainer, useMap } from 'react-leaflet';
import type { Counter } from '@/editor/play/counters';
import { CounterDrag, type DragPoint } from './CounterDrag';
import { georefOf, hexCells, hexCentre, hexUnder, type HexCell } from './geometry';
import { CounterStacks } from './CounterStacks';
import { HexBoard, HexClicks, HexMarkings, HexReadout, hexScales } from './HexBoard';
import { HEX_PLACES_PANE, PlaceMarkers } from './PlaceMarkers';
import type { MapViewData } from './types';

/** Hexes to colour: where a condition's part holds, where one does not (shown first), and the one picked. */
export interface HexMarks {
  holds: Set<string>;
  fails: Set<string>;
  picked?: string;
}

interface Props {
  view: MapViewData;
  byHex: Map<string, Counter[]>;
  marks: HexMarks;
  /** The counter last clicked: a click on its marker's part picks the next there. */
  selected?: string;
  onCounter(placement: number): void;
  onHex(key: string): void;
  onOver(key: string | undefined): void;
  /** A counter dropped on a hex, or (undefined) off the map's hexes or off the map. */
  onDrop(placement: number, key: string | undefined): void;
}

export default function ScenarioCanvas({ view, byHex, marks, selected, onCounter, onHex, onOver, onDrop }: Props) {
  const georef = useMemo(() => georefOf(view), [view]);
  const cells = useMemo(() => hexCells(view, georef), [view, georef]);
  const scales = useMemo(() => hexScales(cells), [cells]);
  const bounds = useMemo(() => L.latLngBounds(cells.flatMap((c) => c.outline)), [cells]);
  const keyAt = useCallback((at: DragPoint | undefined) => at && hexUnder(view, georef, at.latlng.lat, at.latlng.lng), [view, georef]);
  const centreOf = useCallback((key: string) => hexCentre(view, georef, key), [view, georef]);
  return (
    <MapContainer bounds={bounds} zoomSnap={0.25} style={{ height: '100%', width: '100%', background: '#dfe9f2' }} attributionControl={false}>
      <FollowSize />
      <HexBoard view={view} cells={cells} />
      <Marks cells={cells} marks={marks} />
      <PlaceMarkers places={view.places} kind="hex" centreOf={centreOf} pane={HEX_PLACES_PANE} scales={scales} />
      <CounterStacks byKey={byHex} centreOf={centreOf} selected={selected} scales={scales} markers />
      <HexClicks view={view} georef={georef} onHex={onHex} />
      <HexReadout view={view} georef={georef} />
      <CounterDrag
        attribute="placement"
        onClick={(placement) => onCounter(Number(placement))}
        onOver={(at) => onOver(keyAt(at))}
        onDrop={(placement, at) => onDrop(Number(placement), keyAt(at))}
      />
    </MapContainer>
  );
}

/** The pane's messages come and go above the map: Leaflet must learn its new size to draw all of it. */
function FollowSize() {
  const map = useMap();
  useEffect(() => {
    const observer = new ResizeObserver(() => map.invalidateSize({ pan: false }));
    observer.observe(map.getContainer());
    return () => observer.disconnect();
  }, [map]);
  return null;
}

const STYLE = {
  holds: { color: '#1f7a3a', fillColor: '#3fae5f', fillOpacity: 0.45, weight: 1.5 },
  fails: { color: '#a3261b', fillColor: '#d9574a', fillOpacity: 0.4, weight: 1.5 },
  picked: { color: '#d4a000', fill: false, weight: 3 },
};

/** What a condition names, coloured by whether each part holds (where one holds and another fails, as failing), and the hex picked. */
function Marks({ cells, marks }: { cells: HexCell[]; marks: HexMarks }) {
  const map = useMap();
  const layers = useMemo(
    () => [
      { keys: new Set([...marks.holds].filter((k) => !marks.fails.has(k))), style: STYLE.holds },
      { keys: marks.fails, style: STYLE.fails },
      { keys: new Set(marks.picked ? [marks.picked] : []), style: STYLE.picked },
    ],
    [marks],
  );
  useEffect(() => {
    const container = map.getContainer();
    container.setAttribute('data-holds', String(marks.holds.size));
    container.setAttribute('data-fails', String(marks.fails.size));
  }, [map, marks]);
  return <HexMarkings cells={cells} layers={layers} />;
}
