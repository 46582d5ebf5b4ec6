'use client';
// The map's named places as small glyphs toward the top of their hexes, under the counters (which cover
// them, never the other way round), each naming itself in its title. Clicks pass through to the board.
// Only files loaded with next/dynamic (ssr: false) may import this: Leaflet touches `window`.
import L from 'leaflet';
import { useEffect } from 'react';
import { useMap } from 'react-leaflet';
import { placeMarks } from './places';
import type { MapViewData } from './types';

const escape = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

export function PlaceMarkers({ view, centreOf }: { view: Pick<MapViewData, 'places'>; centreOf(hex: string): [number, number] | undefined }) {
  const map = useMap();
  useEffect(() => {
    const pane = map.getPane('places') ?? map.createPane('places');
    pane.style.zIndex = '450';
    const group = L.layerGroup();
    const marks = placeMarks(view);
    for (const m of marks) {
      const at = m.hex ? centreOf(m.hex) : m.at && ([m.at.lat, m.at.lon] as [number, number]);
      if (!at) continue;
      const html = `<span class="map-place map-place-${m.look}${m.hex ? '' : ' map-place-unnumbered'}" data-place="${escape(m.id)}" title="${escape(m.title)}">${m.glyph}</span>`;
      group.addLayer(L.marker(at, { pane: 'places', icon: L.divIcon({ className: 'map-place-icon', html, iconSize: [0, 0] }), interactive: false, keyboard: false }));
    }
    group.addTo(map);
    map.getContainer().setAttribute('data-places', String(group.getLayers().length));
    return () => void group.remove();
  }, [map, view, centreOf]);
  return null;
}
