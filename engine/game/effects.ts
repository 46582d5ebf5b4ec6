// Effects: the changes triggers make. What the engine cannot make itself becomes a task for the tester.
import type { Effect } from '../generated/schema-types';
import { joinPointer } from '../json/pointer';
import { createUnits, destination, put } from './arrivals';
import { takeControl } from './control';
import { relationKey, value } from './expressions';
import { listedLocations } from './listed-locations';
import { readResource, readTrack, writeResource, writeTrack } from './stocks';
import { openTask } from './tasks';
import type { Tx } from './tx';
import { setUnit } from './state';
import { rosterOf, stepsOf, unitLabel, unitLabels } from './units';
import { possessive } from '../words';

export function applyEffect(tx: Tx, e: Effect, pointer: string) {
  const s = tx.s;
  const say = (text: string) => tx.emit(() => ({ kind: 'effect', op: e.op, cite: tx.rules.cite(pointer), text }));
  switch (e.op) {
    case 'addUnits': {
      const dest = destination(tx.rules, e.to, joinPointer(pointer, 'to'));
      if ('error' in dest) return void openTask(tx, `add units for ${tx.rules.party(e.power)}: ${dest.error}`, pointer);
      e.units.forEach((spec, i) => {
        const existing = spec.unit !== undefined && Object.hasOwn(s.units, spec.unit) ? s.units[spec.unit] : undefined;
        const units = existing ? [existing] : createUnits(tx.rules, s, spec, e.power);
        if ('error' in units) return void openTask(tx, `add units for ${tx.rules.party(e.power)}: ${units.error}`, joinPointer(pointer, 'units', i));
        // A unit already in play the effect names a side for is turned to it (a one-sided counter has but the one).
        if (existing && spec.reduced !== undefined) {
          const steps = stepsOf(tx.rules, existing);
          const full = rosterOf(tx.rules, existing)?.oneSided ? steps - 1 : 0;
          const lost = spec.reduced ? Math.max(full, Math.min(1, steps - 1)) : full;
          if (existing.stepsLost !== lost) tx.setSteps(existing, lost);
        }
        for (const u of units) {
          setUnit(s, u);
          say(`${tx.rules.party(e.power)} gains ${unitLabel(tx.rules, u)}`);
          put(tx, u, dest, pointer, e.ifHeld);
        }
      });
      return;
    }
    case 'removeUnits':
      for (const id of e.units) if (Object.hasOwn(s.units, id)) tx.relocate(s.units[id], 'removed');
      return say(`Removed from play: ${unitLabels(tx, e.units)}`);
    case 'setControl': {
      for (const at of new Set(listedLocations(tx.rules, e, 'locations').flatMap((l) => l.at))) takeControl(tx, at, e.to, pointer);
      return;
    }
    case 'setStatus':
      tx.setPower(e.power, { status: e.status });
      return say(`${possessive(tx.rules.party(e.power))} status is now ${tx.rules.nameIn('statuses', e.status).toLowerCase()}`);
    case 'setRelation':
      s.relations[relationKey(e.between[0], e.between[1])] = e.state;
      return say(`${tx.rules.party(e.between[0])} and ${tx.rules.party(e.between[1])}: ${tx.rules.nameIn('relationStates', e.state).toLowerCase()}`);
    case 'setSide':
      tx.setPower(e.power, { side: e.side });
      return say(e.side ? `${tx.rules.party(e.power)} joins ${tx.rules.party(e.side)}` : `${tx.rules.party(e.power)} leaves every side`);
    case 'adjustTrack': {
      const now = readTrack(tx, e.track, e.power) ?? 0;
      const next = e.set !== undefined ? value(tx, e.set, joinPointer(pointer, 'set')) : now + value(tx, e.by ?? 0, joinPointer(pointer, 'by'));
      const set = writeTrack(tx, e.track, e.power, next);
      return say(`Track ${tx.rules.nameIn('tracks', e.track)}${e.power ? ` (${tx.rules.party(e.power)})` : ''}: ${now} → ${set}`);
    }
    case 'adjustResource': {
      const now = readResource(tx, e.power, e.resource) ?? 0;
      const next = now + value(tx, e.by, joinPointer(pointer, 'by'));
      writeResource(tx, e.power, e.resource, next);
      return say(`${possessive(tx.rules.party(e.power))} ${e.resource}: ${now} → ${next}`);
    }
    case 'setFlag':
      s.flags[e.flag] = e.value ?? true;
      return say(`Flag ${tx.rules.nameIn('flags', e.flag)} ${e.value === false ? 'cleared' : 'set'}`);
    case 'manual':
      return void openTask(tx, e.instruction, pointer);
  }
}
