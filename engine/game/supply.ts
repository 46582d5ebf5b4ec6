// Supply: a unit is in supply when a path of at most `maxLength` steps leads from it to a friendly
// source, through no location holding hostile units or in a hostile zone of the blocking classes
// (the unit's own location excepted), changing between land and sea only at the named kind of place.
import { joinPointer } from '../json/pointer';
import { camp, controls, hostile, placesOfKind, sideOf } from './board';
import type { Rules } from './rules';
import type { LocKey, UnitState } from './state';
import { locId, unitList } from './state';
import { openTask } from './tasks';
import type { Tx } from './tx';
import { classOf, needsSupply } from './units';
import { cited, missing } from './values';
import { hostileZone } from './zoc';

type Medium = 'land' | 'sea';
const SUPPLY = '/mechanics/supply';

function fits(rules: Rules, at: LocKey, medium: Medium): boolean {
  if (at.startsWith('area:')) return (rules.r.map?.areas?.[locId(at)]?.type ?? 'land') === medium;
  const m = rules.r.map?.terrain?.[rules.terrainOf(at) ?? '']?.medium ?? 'land';
  return m === 'coastal' || m === medium;
}

/** Locations (with the medium reached) from which a power's units can trace supply; kept per camp while the state is frozen. */
export function supplyNet(tx: Tx, power: string): Set<string> | undefined {
  return tx.frozen ? tx.derived(`supply-net:${camp(tx.s, power)}`, () => traceNet(tx, power)) : traceNet(tx, power);
}

function traceNet(tx: Tx, power: string): Set<string> | undefined {
  const model = tx.rules.r.mechanics?.supply;
  if (!model) return undefined;
  const party = sideOf(tx.s, power) ?? power;
  const sources = placesOfKind(tx.rules, model.sources ?? []).filter((at) => controls(tx.s, at, party));
  const max = model.maxLength === 'unlimited' ? Infinity : model.maxLength === undefined ? missing(tx, joinPointer(SUPPLY, 'maxLength'), 'longest supply path') : cited(tx, model.maxLength, joinPointer(SUPPLY, 'maxLength'), 'longest supply path');
  // A path may end where a hostile zone or hostile units are (the unit's own location), not pass on.
  const blocked = hostileZone(tx, power, (cls) => model.blockedByZocOf?.includes(cls) ?? false);
  for (const u of unitList(tx.s)) if (hostile(tx.s, u.power, power)) blocked.add(u.at);
  const ports = new Set(model.changeMediumAt ? placesOfKind(tx.rules, [model.changeMediumAt]) : []);
  const reached = new Set<string>();
  let ring: [LocKey, Medium][] = [];
  const reach = (at: LocKey, medium: Medium) => {
    const key = `${at}|${medium}`;
    if (reached.has(key)) return;
    reached.add(key);
    ring.push([at, medium]);
  };
  for (const at of sources) for (const m of ['land', 'sea'] as const) if (fits(tx.rules, at, m)) reach(at, m);
  for (let d = 0; d < (max ?? Infinity) && ring.length; d++) {
    const current = ring;
    ring = [];
    for (const [at, medium] of current) {
      if (blocked.has(at) && !sources.includes(at)) continue;
      const media: Medium[] = ports.has(at) ? ['land', 'sea'] : [medium];
      for (const link of tx.rules.links.get(at) ?? []) {
        if (link.entry) continue;
        for (const m of media) if (fits(tx.rules, link.to, m)) reach(link.to, m);
      }
    }
  }
  return reached;
}

/** Supply nets by power, traced once per camp (a net depends on the power only through its camp); for a moment when the state does not change. */
export function supplyNets(tx: Tx): (power: string) => Set<string> | undefined {
  const nets = new Map<string, Set<string> | undefined>();
  return (power) => {
    const key = camp(tx.s, power);
    if (!nets.has(key)) nets.set(key, supplyNet(tx, power));
    return nets.get(key);
  };
}

export const tracesSupply = (net: Set<string>, at: LocKey, medium: Medium = 'land') => net.has(`${at}|${medium}`);

/** The supply procedure: marks each unit of the given powers in or out of supply. */
export function checkSupply(tx: Tx, which: (power: string) => boolean) {
  const model = tx.rules.r.mechanics?.supply;
  if (!model) return;
  if (!model.sources?.length) return void openTask(tx, 'the supply model names no sources: trace supply by hand', joinPointer(SUPPLY, 'sources'));
  const netOf = supplyNets(tx);
  const good: string[] = [];
  const out: UnitState[] = [];
  for (const u of unitList(tx.s)) {
    if (!which(u.power) || !(u.at.startsWith('hex:') || u.at.startsWith('area:')) || !needsSupply(tx.rules, u)) continue;
    const supplied = tracesSupply(netOf(u.power)!, u.at, classOf(tx.rules, u) === 'naval' ? 'sea' : 'land');
    u.supplied = supplied;
    if (supplied) good.push(u.id);
    else out.push(u);
  }
  for (const u of out) tx.emit({ kind: 'supply', units: [u.id], supplied: false, cite: tx.rules.cite(SUPPLY), text: `${u.id} at ${tx.rules.label(u.at)} is out of supply` });
  tx.emit({ kind: 'supply', units: good, supplied: true, cite: tx.rules.cite(SUPPLY), text: `Supply traced: ${good.length} units in supply, ${out.length} out` });
}
