import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@/server/router';

export type MapViewData = inferRouterOutputs<AppRouter>['map']['view'];
export type ViewHex = MapViewData['hexes'][string];
export type ViewAnchor = Extract<MapViewData['fit'], { anchors: unknown }>['anchors'][number];
export type ColorMode = 'terrain' | 'country';
