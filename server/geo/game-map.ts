// A test game's map as the play page draws it: built from the ruleset snapshot the game was created
// from (its optional patch sets and unsaved drafts included), not from the files as they are now.
import type { ResolvedRuleset } from '@/engine';
import type { Map as GameMap } from '@/engine/generated/schema-types';
import { areaViewOf, type AreaViewData } from './area-view';
import { boxViews, type ViewBox } from './boxes';
import { hexView, type MapViewData } from './view';

/** The board, and its off-map boxes (drawn beside it). */
export type GameMapView = { kind: 'hex'; view: MapViewData; boxes: ViewBox[] } | { kind: 'area'; view: AreaViewData; boxes: ViewBox[] } | { kind: 'none' };

/** Views by snapshot: a snapshot never changes, and fitting the grid and cutting the backdrop take a while. */
const made = new WeakMap<ResolvedRuleset, GameMapView>();

export function gameMapView(rulesetId: string, ruleset: ResolvedRuleset): GameMapView {
  const known = made.get(ruleset);
  if (known) return known;
  const map = ruleset.map as GameMap | undefined;
  const title = ruleset.title ?? rulesetId;
  const view: GameMapView = !map
    ? { kind: 'none' }
    : map.kind === 'area'
      ? { kind: 'area', view: areaViewOf(rulesetId, title, map), boxes: boxViews(map) }
      : { kind: 'hex', view: hexView(rulesetId, title, map), boxes: boxViews(map) };
  made.set(ruleset, view);
  return view;
}
