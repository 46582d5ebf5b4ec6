// What the colours of the hexside lines mean, under a map that draws some: the sides wholly of one medium
// by their colour (they bar movement), the other features named by hover only. Free of Leaflet, so a page
// rendered on the server may show it.
import { SIDE_COLORS } from './hexside-colors';
import type { MapViewData } from './types';

export function HexsideLegend({ view, className }: { view: Pick<MapViewData, 'features' | 'hexsides'>; className?: string }) {
  const drawn = new Set(view.hexsides.map((s) => view.features[s.feature]?.medium));
  if (!drawn.has('sea') && !drawn.has('land')) return null;
  const swatch = (medium: 'sea' | 'land') => <span aria-hidden style={{ display: 'inline-block', width: '1.4em', height: '0.3em', verticalAlign: 'middle', background: SIDE_COLORS[medium] }} />;
  return (
    <p className={className} data-testid="hexside-legend">
      Hexsides:{' '}
      {drawn.has('sea') && <>{swatch('sea')} all sea, which land units do not cross{drawn.has('land') ? '; ' : ''}</>}
      {drawn.has('land') && <>{swatch('land')} all land, which fleets do not cross</>}
      ; other features are named when pointed at.
    </p>
  );
}
