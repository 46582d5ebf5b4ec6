'use client';
// Hexside features as lines along the sides they lie on, each named on hover: all-sea sides in the sea's
// blue and all-land sides in brown, whatever their ids; other features in colours of their own.
import type L from 'leaflet';
import type { LeafletEvent } from 'leaflet';
import { Pane, Polyline, Tooltip } from 'react-leaflet';
import { sharedSide, type georefOf } from './geometry';
import { OTHER_COLORS, SIDE_COLORS } from './hexside-colors';
import type { MapViewData } from './types';

/**
 * A hexside's line is named on hover, and Chromium makes every line that listens for the pointer a tab stop:
 * hundreds on 2WW's map, each naming nothing a click does not. Out of the tab order; the hex under the pointer,
 * and the legend, say the same.
 */
const OUT_OF_TAB_ORDER = { add: (e: LeafletEvent) => (e.target as L.Path).getElement()?.setAttribute('tabindex', '-1') };

/** `weight`: the lines' width in pixels (thinner on the play map, under the counters). */
export function Hexsides({ hexsides, view, georef, weight = 4 }: { hexsides: MapViewData['hexsides']; view: MapViewData; georef: ReturnType<typeof georefOf>; weight?: number }) {
  const others = Object.keys(view.features).filter((id) => !view.features[id].medium);
  const lines = hexsides.map((s) => {
    const segment = sharedSide(view, georef, s.between[0], s.between[1]);
    if (!segment) return null;
    const feature = view.features[s.feature];
    const color = (feature?.medium ? SIDE_COLORS[feature.medium] : undefined) ?? OTHER_COLORS[others.indexOf(s.feature) % OTHER_COLORS.length] ?? '#333';
    return (
      <Polyline key={`${s.between.join('|')}|${s.feature}`} positions={segment} pathOptions={{ color, weight, lineCap: 'round' }} eventHandlers={OUT_OF_TAB_ORDER}>
        <Tooltip>
          {feature?.name ?? s.feature}: {s.between.join(' | ')}
          {s.source ? ` · ${s.source}` : ''}
        </Tooltip>
      </Polyline>
    );
  });
  // Over the marks (HexBoard's pane, 420), so a tinted reach does not dull the sides that bound it; under the counters.
  return (
    <Pane name="hexsides" style={{ zIndex: 430 }}>
      {lines}
    </Pane>
  );
}
