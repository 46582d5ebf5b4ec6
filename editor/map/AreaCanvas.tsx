'use client';
// The Leaflet drawing of an area map: each area at its position (or its outline, where drawn), its
// adjacencies as lines, and the adjacencies the geography suggests as dashed lines. Leaflet touches
// `window`, so only AreaMapView's next/dynamic (ssr: false) import may load this file.
import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
import { useMemo } from 'react';
import { CircleMarker, MapContainer, Polygon, Polyline, Tooltip } from 'react-leaflet';
import type { AreaViewData, ViewArea } from '@/server/geo/area-view';
import { Backdrop } from './MapCanvas';
import { areaFill } from './colors';
import type { ColorMode } from './types';

export default function AreaCanvas({ view, colorMode }: { view: AreaViewData; colorMode: ColorMode }) {
  const placed = view.areas.filter((a): a is ViewArea & { at: { lat: number; lon: number } } => a.at !== undefined);
  const byId = new Map(placed.map((a) => [a.id, a]));
  const bounds = useMemo(() => L.latLngBounds(placed.map((a) => [a.at.lat, a.at.lon])).pad(0.3), [placed]);
  // Each listed adjacency once, whichever side lists it.
  const links = placed.flatMap((a) => a.adjacent.filter((b) => a.id < b && byId.has(b)).map((b) => [a, byId.get(b)!] as const));
  return (
    <MapContainer bounds={bounds} zoomSnap={0.25} style={{ height: '100%', width: '100%', background: '#dfe9f2' }} attributionControl={false}>
      <Backdrop countries={view.backdrop} />
      {placed.filter((a) => a.polygon).map((a) => (
        <Polygon key={`outline-${a.id}`} positions={a.polygon!} pathOptions={{ color: '#4d4940', weight: 1, fillColor: areaFill(a, colorMode, view), fillOpacity: 0.5 }} />
      ))}
      {links.map(([a, b]) => (
        <Polyline key={`${a.id}-${b.id}`} className="area-link" positions={[[a.at.lat, a.at.lon], [b.at.lat, b.at.lon]]} pathOptions={{ color: '#3d3a33', weight: 2 }} />
      ))}
      {view.candidates.map(({ between: [x, y], kind }) => {
        const [a, b] = [byId.get(x), byId.get(y)];
        if (!a || !b) return null;
        return (
          <Polyline key={`candidate-${x}-${y}`} className="area-candidate" positions={[[a.at.lat, a.at.lon], [b.at.lat, b.at.lon]]} pathOptions={{ color: '#b0562b', weight: 1.5, dashArray: '5 5' }}>
            <Tooltip sticky>{`Proposed: ${a.name} – ${b.name} (${kind})`}</Tooltip>
          </Polyline>
        );
      })}
      {placed.map((a) => (
        <CircleMarker key={a.id} className="area-marker" center={[a.at.lat, a.at.lon]} radius={a.type === 'sea' ? 9 : 11} pathOptions={{ color: '#2b2924', weight: 1.5, fillColor: areaFill(a, colorMode, view), fillOpacity: 0.95 }}>
          <Tooltip permanent direction="top" offset={[0, -10]}>{a.name}</Tooltip>
        </CircleMarker>
      ))}
    </MapContainer>
  );
}
