'use client';
// The off-map boxes as panels beside the board (laid out by layoutBoxes): each named, marked as a hex is
// (the selected unit's reach, the action pointed at), and clicked as a hex is; a box's parts framed together.
// Their counters are drawn with the board's (CounterStacks). Only files loaded with next/dynamic (ssr: false)
// may import this: Leaflet touches `window`.
import L from 'leaflet';
import { Fragment, useEffect, useState } from 'react';
import { Marker, Rectangle, Tooltip, useMap, useMapEvents } from 'react-leaflet';
import type { Counter } from '@/editor/play/counters';
import { MARK_KINDS, MARK_STYLE, type PlayMarks } from '@/editor/play/marks';
import type { BoxGroup, BoxPanel } from './box-layout';
import { escapeHtml } from '@/editor/html';

interface Props {
  groups: readonly BoxGroup[];
  /** The units by location, as the map's counters: a box's are counted on its label. */
  byLocation: ReadonlyMap<string, Counter[]>;
  marks: PlayMarks;
  onLocation(at: string): void;
}

const units = (n: number) => `${n} unit${n === 1 ? '' : 's'}`;
/**
 * A name at a panel's top-left corner, taking no clicks, wrapped within `width` pixels (the panel's): a panel's name
 * and count, whole on as many lines as they take, which the boxes' counters are drawn below (useLabelRoom).
 */
const label = (text: string, className: string, width: number, box?: string) =>
  L.divIcon({
    className: 'play-box-label-at',
    html: `<span class="${className}"${box ? ` data-box="${escapeHtml(box)}"` : ''} style="max-width:${Math.max(40, Math.round(width - 8))}px">${escapeHtml(text)}</span>`,
    iconSize: [0, 0],
  });

/** How wide a panel is on screen at the zoom shown, in pixels: its name wraps within it, never running into the next. */
function usePanelWidth(): (corners: BoxPanel['corners']) => number {
  const map = useMap();
  const [, setZoom] = useState(map.getZoom());
  useMapEvents({ zoomend: () => setZoom(map.getZoom()) });
  return ([[south, west], [, east]]) => map.latLngToLayerPoint([south, east]).x - map.latLngToLayerPoint([south, west]).x;
}

/**
 * Sets the map's `--box-label` to the height of its tallest panel name, in pixels, after each drawing (a zoom
 * rewraps the names, a unit moved recounts them): play.css hangs every box's counters below it.
 */
function useLabelRoom() {
  const map = useMap();
  // After the markers' own effects (a child's run first), so that their names are in the page, wrapped.
  useEffect(() => {
    const names = map.getContainer().querySelectorAll<HTMLElement>('.play-box-label');
    map.getContainer().style.setProperty('--box-label', `${Math.max(0, ...[...names].map((n) => n.offsetHeight))}px`);
  });
}

export function BoxPanels({ groups, byLocation, marks, onLocation }: Props) {
  const widthOf = usePanelWidth();
  useLabelRoom();
  return groups.map((g) => (
    <Fragment key={g.panels[0].box.id}>
      {g.title && (
        <>
          <Rectangle bounds={g.corners} pathOptions={{ color: '#1d3f66', weight: 3, fill: false }} interactive={false} />
          <Marker position={[g.corners[1][0], g.corners[0][1]]} icon={label(g.title, 'play-box-title', widthOf(g.corners))} interactive={false} keyboard={false} />
        </>
      )}
      {g.panels.map((p) => (
        <Panel key={p.box.id} panel={p} units={byLocation.get(`box:${p.box.id}`)?.length ?? 0} marks={marks} onLocation={onLocation} width={widthOf(p.corners)} />
      ))}
    </Fragment>
  ));
}

function Panel({ panel: { box, corners, why }, units: count, marks, onLocation, width }: { panel: BoxPanel; units: number; width: number } & Omit<Props, 'groups' | 'byLocation'>) {
  const at = `box:${box.id}`;
  const name = box.part ?? box.name;
  return (
    <>
      <Rectangle
        bounds={corners}
        className={`play-box box-at-${box.id}`}
        // A box's parts told apart by a dashed outline, the first in the shade of a box, the others in another.
        pathOptions={{ color: '#1d3f66', weight: 1.5, dashArray: box.part ? '5 3' : undefined, fillColor: box.part && box.id !== box.group ? '#d9cfa8' : '#b9cde0', fillOpacity: 0.85 }}
        bubblingMouseEvents={false}
        eventHandlers={{ click: () => onLocation(at) }}
      >
        <Tooltip sticky>
          <strong>{box.name}</strong> (off-map box): {units(count)}. {why}
        </Tooltip>
      </Rectangle>
      {MARK_KINDS.filter((kind) => marks[kind]?.has(at)).map((kind) => (
        <Rectangle key={kind} bounds={corners} className={`box-mark mark-${kind}`} pathOptions={MARK_STYLE[kind]} interactive={false} />
      ))}
      <Marker position={[corners[1][0], corners[0][1]]} icon={label(`${name} · ${units(count)}`, 'play-box-label', width, box.id)} interactive={false} keyboard={false} />
    </>
  );
}
