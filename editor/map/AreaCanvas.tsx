'use client';
// The Leaflet drawing of an area map: each area at its position (or its outline, where drawn) with its name
// (beside or below it where names crowd, see AreaMarkers) and its named places, its
// adjacencies as lines, and the adjacencies the geography suggests as dashed lines; clicks on the map,
// an area or a proposal go to the editor's tool. Leaflet touches `window`, so only AreaMapView's
// next/dynamic (ssr: false) import may load this file.
import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
import { useMemo } from 'react';
import { MapContainer, Polygon, Polyline, Tooltip, useMapEvents } from 'react-leaflet';
import type { AreaViewData } from '@/server/geo/area-view';
import '@/editor/play/play.css';
import { AreaMarkers, type PlacedArea } from './AreaMarkers';
import { PlaceMarkers } from './PlaceMarkers';
import { Backdrop } from './MapCanvas';
import { areaFill } from './colors';
import type { ColorMode } from './types';

interface Props {
  view: AreaViewData;
  colorMode: ColorMode;
  /** The area the tool has chosen, ringed. */
  chosen?: string;
  onMap?(at: { lat: number; lon: number }): void;
  onArea?(id: string): void;
  onProposal?(a: string, b: string): void;
}

/** Clicks on the map itself (areas and lines keep theirs: they do not bubble). */
function MapClicks({ onMap }: { onMap(at: { lat: number; lon: number }): void }) {
  useMapEvents({
    click: (e) => onMap({ lat: e.latlng.lat, lon: e.latlng.lng }),
  });
  return null;
}

export default function AreaCanvas({ view, colorMode, chosen, onMap, onArea, onProposal }: Props) {
  const placed = view.areas.filter((a): a is PlacedArea => a.at !== undefined);
  const byId = new Map(placed.map((a) => [a.id, a]));
  const { west, east, south, north } = view.bbox;
  const bounds = useMemo(() => L.latLngBounds([south, west], [north, east]), [south, west, north, east]);
  // Each listed adjacency once, whichever side lists it.
  const links = placed.flatMap((a) => a.adjacent.filter((b) => a.id < b && byId.has(b)).map((b) => [a, byId.get(b)!] as const));
  const centreOf = (id: string) => {
    const at = byId.get(id)?.at;
    return at && L.latLng(at.lat, at.lon);
  };
  return (
    <MapContainer bounds={bounds} zoomSnap={0.25} style={{ height: '100%', width: '100%', background: '#dfe9f2' }} attributionControl={false}>
      <Backdrop countries={view.backdrop} />
      {onMap && <MapClicks onMap={onMap} />}
      {placed
        .filter((a) => a.polygon)
        .map((a) => (
          <Polygon
            key={`outline-${a.id}`}
            positions={a.polygon!}
            pathOptions={{
              color: '#4d4940',
              weight: 1,
              fillColor: areaFill(a, colorMode, view),
              fillOpacity: 0.5,
            }}
          />
        ))}
      {links.map(([a, b]) => (
        <Polyline
          key={`${a.id}-${b.id}`}
          className="area-link"
          positions={[
            [a.at.lat, a.at.lon],
            [b.at.lat, b.at.lon],
          ]}
          pathOptions={{ color: '#3d3a33', weight: 2 }}
        />
      ))}
      {view.candidates.map(({ between: [x, y], kind }) => {
        const [a, b] = [byId.get(x), byId.get(y)];
        if (!a || !b) return null;
        return (
          <Polyline
            key={`candidate-${x}-${y}`}
            className="area-candidate"
            positions={[
              [a.at.lat, a.at.lon],
              [b.at.lat, b.at.lon],
            ]}
            pathOptions={{
              color: '#b0562b',
              weight: onProposal ? 4 : 1.5,
              dashArray: '5 5',
              bubblingMouseEvents: false,
            }}
            eventHandlers={{ click: () => onProposal?.(x, y) }}
          >
            <Tooltip sticky>{`Proposed: ${a.name} – ${b.name} (${kind})${onProposal ? ': click to accept' : ''}`}</Tooltip>
          </Polyline>
        );
      })}
      {/* Above the lines, which are drawn anew as they change and would otherwise come to lie over the areas they join. */}
      <AreaMarkers areas={placed} fill={(a) => areaFill(a, colorMode, view)} pane={{ name: 'areas', zIndex: 450 }} classOf={(a) => `area-marker area-${a.id}`} chosen={chosen} onArea={onArea} />
      {/* The named places in their areas (capitals, production places), as the play map marks them; a click on one is on its area. */}
      <PlaceMarkers places={view.places} kind="area" centreOf={centreOf} pane={{ name: 'area-places', zIndex: 460 }} onLocation={onArea} />
    </MapContainer>
  );
}
