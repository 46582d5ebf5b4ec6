'use client';
// Units as stacks of counters on a Leaflet map, one stack at each location that holds any (or, on a hex map zoomed
// out, a marker counting them by power). Only files loaded with next/dynamic (ssr: false) may import this: Leaflet
// touches `window`.
import L from 'leaflet';
import { useEffect } from 'react';
import { useMap } from 'react-leaflet';
import { badgeHtml, counterHtml, locationHtml, type Counter } from '@/editor/play/counters';

interface Props {
  /** Counters by location key (a hex number, an area id, as `centreOf` reads it). */
  byKey: Map<string, Counter[]>;
  /** Where a location's stack stands; a location it cannot place is left out. */
  centreOf(key: string): L.LatLngExpression | undefined;
  selected?: string;
  /** Picks a counter clicked (by its `data-unit`); without it counters take no clicks. */
  onPick?(unit: string): void;
  /** The stacks' class: `play-stack` centres each on its location. */
  className?: string;
  /** A location's size relative to the one counters are sized by (a hex's, `hexScales`); 1 when not given. */
  scales?: ReadonlyMap<string, number>;
  /**
   * Whether a location too small on screen for its counters to be read (a hex map zoomed out) shows a marker instead,
   * one part a power counting its units (locationHtml); its stack of counters shows once zoomed in far enough.
   */
  markers?: boolean;
  /** Locations whose stacks have no room on the map as it is zoomed: each a badge counting its units by power, on that side of the location. */
  collapsed?: ReadonlyMap<string, 'top' | 'right' | 'bottom' | 'left'>;
  /** A badge clicked (to zoom in on its location). */
  onCollapsed?(key: string): void;
}

export function CounterStacks({ byKey, centreOf, selected, onPick, className = 'play-stack', scales, markers = false, collapsed, onCollapsed }: Props) {
  const map = useMap();
  useEffect(() => {
    const group = L.layerGroup();
    for (const [key, counters] of byKey) {
      const centre = centreOf(key);
      if (!centre) continue;
      const badge = collapsed?.get(key);
      const html = badge ? badgeHtml(counters, selected, badge) : markers ? locationHtml(counters, selected, scales?.get(key), key) : counterHtml(counters, selected, scales?.get(key));
      const icon = L.divIcon({ className, html, iconSize: [0, 0] });
      const marker = L.marker(centre, { icon, keyboard: false });
      if (badge) {
        marker.on('click', () => onCollapsed?.(key));
      } else if (onPick) {
        marker.on('click', (e) => {
          const target = (e.originalEvent.target as HTMLElement | null)?.closest<HTMLElement>('[data-unit]');
          const unit = target?.dataset.unit ?? counters[0]?.id;
          if (unit) onPick(unit);
        });
      }
      group.addLayer(marker);
    }
    group.addTo(map);
    map.getContainer().setAttribute('data-counters', String([...byKey.values()].reduce((n, c) => n + c.length, 0)));
    return () => void group.remove();
  }, [map, byKey, centreOf, selected, onPick, className, scales, markers, collapsed, onCollapsed]);
  return null;
}
