// Chromium makes an SVG line or marker a tab stop once it listens for focus, as Leaflet's tooltips do (to show
// themselves on focus): hundreds of stops on a big map, each naming what the page says elsewhere, none doing
// anything. A path's `eventHandlers` takes it back out of the tab order.
import type L from 'leaflet';
import type { LeafletEvent } from 'leaflet';

export const OUT_OF_TAB_ORDER = { add: (e: LeafletEvent) => (e.target as L.Path).getElement()?.setAttribute('tabindex', '-1') };
