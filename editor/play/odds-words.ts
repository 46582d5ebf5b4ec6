// An attack's odds in words. One attack of a per-unit-dice combat is one round of its battle: nobody
// wins a round, so its odds are the hits each side takes, not who wins.
import type { AttackOdds } from '@/engine/game/odds';

const percent = (n: number, of: number) => `${Math.round((100 * n) / of)}%`;

/** The odds line, for a combat of `model` (the resolved ruleset's mechanics.combat[combat].model). */
export function oddsText(odds: AttackOdds, model: string | undefined, sideName: (id: string) => string): string {
  const { runs, wins, lossPoints, results, support } = odds;
  const count = runs.toLocaleString('en');
  const assuming = odds.assumed?.length ? ` Assumed: ${odds.assumed.join('; ')}.` : '';
  if (results) {
    const shares = Object.entries(results).sort(([, a], [, b]) => b - a);
    return `${strengthsText(odds)}Of ${count} battles on fresh dice, the results: ${shares.map(([code, n]) => `${code} ${percent(n, runs)}`).join(', ')}.${assuming}`;
  }
  const sides = Object.keys(lossPoints);
  const taken = sides.map((side) => `${sideName(side)} ${lossPoints[side].toFixed(1)}`).join(', ');
  const supported = support ? ` (the defender sending all the units it may: ${support.length})` : '';
  if (model === 'per-unit-dice') return `Of ${count} rounds on fresh dice, hits taken on average: ${taken}${supported}.${assuming}`;
  const undecided = runs - Object.values(wins).reduce((a, b) => a + b, 0);
  const won = sides.map((side) => `${sideName(side)} ${percent(wins[side] ?? 0, runs)}`).join(', ');
  return `${strengthsText(odds)}Of ${count} battles on fresh dice, won by ${won}${undecided > 0 ? `, by neither ${percent(undecided, runs)}` : ''}; loss points taken on average: ${taken}${supported}.${assuming}`;
}

/** The strengths the battle counts, before its odds: "Strength 19 against 2. ", a range where support battles change them. */
function strengthsText({ strengths }: AttackOdds): string {
  if (!strengths) return '';
  const range = ([least, most]: [number, number]) => (least === most ? `${least}` : `${least}–${most}`);
  return `Strength ${range(strengths.attacker)} against ${range(strengths.defender)}. `;
}
