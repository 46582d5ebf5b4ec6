'use client';
// The play map: the map view's hexes over the Natural Earth backdrop, with the units as counters at
// their hexes. Click a counter to pick a unit, then a hex to try moving it there. Leaflet touches
// `window`, so only PlayView's next/dynamic (ssr: false) import may load this file.
import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
import { useEffect, useMemo } from 'react';
import { MapContainer, useMap } from 'react-leaflet';
import { hexFill } from '@/editor/map/colors';
import { georefOf, hexCells, hexCentre, hexUnder } from '@/editor/map/geometry';
import type { MapViewData } from '@/editor/map/types';
import type { Counter } from './counters';
import { counterHtml } from './counters';

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
      <Board view={view} cells={cells} />
      <Counters {...props} georef={georef} />
      <Clicks view={view} georef={georef} onHex={props.onHex} />
    </MapContainer>
  );
}

function Board({ view, cells }: { view: MapViewData; cells: ReturnType<typeof hexCells> }) {
  const map = useMap();
  useEffect(() => {
    const landPane = map.getPane('play-land') ?? map.createPane('play-land');
    landPane.style.zIndex = '350';
    landPane.style.pointerEvents = 'none';
    const land = L.canvas({ pane: 'play-land' });
    const hexRenderer = L.canvas({ padding: 0.2 });
    const group = L.layerGroup();
    for (const c of view.backdrop) for (const poly of c.polygons) group.addLayer(L.polygon(poly, { renderer: land, interactive: false, stroke: false, fillColor: '#f3efe4', fillOpacity: 1 }));
    for (const cell of cells) {
      const hex = view.hexes[cell.key];
      group.addLayer(
        L.polygon(cell.outline, { renderer: hexRenderer, interactive: false, fillColor: hexFill(hex, 'terrain', view), fillOpacity: hex ? 0.55 : 0.12, color: '#6f6a60', weight: 0.5, opacity: 0.6 }),
      );
    }
    group.addTo(map);
    map.getContainer().setAttribute('data-hexes', String(cells.length));
    return () => void group.remove();
  }, [map, view, cells]);
  return null;
}

function Counters({ view, georef, byHex, selected, onPickUnit }: Props & { georef: ReturnType<typeof georefOf> }) {
  const map = useMap();
  useEffect(() => {
    const group = L.layerGroup();
    for (const [key, counters] of byHex) {
      const centre = hexCentre(view, georef, key);
      if (!centre) continue;
      const icon = L.divIcon({ className: 'play-stack', html: counterHtml(counters, selected), iconSize: undefined, iconAnchor: [14, 10] });
      const marker = L.marker(centre, { icon, title: `${key}: ${counters.map((c) => c.id).join(', ')}`, keyboard: false });
      marker.on('click', (e) => {
        const target = (e.originalEvent.target as HTMLElement | null)?.closest<HTMLElement>('[data-unit]');
        const unit = target?.dataset.unit ?? counters[0]?.id;
        if (unit) onPickUnit(unit);
      });
      group.addLayer(marker);
    }
    group.addTo(map);
    map.getContainer().setAttribute('data-counters', String([...byHex.values()].reduce((n, c) => n + c.length, 0)));
    return () => void group.remove();
  }, [map, view, georef, byHex, selected, onPickUnit]);
  return null;
}

function Clicks({ view, georef, onHex }: { view: MapViewData; georef: ReturnType<typeof georefOf>; onHex(key: string): void }) {
  const map = useMap();
  useEffect(() => {
    const click = (e: L.LeafletMouseEvent) => {
      const key = hexUnder(view, georef, e.latlng.lat, e.latlng.lng);
      if (key) onHex(key);
    };
    map.on('click', click);
    return () => void map.off('click', click);
  }, [map, view, georef, onHex]);
  return null;
}
