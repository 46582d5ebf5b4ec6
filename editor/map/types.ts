import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@/server/router';

export type MapViewData = inferRouterOutputs<AppRouter>['map']['view'];
export type ViewHex = MapViewData['hexes'][string];
export type ViewAnchor = Extract<MapViewData['fit'], { anchors: unknown }>['anchors'][number];
/** An anchor as the map editor shows it: at the hex its place was moved to (`movedFrom` the one the fit read), until a reload fits again. */
export type ShownAnchor = ViewAnchor & { movedFrom?: string };
export type ColorMode = 'terrain' | 'country';
