// Tracks and resource stocks. A starting value that is a gap stays absent from the state until the
// tester rules on it; reading it asks.
import { joinPointer } from '../json/pointer';
import type { Tx } from './tx';
import { cited, missing } from './values';

const trackKey = (track: string, power?: string) => (power ? `${track}@${power}` : track);

export function readTrack(tx: Tx, track: string, power?: string): number | undefined {
  const key = trackKey(track, power);
  if (Object.hasOwn(tx.s.tracks, key)) return tx.s.tracks[key];
  const scenarioValue = tx.rules.scenario.tracks?.[track];
  if (scenarioValue !== undefined) return cited(tx, scenarioValue, joinPointer('/scenarios', tx.rules.scenarioId, 'tracks', track), `starting value of track ${track}`);
  const initial = tx.rules.r.tracks?.[track]?.initial;
  const at = joinPointer('/tracks', track, 'initial');
  return initial === undefined ? missing(tx, at, `starting value of track ${track}`) : cited(tx, initial, at, `starting value of track ${track}`);
}

/** Sets a track, kept within its bounds. */
export function writeTrack(tx: Tx, track: string, power: string | undefined, value: number): number {
  const t = tx.rules.r.tracks?.[track];
  const bounded = Math.min(t?.max ?? Infinity, Math.max(t?.min ?? -Infinity, value));
  tx.s.tracks[trackKey(track, power)] = bounded;
  return bounded;
}

export function readResource(tx: Tx, power: string, resource: string): number | undefined {
  const stock = tx.s.resources[power];
  if (stock && Object.hasOwn(stock, resource)) return stock[resource];
  const start = tx.rules.scenario.economy?.[power]?.[resource];
  return start === undefined ? 0 : cited(tx, start, joinPointer('/scenarios', tx.rules.scenarioId, 'economy', power, resource), `${power}'s starting ${resource}`);
}

export function writeResource(tx: Tx, power: string, resource: string, value: number) {
  (tx.s.resources[power] ??= {})[resource] = value;
}
