'use client';
// Hexside features as lines along the sides they lie on, each named on hover: all-sea sides in the sea's
// blue and all-land sides in brown, whatever their ids; other features in colours of their own.
// Out of the tab order (hundreds on 2WW's map): the hex under the pointer, and the legend, say the same.
import { Pane, Polyline, Tooltip } from 'react-leaflet';
import { sharedSide, type georefOf } from './geometry';
import { OTHER_COLORS, SIDE_COLORS } from './hexside-colors';
import { OUT_OF_TAB_ORDER } from './out-of-tab-order';
import type { MapViewData } from './types';

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
