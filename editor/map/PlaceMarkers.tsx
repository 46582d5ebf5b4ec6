'use client';
// A play map's named places as small glyphs at their locations (placeMarks), each naming itself in its title:
// on a hex map toward the top of their hexes (each sized and placed by its own hex, so that a stack's marker
// below it leaves it in view), under the counters (which cover them, never the other way round),
// clicks passing through to the board; on an area map over their area's marker, where a click on one is a click
// on its area. Only files loaded with next/dynamic (ssr: false) may import this: Leaflet touches `window`.
import L from 'leaflet';
import { useEffect } from 'react';
import { useMap } from 'react-leaflet';
import type { ViewPlace } from '@/server/geo/view';
import { placeMarks } from './places';
import { escapeHtml } from '@/editor/html';

/** A hex map's glyphs' pane: under the counters (Leaflet's marker pane, 600). */
export const HEX_PLACES_PANE = { name: 'places', zIndex: 450 };

interface Props {
  places: readonly ViewPlace[];
  /** The map's kind: a place stands at its hex, or in its area. */
  kind: 'hex' | 'area';
  /** Where a location (a hex number, an area id) is drawn; a place at a location it cannot place is left out. */
  centreOf(location: string): L.LatLngExpression | undefined;
  /** The pane the glyphs are drawn in (play.css sets their look by it), with its z-index. */
  pane: { name: string; zIndex: number };
  /** A glyph clicked, by its location; without it glyphs take no clicks. */
  onLocation?(location: string): void;
  /** A location's size relative to the one glyphs are sized by (a hex's, `hexScales`); 1 when not given. */
  scales?: ReadonlyMap<string, number>;
}

export function PlaceMarkers({ places, kind, centreOf, pane, onLocation, scales }: Props) {
  const map = useMap();
  useEffect(() => {
    const p = map.getPane(pane.name) ?? map.createPane(pane.name);
    p.style.zIndex = String(pane.zIndex);
    const group = L.layerGroup();
    for (const m of placeMarks(places, kind)) {
      const at = m.location ? centreOf(m.location) : m.at && ([m.at.lat, m.at.lon] as [number, number]);
      if (!at) continue;
      const scale = m.location && scales?.get(m.location);
      const html = `<span class="map-place map-place-${m.look}${m.location ? '' : ' map-place-unlocated'}" data-place="${escapeHtml(m.id)}" title="${escapeHtml(m.title)}"${scale ? ` style="--k:${scale.toFixed(3)}"` : ''}>${m.glyph}</span>`;
      const { location } = m;
      const onClick = onLocation && location ? () => onLocation(location) : undefined;
      const marker = L.marker(at, { pane: pane.name, icon: L.divIcon({ className: 'map-place-icon', html, iconSize: [0, 0] }), interactive: !!onClick, keyboard: false });
      if (onClick) marker.on('click', onClick);
      group.addLayer(marker);
    }
    group.addTo(map);
    map.getContainer().setAttribute('data-places', String(group.getLayers().length));
    return () => void group.remove();
  }, [map, places, kind, centreOf, pane.name, pane.zIndex, onLocation, scales]);
  return null;
}
