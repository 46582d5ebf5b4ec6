// Conquest and liberation by capital, at the end of a game turn: a side other than the one a power
// began on (and than its own now) holding the power's capital, with a supply line from it, conquers the
// power; a side other than the conqueror then holding it, with a supply line, liberates it.
import { controllingCamp, sideOf } from './board';
import { eliminate } from './combat/losses';
import { onBoard, unitList } from './state';
import { supplyNet, tracesSupply } from './supply';
import type { Tx } from './tx';
import { unitLabel, unitLabels } from './units';

const POINTER = '/mechanics/conquest';

export function conquerAndLiberate(tx: Tx) {
  const model = tx.rules.r.mechanics?.conquest;
  if (!model) return;
  const s = tx.s;
  const cite = tx.rules.cite(POINTER);
  for (const power of tx.rules.powers) {
    const capital = tx.rules.r.powers?.[power]?.capital;
    const at = capital ? tx.rules.placeLoc.get(capital) : undefined;
    const record = s.powers[power];
    if (!at || !record || model.exceptPowers?.includes(power)) continue;
    // The side holding the capital (none where a power on no side holds it).
    const controller = controllingCamp(tx.rules, s, at);
    const holder = controller !== undefined && tx.rules.sides.includes(controller) ? controller : null;
    const liberated = record.status === model.conquered && record.conqueredBy !== undefined && holder !== record.conqueredBy;
    const conquered = record.status !== model.conquered && holder !== (tx.rules.r.powers?.[power]?.side ?? null) && holder !== record.side;
    if (!holder || !(liberated || conquered) || !tracedFrom(tx, holder, at)) continue;
    const name = tx.rules.party(power);
    const how = `${tx.rules.label(at)} is held by ${tx.rules.party(holder)}, with a supply line from it`;
    if (liberated) {
      record.status = model.liberated;
      record.side = holder;
      delete record.conqueredBy;
      const freed = unitList(s).filter((u) => u.power === power && u.at === 'eliminated');
      for (const u of freed) u.at = 'pool';
      tx.emit(() => ({ kind: 'effect', op: 'liberate', cite, text: `${name} is liberated: ${how}; ${name} joins ${tx.rules.party(holder)}${freed.length ? `, and its eliminated units go to the force pool (${unitLabels(tx, freed.map((u) => u.id))})` : ''}` }));
    } else {
      record.status = model.conquered;
      record.conqueredBy = holder;
      tx.emit(() => ({ kind: 'effect', op: 'conquer', cite, text: `${name} is conquered: ${how}` }));
      for (const u of unitList(s)) if (u.power === power && onBoard(u.at)) eliminate(tx, u, cite, `${unitLabel(tx.rules, u)} is eliminated: ${name} is conquered`);
    }
  }
}

/** Whether one of a side's powers traces supply from a location (always, without a supply model). */
function tracedFrom(tx: Tx, side: string, at: string): boolean {
  if (!tx.rules.r.mechanics?.supply) return true;
  return tx.rules.powers.some((p) => sideOf(tx.s, p) === side && tracesSupply(supplyNet(tx, p)!, at, 'land'));
}
