// Conquest and liberation by capital, at the end of a game turn: a side other than the one a power
// began on (and than its own now) holding all the power's capitals, with a supply line from each,
// conquers the power; a side other than the conqueror then holding them all (occupying them, where the model says),
// with a supply line by another of its powers, liberates it.
import { capitalsOf, controllingCamp, unitsAt } from './board';
import { eliminate } from './combat/losses';
import { camp, onBoard, unitList, type LocKey } from './state';
import { tracedByParty } from './supply';
import type { Tx } from './tx';
import { unitLabel, unitLabels } from './units';

const POINTER = '/mechanics/conquest';

export function conquerAndLiberate(tx: Tx) {
  const model = tx.rules.r.mechanics?.conquest;
  if (!model) return;
  const s = tx.s;
  const cite = tx.rules.cite(POINTER);
  for (const power of tx.rules.powers) {
    const capitals = capitalsOf(tx.rules, power).map(({ at }) => at);
    const record = s.powers[power];
    if (!capitals.length || !record || model.exceptPowers?.includes(power)) continue;
    const holder = sideHolding(tx, capitals);
    const liberated = holder !== null && record.status === model.conquered && record.conqueredBy !== undefined && holder !== record.conqueredBy && (!model.liberatorOccupies || capitals.every((at) => occupiedBy(tx, at, holder)));
    const conquered = record.status !== model.conquered && holder !== (tx.rules.r.powers?.[power]?.side ?? null) && holder !== record.side;
    if (!holder || !(liberated || conquered) || !capitals.every(tracedByParty(tx, holder, power))) continue;
    const name = tx.rules.party(power);
    const places = capitals.map((at) => tx.rules.label(at));
    const held = liberated && model.liberatorOccupies ? 'occupied' : 'held';
    const how = `${places.length > 1 ? `${places.slice(0, -1).join(', ')} and ${places.at(-1)} are` : `${places[0]} is`} ${held} by ${tx.rules.party(holder)}, with a supply line from ${places.length > 1 ? 'each' : 'it'}`;
    if (liberated) {
      tx.setPower(power, { status: model.liberated, side: holder });
      delete record.conqueredBy;
      const freed = unitList(s).filter((u) => u.power === power && u.at === 'eliminated');
      for (const u of freed) tx.relocate(u, 'pool');
      tx.emit(() => ({ kind: 'effect', op: 'liberate', cite, text: `${name} is liberated: ${how}; ${name} joins ${tx.rules.party(holder)}${freed.length ? `, and its eliminated units go to the force pool (${unitLabels(tx, freed.map((u) => u.id))})` : ''}` }));
    } else {
      tx.setPower(power, { status: model.conquered });
      record.conqueredBy = holder;
      tx.emit(() => ({ kind: 'effect', op: 'conquer', cite, text: `${name} is conquered: ${how}` }));
      for (const u of unitList(s)) if (u.power === power && onBoard(u.at)) eliminate(tx, u, cite, `${unitLabel(tx.rules, u)} is eliminated: ${name} is conquered`);
    }
  }
}

/** Whether units of a side stand at a location. */
const occupiedBy = (tx: Tx, at: LocKey, side: string) => unitsAt(tx.s, at).some((u) => camp(tx.s, u.power) === side);

/** The side holding every one of some locations, or null (held by different camps, by none, or by a power on no side). */
function sideHolding(tx: Tx, locations: readonly LocKey[]): string | null {
  const holders = new Set(locations.map((at) => controllingCamp(tx.rules, tx.s, at)));
  const [holder] = holders;
  return holders.size === 1 && holder !== undefined && tx.rules.sides.includes(holder) ? holder : null;
}
