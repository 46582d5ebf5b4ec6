// The state before the first action: units where the scenario puts them, pools, the reinforcement
// schedule, control, politics and stocks. Starting values that are gaps are left for the tester.
import { joinPointer } from '../json/pointer';
import { createUnits, destination } from './arrivals';
import { countryLocations } from './board';
import { boardLocations } from './graph';
import { seedState, type Seeding } from './dice';
import { relationKey } from './expressions';
import type { Refusal } from './log';
import type { Rules } from './rules';
import type { GameState } from './state';
import { emptyCursor, emptyStep, setUnit } from './state';
import { readResource, readTrack, writeTrack } from './stocks';
import { Tx } from './tx';

export function initialState(rules: Rules, seed: number, manualDice: boolean, seeding: Seeding): GameState | Refusal[] {
  const r = rules.r;
  const sc = rules.scenario;
  const at = (...path: (string | number)[]) => joinPointer('/scenarios', rules.scenarioId, ...path);
  const problems: Refusal[] = [];
  const problem = (message: string, pointer: string) => problems.push({ code: 'bad-setup', message, cite: rules.cite(pointer) });
  const s: GameState = {
    rulesetHash: rules.hash, scenario: rules.scenarioId, seed, manualDice,
    turn: rules.clock.start, cursor: { ...emptyCursor(), slot: -1 }, step: emptyStep(),
    units: {}, serials: {}, control: {}, powers: {}, relations: {}, resources: {}, tracks: {}, flags: {}, fired: [], earned: [], rulings: {},
    tasks: [], losses: [], rng: seedState(seed, seeding), log: [],
  };

  for (const [id, p] of Object.entries(r.powers ?? {})) s.powers[id] = { side: p.side, status: sc.statuses?.[id] ?? p.status };
  for (const rel of [...(r.relations ?? []), ...(sc.relations ?? [])]) s.relations[relationKey(rel.between[0], rel.between[1])] = rel.state;
  for (const loc of boardLocations(rules)) {
    const owner = rules.countryPower(rules.countryOf(loc) ?? '');
    if (owner) s.control[loc] = owner;
  }
  (sc.control ?? []).forEach((entry, i) => {
    const where = [
      ...(entry.countries ?? []).flatMap((c) => countryLocations(rules, c)),
      ...(entry.places ?? []).flatMap((p) => rules.placeLoc.get(p) ?? (problem(`place "${p}" is not on the map`, at('control', i)), [])),
      ...(entry.hexes ?? []).map((h) => `hex:${h}`),
      ...(entry.areas ?? []).map((a) => `area:${a}`),
    ];
    for (const loc of where) s.control[loc] = entry.by;
  });

  sc.placements.forEach((p, i) => {
    const dest = destination(rules, p.location, at('placements', i, 'location'));
    const units = createUnits(rules, s, p, p.power);
    if ('error' in dest) return void problem(dest.error, at('placements', i, 'location'));
    if ('error' in units) return void problem(units.error, at('placements', i));
    for (const u of units) setUnit(s, 'zone' in dest ? { ...u, at: 'unplaced', zone: dest.zone } : { ...u, at: dest.at });
  });
  for (const [power, entries] of Object.entries(sc.forcePools ?? {})) {
    entries.forEach((entry, i) => {
      const units = createUnits(rules, s, entry, power);
      if ('error' in units) return void problem(units.error, at('forcePools', power, i));
      for (const u of units) setUnit(s, { ...u, at: 'pool' });
    });
  }
  (sc.reinforcements ?? []).forEach((rf, i) => {
    const turn = rules.clock.index(rf.turn);
    const dest = destination(rules, rf.to, at('reinforcements', i, 'to'));
    if (turn === undefined) return void problem('the calendar cannot place this turn', at('reinforcements', i, 'turn'));
    if ('error' in dest) return void problem(dest.error, at('reinforcements', i, 'to'));
    rf.units.forEach((entry, j) => {
      const units = createUnits(rules, s, entry, rf.power);
      if ('error' in units) return void problem(units.error, at('reinforcements', i, 'units', j));
      for (const u of units) setUnit(s, { ...u, at: 'due', due: 'zone' in dest ? { turn, to: 'placement', zone: dest.zone } : { turn, to: dest.at } });
    });
  });

  // Known starting values are written out; gaps stay absent until the tester rules on them.
  const tx = new Tx(rules, s);
  tx.probe(() => {
    for (const [id, track] of Object.entries(r.tracks ?? {})) {
      for (const power of track.perPower ? rules.powers : [undefined]) {
        const v = readTrack(tx, id, power);
        if (v !== undefined) writeTrack(tx, id, power, v);
      }
    }
    for (const [power, stock] of Object.entries(sc.economy ?? {})) {
      for (const resource of Object.keys(stock)) {
        const v = readResource(tx, power, resource);
        if (v !== undefined) (s.resources[power] ??= {})[resource] = v;
      }
    }
  });
  return problems.length ? problems : s;
}
