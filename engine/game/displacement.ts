// Displacement: units of some classes may not stand in some hostile zones (air units in an enemy land
// unit's zone, with no friendly land unit beside them); after every action each such unit goes to the
// nearest location out of those zones and free of hostile units.
import type { Displacement } from '../generated/schema-types';
import { joinPointer } from '../json/pointer';
import { camp, hostileAt, unitsThere } from './board';
import { BOX, graphOf, nearest } from './graph';
import type { UnitState } from './state';
import { unitList } from './state';
import type { Tx } from './tx';
import { classOf } from './units';
import { zonesNotOpened } from './zoc';

const POINTER = '/mechanics/zoc/displaces';

/** Moves every unit a displacement rule of the zone model puts out of where it stands. */
export function displace(tx: Tx) {
  const rules = tx.rules.r.mechanics?.zoc?.displaces;
  if (!rules?.length) return;
  const units = unitList(tx.s);
  if (units.some((u) => u.at === 'unplaced')) return;
  const g = graphOf(tx.rules);
  rules.forEach((d, k) => {
    // Each camp's forbidden zones, made once (the units on the board of the classes displaced are few).
    const zones = new Map<string, Uint8Array>();
    for (const u of units) {
      const i = d.classes.includes(classOf(tx.rules, u)) ? g.index.get(u.at) : undefined;
      if (i === undefined || g.kind[i] === BOX) continue;
      const c = camp(tx.s, u.power);
      let zone = zones.get(c);
      if (!zone) zones.set(c, (zone = zonesNotOpened(tx, u.power, d.byZonesOf, false).zone));
      if (zone[i] === 1 && !holds(tx, d, u)) move(tx, d, u, zone, joinPointer(POINTER, k));
    }
  });
}

/** Whether a friendly unit of the holding classes stands with a unit. */
function holds(tx: Tx, d: Displacement, u: UnitState): boolean {
  const side = camp(tx.s, u.power);
  return unitsThere(tx, u.at).some((o) => camp(tx.s, o.power) === side && d.unlessWith?.includes(classOf(tx.rules, o)) === true);
}

/** The unit goes to the first location found, nearest first, of the media named, out of the zones and free of hostile units. */
function move(tx: Tx, d: Displacement, u: UnitState, zone: Uint8Array, pointer: string) {
  const g = graphOf(tx.rules);
  // The unit's own location is in the zone, so never a goal.
  const fits = (j: number) => zone[j] !== 1 && (!d.toMedia || d.toMedia.includes(tx.rules.mediumOf(g.keys[j]) ?? 'land')) && hostileAt(tx, g.keys[j], u.power).length === 0;
  const [to] = nearest(g, g.index.get(u.at)!, (j) => g.kind[j] !== BOX, fits);
  const was = u.at;
  if (to === undefined) return tx.emit(() => ({ kind: 'effect', op: 'displace', cite: tx.rules.cite(pointer), text: `${u.id} at ${tx.rules.label(was)} must be displaced but finds no location to go to: the tester decides` }));
  u.at = g.keys[to];
  tx.emit(() => ({ kind: 'effect', op: 'displace', cite: tx.rules.cite(pointer), text: `${u.id} is displaced from ${tx.rules.label(was)}, in a hostile ${d.byZonesOf.join(' or ')} zone, to ${tx.rules.label(u.at)}` }));
}
