'use client';
// The play map of a hex game: the map view's hexes, each filled by its terrain, over the Natural Earth
// backdrop and its hexside features (an all-sea side is why a land unit is not offered a move across it),
// with the named places marked (a glyph each, its name in its title), the off-map boxes beside the board
// (BoxPanels), the units as counters at their hexes and in their boxes (a marker counting them by power where a
// hex or box is too small on screen for counters to be read), where the selected unit may go and the hexes of
// the action pointed at in the list marked, and the hex under the pointer named; fitted to fill the map with
// the board and its boxes, as FitBounds says. Click a counter (or a marker) to pick a unit, then a hex or a box
// to move it there; or, where it may move now, drag it there (UnitDrag). Leaflet touches `window`, so only
// Board's next/dynamic (ssr: false) import may load this file.
import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
import { useCallback, useEffect, useMemo } from 'react';
import { MapContainer, useMap } from 'react-leaflet';
import { layoutBoxes } from '@/editor/map/box-layout';
import { BoxPanels } from '@/editor/map/BoxPanels';
import { CounterDrag } from '@/editor/map/CounterDrag';
import { CounterStacks } from '@/editor/map/CounterStacks';
import { FitBounds } from '@/editor/map/FitBounds';
import { georefOf, hexCells, hexCentre, hexUnder } from '@/editor/map/geometry';
import { heightInHexes, HexBoard, HexClicks, HexMarkings, HexReadout, hexScales } from '@/editor/map/HexBoard';
import { Hexsides } from '@/editor/map/Hexsides';
import { HEX_PLACES_PANE, PlaceMarkers } from '@/editor/map/PlaceMarkers';
import type { MapViewData } from '@/editor/map/types';
import type { ViewBox } from '@/server/geo/boxes';
import { locationUnder } from './drop-target';
import { MARK_KINDS, MARK_STYLE, type MapProps } from './marks';

const hexesIn = (keys: Iterable<string>) => new Set([...keys].flatMap((at) => (at.startsWith('hex:') ? [at.slice(4)] : [])));
/** A box's counters are as big as those of a hex this many times as wide, at most: */
const BOX_SCALE = 2.5;
/** and at most this share of their panel's height, the rest kept for its name above them. */
const BOX_ROOM = 0.5;
/**
 * On screen, a hex at least this many pixels wide where the map draws boxes: a panel (6 hexes high, 12 wide, box-layout)
 * then holds its name on three lines at most and a counter under them, and the name a box's parts share has its
 * line above their frame. The map is never shorter than that takes (the page scrolls instead; play.css).
 */
const BOX_HEX_PX = 15;
/** Room kept around the board when it is fitted: the zoom buttons' corner (10 px in, 34 wide) and a stack's reach past an edge hex. */
const FIT_PADDING = { topLeft: [48, 8], bottomRight: [8, 8] } satisfies { topLeft: [number, number]; bottomRight: [number, number] };

/** Sets the map's `--play-map-least` (play.css): its container grows to it, and FitBounds fits the board again. */
function LeastHeight({ px }: { px: number }) {
  const map = useMap();
  useEffect(() => map.getContainer().parentElement?.style.setProperty('--play-map-least', `${px}px`), [map, px]);
  return null;
}

