// What a position shows one side beyond its counters, for the play map: where the zones of control of
// units hostile to it affect movement (land or naval), and which of its units trace no supply now (as the supply
// procedure would find them at this moment; the last check's verdict is on each unit).
import { sideOf } from './board';
import { graphOf } from './graph';
import type { Rules } from './rules';
import type { GameState, LocKey } from './state';
import { unitList } from './state';
import { inSupply, traced } from './supply';
import { Tx } from './tx';
import { zoneAffecting } from './zoc';

export interface Overview {
  /** Locations in a hostile zone of control that affects land or naval movement (none without a zone model or a power on the side). */
  zones: LocKey[];
  /** The side's units on the board that need supply and trace none now (none without a supply model). */
  unsupplied: string[];
}

export function overview(rules: Rules, s: GameState, side: string): Overview {
  const tx = new Tx(rules, s, {}, true);
  return tx.probe(() => {
    const g = graphOf(rules);
    const power = rules.powers.find((p) => sideOf(s, p) === side);
    const zones = power !== undefined && rules.r.mechanics?.zoc ? (['land-movement', 'naval-movement'] as const).map((effect) => zoneAffecting(tx, power, effect)) : [];
    return {
      zones: g.keys.filter((_, i) => zones.some((zone) => zone[i] === 1)),
      unsupplied: rules.r.mechanics?.supply ? unitList(s).filter((u) => sideOf(s, u.power) === side && traced(tx, u) && inSupply(tx, u) === false).map((u) => u.id) : [],
    };
  });
}
