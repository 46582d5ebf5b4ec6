'use client';
// The play map of an area game: each area at its position (and its outline, where drawn) over the
// Natural Earth backdrop, its adjacencies as lines, its named places marked as on a hex map (PlaceMarkers),
// each filled with the colour of the power holding it, the units as a stack of counters under it (a badge counting them where areas crowd, see AreaMarkers), where
// the selected unit may go and the areas of the action pointed at ringed; fitted to the board as FitBounds
// says. Click a counter to pick a unit, then an area to move it there; or, where it may move now, drag it there
// (UnitDrag). Leaflet touches `window`, so only Board's next/dynamic (ssr: false) import may load this file.
import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
import { useCallback, useMemo } from 'react';
import { CircleMarker, MapContainer, Polygon, Polyline } from 'react-leaflet';
import { CounterDrag } from '@/editor/map/CounterDrag';
import { AreaMarkers, COUNTER_WIDTH, type PlacedArea } from '@/editor/map/AreaMarkers';
import { areaFill } from '@/editor/map/colors';
import { FitBounds } from '@/editor/map/FitBounds';
import { Backdrop } from '@/editor/map/MapCanvas';
import { PlaceMarkers } from '@/editor/map/PlaceMarkers';
import type { AreaViewData } from '@/server/geo/area-view';
import { locationUnder } from './drop-target';
import { MARK_KINDS, MARK_STYLE, type MapProps } from './marks';

type Placed = PlacedArea;

/** Over the area markers (AreaMarkers' pane, 620), inside each; under the names (the tooltip pane, 650). */
const PLACES_PANE = { name: 'area-places', zIndex: 630 };

export default function AreaPlayMap({ view, byLocation, selected, marks, onPickUnit, onLocation, drag, holderOf }: MapProps & { view: AreaViewData }) {
  const placed = useMemo(() => view.areas.filter((a): a is Placed => a.at !== undefined), [view]);
  const byId = useMemo(() => new Map(placed.map((a) => [a.id, a])), [placed]);
  const bounds = useMemo(() => L.latLngBounds(placed.map((a) => [a.at.lat, a.at.lon])).pad(0.3), [placed]);
  // Each listed adjacency once, whichever side lists it.
  const links = useMemo(() => placed.flatMap((a) => a.adjacent.filter((b) => a.id < b && byId.has(b)).map((b) => [a, byId.get(b)!] as const)), [placed, byId]);
  const byArea = useMemo(() => new Map([...byLocation].filter(([at]) => at.startsWith('area:')).map(([at, counters]) => [at.slice(5), counters])), [byLocation]);
  const centreOf = useCallback((id: string) => {
    const at = byId.get(id)?.at;
    return at && L.latLng(at.lat, at.lon);
  }, [byId]);
  const onArea = useCallback((id: string) => onLocation(`area:${id}`), [onLocation]);
  const click = (a: Placed) => ({ click: () => onArea(a.id) });
  // An area is filled with the colour of the power holding it, else its terrain's.
  const fill = (a: Placed) => holderOf?.(`area:${a.id}`)?.color ?? areaFill(a, 'terrain', view);
  return (
    <MapContainer bounds={bounds} zoomSnap={0.25} style={{ height: '100%', width: '100%', background: '#dfe9f2', ['--hex' as string]: `${COUNTER_WIDTH}px` }} attributionControl={false}>
      <Backdrop countries={view.backdrop} />
      {placed
        .filter((a) => a.polygon)
        .map((a) => (
          <Polygon key={`outline-${a.id}`} className={`area-outline-at-${a.id}`} positions={a.polygon!} pathOptions={{ color: '#4d4940', weight: 1, fillColor: fill(a), fillOpacity: 0.45 }} eventHandlers={click(a)} />
        ))}
      {links.map(([a, b]) => (
        <Polyline
          key={`${a.id}-${b.id}`}
          positions={[
            [a.at.lat, a.at.lon],
            [b.at.lat, b.at.lon],
          ]}
          pathOptions={{ color: '#3d3a33', weight: 2, opacity: 0.6 }}
          interactive={false}
        />
      ))}
      {MARK_KINDS.flatMap((kind) =>
        placed
          .filter((a) => marks[kind]?.has(`area:${a.id}`))
          .map((a) => <CircleMarker key={`${kind}-${a.id}`} className={`area-mark mark-${kind}`} center={[a.at.lat, a.at.lon]} radius={18} pathOptions={MARK_STYLE[kind]} eventHandlers={click(a)} />),
      )}
      {/* Above the counters (the marker pane): where a neighbour's stack reaches over an area, its marker is still the one clicked. */}
      <AreaMarkers
        areas={placed}
        fill={fill}
        pane={{ name: 'area-markers', zIndex: 620 }}
        classOf={(a) => `area-marker area-at-${a.id}`}
        onArea={onArea}
        units={{ byArea, selected, onPick: onPickUnit }}
      />
      <PlaceMarkers places={view.places} kind="area" centreOf={centreOf} pane={PLACES_PANE} onLocation={onArea} />
      <CounterDrag attribute="unit" canDrag={drag.can} onClick={onPickUnit} onStart={drag.start} onDrop={(unit, at) => drag.drop(unit, at && locationUnder(at.under, byLocation))} />
      <FitBounds bounds={bounds} />
    </MapContainer>
  );
}