export default function PlayMap({ view, boxes, byLocation, selected, marks, onPickUnit, onLocation, drag }: MapProps & { view: MapViewData; boxes: ViewBox[] }) {
  const georef = useMemo(() => georefOf(view), [view]);
  const cells = useMemo(() => hexCells(view, georef), [view, georef]);
  const board = useMemo(() => L.latLngBounds(cells.flatMap((c) => c.outline)), [cells]);
  const centreOf = useCallback((key: string) => hexCentre(view, georef, key), [view, georef]);
  const groups = useMemo(() => {
    const middle = cells[Math.floor(cells.length / 2)].outline.map((p) => p[0]);
    const frame = { south: board.getSouth(), west: board.getWest(), north: board.getNorth(), east: board.getEast() };
    return layoutBoxes(boxes, frame, Math.max(...middle) - Math.min(...middle), centreOf);
  }, [boxes, cells, board, centreOf]);
  const bounds = useMemo(() => groups.reduce((b, g) => b.extend(g.corners), L.latLngBounds(board.getSouthWest(), board.getNorthEast())), [board, groups]);
  const panels = useMemo(() => groups.flatMap((g) => g.panels), [groups]);
  // The least height the boxes' names need (the board and boxes fitted to it), where there are boxes.
  const least = boxes.length ? Math.ceil(heightInHexes(cells, bounds.getSouth(), bounds.getNorth()) * BOX_HEX_PX + FIT_PADDING.topLeft[1] + FIT_PADDING.bottomRight[1]) : 0;
  const hexSizes = useMemo(() => hexScales(cells), [cells]);
  // Counters by location, hexes and boxes alike: where each location's stack stands, and its size.
  const scales = useMemo(() => new Map([...[...hexSizes].map(([key, k]): [string, number] => [`hex:${key}`, k]), ...panels.map(({ box, corners: [[south], [north]] }): [string, number] => [`box:${box.id}`, Math.min(BOX_SCALE, heightInHexes(cells, south, north) * BOX_ROOM)])]), [hexSizes, panels, cells]);
  const stackAt = useMemo(() => {
    // A box's stack hangs from the middle of its panel's top, below the lines of the boxes' names (--box-label, play.css).
    const boxCentres = new Map(panels.map(({ box, corners: [[, west], [north, east]] }) => [`box:${box.id}`, L.latLng(north, (west + east) / 2)]));
    return (at: string) => (at.startsWith('hex:') ? centreOf(at.slice(4)) : boxCentres.get(at));
  }, [panels, centreOf]);
  const onMap = useMemo(() => new Map([...byLocation].filter(([at]) => stackAt(at))), [byLocation, stackAt]);
  const layers = useMemo(() => MARK_KINDS.flatMap((kind) => (marks[kind] ? [{ keys: hexesIn(marks[kind]), style: MARK_STYLE[kind] }] : [])), [marks]);
  const onHex = useCallback((key: string) => onLocation(`hex:${key}`), [onLocation]);
  const hexAt = (at: L.LatLng) => {
    const key = hexUnder(view, georef, at.lat, at.lng);
    return key === undefined ? undefined : `hex:${key}`;
  };
  return (
    // zoomSnap 0: fitted exactly, the board fills the map (a snap to quarter levels left up to a fifth of it empty).
    <MapContainer bounds={bounds} zoomSnap={0} style={{ height: '100%', width: '100%', background: '#dfe9f2' }} attributionControl={false}>
      <HexBoard view={view} cells={cells} />
      <HexMarkings cells={cells} layers={layers} />
      <Hexsides hexsides={view.hexsides} view={view} georef={georef} weight={2.5} />
      <PlaceMarkers places={view.places} kind="hex" centreOf={centreOf} pane={HEX_PLACES_PANE} scales={hexSizes} />
      <BoxPanels groups={groups} byLocation={byLocation} marks={marks} onLocation={onLocation} />
      <CounterStacks byKey={onMap} centreOf={stackAt} selected={selected} onPick={onPickUnit} scales={scales} markers />
      <HexClicks view={view} georef={georef} onHex={onHex} />
      <HexReadout view={view} georef={georef} />
      <CounterDrag attribute="unit" canDrag={drag.can} onClick={onPickUnit} onStart={drag.start} onDrop={(unit, at) => drag.drop(unit, at && (locationUnder(at.under, byLocation) ?? hexAt(at.latlng)))} />
      <FitBounds bounds={bounds} padding={FIT_PADDING} />
      <LeastHeight px={least} />
    </MapContainer>
  );
}
