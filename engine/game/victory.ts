// Victory, by the scenario's own conditions where it has some, else the ruleset's: at each check they
// name the first level whose condition holds is reached; a check that ends the game ends it there. Past
// the last turn the game ends with the level then reached, or their 'otherwise'.
import type { Check, Level } from '../generated/schema-types';
import { joinPointer } from '../json/pointer';
import { explainCondition } from './condition-why';
import { test } from './expressions';
import type { Rules } from './rules';
import type { GameResult, GameState } from './state';
import { Tx } from './tx';

/** The first level (of those named, where a check names some) whose condition holds. */
function reached(tx: Tx, only?: readonly string[]): { level: Level; pointer: string } | undefined {
  const levels = tx.rules.victory?.levels ?? [];
  for (let i = 0; i < levels.length; i++) {
    if (only && !only.includes(levels[i].id)) continue;
    if (test(tx, levels[i].condition, tx.rules.pointer(tx.rules.victoryPointer, 'levels', i, 'condition'))) return { level: levels[i], pointer: tx.rules.pointer(tx.rules.victoryPointer, 'levels', i) };
  }
  return undefined;
}

/** The level a check would reach at this position (the first whose condition holds), without checking; a gap reads as not holding. */
export function levelNow(rules: Rules, s: GameState): Level | undefined {
  const tx = new Tx(rules, s, {}, true);
  return tx.probe(() => reached(tx)?.level);
}

function applies(tx: Tx, check: Check, moment: 'end-of-turn' | 'immediately'): boolean {
  const at = check.turn ? tx.rules.clock.index(check.turn) : undefined;
  if (moment === 'immediately') return check.when === 'immediately' && (at === undefined || tx.s.turn >= at);
  if (check.when === 'end-of-turn') return at === undefined || tx.s.turn >= at;
  return check.when === 'after-turn' && tx.s.turn === (at ?? tx.rules.clock.last);
}

/** Runs the checks due at this moment; returns whether the game is over. */
export function checkVictory(tx: Tx, moment: 'end-of-turn' | 'immediately'): boolean {
  // Asked after every action: the checks are filtered before any pointer is made.
  const checks = (tx.rules.victory?.checks ?? []).flatMap((c, i) => (applies(tx, c, moment) ? [{ c, pointer: tx.rules.pointer(tx.rules.victoryPointer, 'checks', i) }] : []));
  if (checks.length === 0) return false;
  // Each check looks at its own levels: the one ending the game with a level reached comes first.
  const results = checks.map(({ c, pointer }) => ({ c, pointer, found: reached(tx, c.levels) }));
  const ender = results.find((r) => r.found && r.c.endsGame);
  const found = (ender ?? results.find((r) => r.found))?.found;
  if (!found) {
    if (moment === 'end-of-turn') {
      tx.emit(() => {
        const why = shortOf(tx, checks.map(({ c }) => c));
        return { kind: 'victory', endsGame: false, why, cite: tx.rules.cite(checks[0].pointer), text: `Victory check: no level reached${why ? ` (${why})` : ''}` };
      });
    }
    return false;
  }
  const { level, pointer } = found;
  tx.emit(() => {
    const why = explainCondition(tx, level.condition, joinPointer(pointer, 'condition'));
    return { kind: 'victory', level: level.id, side: level.side, endsGame: !!ender, why, cite: tx.rules.cite(pointer), text: `Victory check: ${level.name} reached: ${why}${ender ? '; the game ends' : ''}` };
  });
  if (ender) gameOver(tx, { level: { id: level.id, name: level.name, side: level.side }, text: level.name, turn: tx.s.turn, cite: tx.rules.cite(pointer) });
  return !!ender;
}

/**
 * What fell short at a check reaching no level: for each side (and each level of none), the last of its
 * levels the checks look at, the nearest to reach where levels run from the highest down.
 */
function shortOf(tx: Tx, checks: readonly Check[]): string {
  const levels = tx.rules.victory?.levels ?? [];
  const nearest = new Map<string, number>();
  levels.forEach((level, i) => {
    if (checks.some((c) => !c.levels || c.levels.includes(level.id))) nearest.set(level.side ?? `level:${level.id}`, i);
  });
  return [...nearest.values()].map((i) => `${levels[i].name}: ${explainCondition(tx, levels[i].condition, tx.rules.pointer(tx.rules.victoryPointer, 'levels', i, 'condition'))}`).join('; ');
}

/** The result when the turn track passes the last turn. */
export function finalResult(tx: Tx) {
  const found = reached(tx);
  if (found) {
    tx.emit(() => {
      const why = explainCondition(tx, found.level.condition, joinPointer(found.pointer, 'condition'));
      return { kind: 'victory', level: found.level.id, side: found.level.side, endsGame: true, why, cite: tx.rules.cite(found.pointer), text: `Victory check: ${found.level.name} reached: ${why}; the game ends` };
    });
  }
  const otherwise = tx.rules.victory?.otherwise ?? 'no victory level reached';
  gameOver(tx, found
    ? { level: { id: found.level.id, name: found.level.name, side: found.level.side }, text: found.level.name, turn: tx.s.turn, cite: tx.rules.cite(found.pointer) }
    : { text: otherwise, turn: tx.s.turn, cite: tx.rules.cite(tx.rules.victory ? joinPointer(tx.rules.victoryPointer, 'otherwise') : '/calendar') });
}

/**
 * Why the game ended as it did, said of its last position: the level's condition with what it counts, or,
 * ended past the last turn with no level, what each side's nearest level lacked. Nothing for an end the tester made.
 */
export function resultWhy(rules: Rules, s: GameState): string | undefined {
  const over = s.over;
  if (!over || !rules.victory) return undefined;
  const tx = new Tx(rules, s, {}, true);
  const i = rules.victory.levels.findIndex((l, i) => l.id === over.level?.id && over.cite.pointer === rules.pointer(rules.victoryPointer, 'levels', i));
  if (i >= 0) return tx.probe(() => explainCondition(tx, rules.victory!.levels[i].condition, rules.pointer(rules.victoryPointer, 'levels', i, 'condition')));
  return over.cite.pointer === joinPointer(rules.victoryPointer, 'otherwise') ? tx.probe(() => shortOf(tx, [{ when: 'end-of-turn' }])) || undefined : undefined;
}

/** A result in words, with who won where a side did and its words do not name it ("Red major victory" does): "Red concedes (won by Blue)". */
export function resultWords(rules: Rules, result: GameResult): string {
  const winner = result.level?.side && rules.party(result.level.side);
  return winner && !result.text.includes(winner) ? `${result.text} (won by ${winner})` : result.text;
}

export function gameOver(tx: Tx, result: GameResult) {
  tx.s.over = result;
  tx.emit(() => ({ kind: 'game-over', result, cite: result.cite, text: `Game over on ${tx.rules.clock.label(result.turn)}: ${resultWords(tx.rules, result)}` }));
}
