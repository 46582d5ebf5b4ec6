// An attack's odds in words: who wins how often where battles are won, the hits each side takes where an
// attack is one round of a per-unit-dice battle, and an odds table's results.
import { describe, expect, it } from 'vitest';
import { oddsText } from '@/editor/play/odds-words';

const sideName = (id: string) => ({ red: 'Red', blue: 'Blue' })[id] ?? id;
const fought = { runs: 1000, wins: {}, lossPoints: { red: 0.612, blue: 1.08 } };

describe('oddsText', () => {
  it('gives a per-unit-dice attack the hits each side takes in a round, with no winner', () => {
    expect(oddsText(fought, 'per-unit-dice', sideName)).toBe('Of 1,000 rounds on fresh dice, hits taken on average: Red 0.6, Blue 1.1.');
    expect(oddsText({ ...fought, support: ['a', 'b'] }, 'per-unit-dice', sideName)).toBe('Of 1,000 rounds on fresh dice, hits taken on average: Red 0.6, Blue 1.1 (the defender sending all the units it may: 2).');
  });

  it('keeps a fire-table attack in battles won and loss points', () => {
    expect(oddsText({ ...fought, wins: { red: 550, blue: 200 } }, 'fire-table', sideName)).toBe('Of 1,000 battles on fresh dice, won by Red 55%, Blue 20%, by neither 25%; loss points taken on average: Red 0.6, Blue 1.1.');
    // What the runs assumed where the battle waits for a choice is said, as for an odds table.
    expect(oddsText({ ...fought, wins: { red: 550 }, assumed: ['the losses of the support battle fall on full-strength units first'] }, 'fire-table', sideName)).toMatch(/; loss points taken on average: Red 0\.6, Blue 1\.1\. Assumed: the losses of the support battle fall on full-strength units first\.$/);
  });

  it('says the strengths the battle counts before its odds, a range where they change from run to run, as a tester weighing an attack wants them', () => {
    expect(oddsText({ ...fought, wins: { red: 970 }, strengths: { attacker: [19, 19], defender: [2, 2] } }, 'fire-table', sideName)).toMatch(/^Strength 19 against 2\. Of 1,000 battles on fresh dice, won by Red 97%/);
    expect(oddsText({ ...fought, results: { DE: 1000 }, strengths: { attacker: [6, 6], defender: [1, 2] } }, 'odds-table', sideName)).toBe('Strength 6 against 1–2. Of 1,000 battles on fresh dice, the results: DE 100%.');
  });

  it('gives an odds table its results by frequency', () => {
    expect(oddsText({ ...fought, results: { DR: 300, AE: 100, DE: 600 } }, 'odds-table', sideName)).toBe('Of 1,000 battles on fresh dice, the results: DE 60%, DR 30%, AE 10%.');
  });
});
