'use client';
// An area map's areas as markers with their names and, on the play map, their stacks of units, laid out anew
// at each zoom (./area-layout) so that none covers another: where areas crowd together a stack collapses to a
// badge counting its units by power (a click zooms in until it opens), and a name goes beside or below its area,
// or, with no room anywhere, shows when the pointer is on it. Shared by the area map editor and the area play
// map; Leaflet touches `window`, so only files loaded with next/dynamic (ssr: false) may import this.
import L from 'leaflet';
import { useCallback, useMemo, useState } from 'react';
import { CircleMarker, Pane, Tooltip, useMap, useMapEvents } from 'react-leaflet';
import { SHOWN, type Counter } from '@/editor/play/counters';
import type { ViewArea } from '@/server/geo/area-view';
import { CounterStacks } from './CounterStacks';
import { badgeSize, labelOffset, layoutAreas, stackSize, type AreaInput } from './area-layout';

export type PlacedArea = ViewArea & { at: { lat: number; lon: number } };

/** A counter's width in pixels on an area map: areas have no size on the map, so stacks keep one that prints names. */
export const COUNTER_WIDTH = 96;
/** How far in a click on a badge may zoom at most, looking for a zoom where its stack opens. */
const MAX_ZOOM_IN = 6;

interface Props {
  areas: readonly PlacedArea[];
  fill(a: PlacedArea): string;
  /** The pane the markers are drawn in, with its z-index. */
  pane: { name: string; zIndex: number };
  /** A marker's class names (the tests and the pages find areas by them). */
  classOf(a: PlacedArea): string;
  /** The area a tool has chosen, ringed. */
  chosen?: string;
  onArea?(id: string): void;
  /** The units where the map shows them, by area id; a counter clicked is picked. */
  units?: { byArea: Map<string, Counter[]>; selected?: string; onPick?(unit: string): void };
}

export function AreaMarkers({ areas, fill, pane, classOf, chosen, onArea, units }: Props) {
  const map = useMap();
  const [zoom, setZoom] = useState(() => map.getZoom());
  /** The area a badge click zoomed in on: served first, so that its stack stays open. */
  const [focus, setFocus] = useState<string>();
  useMapEvents({ zoomend: () => setZoom(map.getZoom()) });
  const labelSize = useLabelSize(map.getContainer());
  const byId = useMemo(() => new Map(areas.map((a) => [a.id, a])), [areas]);
  const byArea = units?.byArea;
  const selectedAt = useMemo(() => (units?.selected ? [...(byArea ?? [])].find(([, cs]) => cs.some((c) => c.id === units.selected))?.[0] : undefined), [byArea, units?.selected]);
  const first = selectedAt ?? chosen ?? focus;

  /** The areas as the layout reads them, in pixels at zoom z. */
  const inputsAt = useCallback(
    (z: number): AreaInput[] =>
      areas.map((a) => {
        const { x, y } = map.project([a.at.lat, a.at.lon], z);
        const counters = byArea?.get(a.id);
        const stack = counters?.length ? { full: stackSize(counters.length, COUNTER_WIDTH, SHOWN), badge: badgeSize(countsByPower(counters)) } : undefined;
        return { id: a.id, x, y, r: radius(a), label: labelSize(a.name), ...(stack ? { stack } : {}) };
      }),
    [areas, byArea, map, labelSize],
  );
  const layout = useMemo(() => layoutAreas(inputsAt(zoom), first), [inputsAt, zoom, first]);

  /** Zooms in on an area whose stack is a badge, as far as its stack opens (or as far as it may go). */
  const expand = useCallback(
    (id: string) => {
      const a = byId.get(id);
      if (!a) return;
      const from = map.getZoom();
      const limit = Math.min(map.getMaxZoom(), from + MAX_ZOOM_IN);
      let to = from + 1;
      while (to < limit && layoutAreas(inputsAt(to), id).collapsed.has(id)) to++;
      setFocus(id);
      map.setView([a.at.lat, a.at.lon], Math.min(to, limit));
    },
    [byId, map, inputsAt],
  );
  const centreOf = useCallback((id: string) => {
    const a = byId.get(id);
    return a && L.latLng(a.at.lat, a.at.lon);
  }, [byId]);

  return (
    <>
      <Pane name={pane.name} style={{ zIndex: pane.zIndex }}>
        {areas.map((a) => {
          const side = layout.labels.get(a.id) ?? null;
          return (
            <CircleMarker
              key={a.id}
              className={classOf(a)}
              center={[a.at.lat, a.at.lon]}
              radius={radius(a)}
              pathOptions={{
                color: a.id === chosen ? '#c0392b' : '#2b2924',
                weight: a.id === chosen ? 4 : 1.5,
                fillColor: fill(a),
                fillOpacity: 0.95,
                bubblingMouseEvents: false,
              }}
              eventHandlers={{ click: () => onArea?.(a.id) }}
            >
              {/* Remounted when its side changes: Leaflet reads a tooltip's direction and permanence once. */}
              <Tooltip key={side ?? 'hover'} className={side ? `area-label area-label-${side}` : 'area-label area-label-hover'} permanent={side !== null} direction={side ?? 'top'} offset={labelOffset(side ?? 'top', radius(a))}>
                {a.name}
              </Tooltip>
            </CircleMarker>
          );
        })}
      </Pane>
      {units && byArea && (
        <CounterStacks byKey={byArea} centreOf={centreOf} selected={units.selected} onPick={units.onPick} className="play-stack area-stack" collapsed={layout.collapsed} onCollapsed={expand} />
      )}
    </>
  );
}

const radius = (a: PlacedArea) => (a.type === 'sea' ? 9 : 11);

/** How many units each power has in a stack, as its badge counts them. */
function countsByPower(counters: readonly Counter[]): number[] {
  const counts = new Map<string, number>();
  for (const c of counters) counts.set(c.power, (counts.get(c.power) ?? 0) + 1);
  return [...counts.values()];
}

/**
 * A label's size in pixels as Leaflet draws a tooltip in this map (its font; 6 px of padding and a 1 px border
 * each side), the text measured on a canvas.
 */
function useLabelSize(container: HTMLElement): (text: string) => { width: number; height: number } {
  return useMemo(() => {
    const style = getComputedStyle(container);
    const context = document.createElement('canvas').getContext('2d');
    const fontSize = parseFloat(style.fontSize) || 12;
    if (context) context.font = `${style.fontSize || '12px'} ${style.fontFamily || 'sans-serif'}`;
    const line = parseFloat(style.lineHeight) || fontSize * 1.5;
    const sizes = new Map<string, { width: number; height: number }>();
    return (text: string) => {
      let size = sizes.get(text);
      if (!size) {
        const width = context ? context.measureText(text).width : text.length * fontSize * 0.6;
        size = { width: Math.ceil(width) + 14, height: Math.ceil(line) + 14 };
        sizes.set(text, size);
      }
      return size;
    };
  }, [container]);
}
