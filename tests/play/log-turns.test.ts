// The play-by-play by turn: titles from the calendar, newest first, a turn summed up, and what a search finds.
import { describe, expect, it } from 'vitest';
import type { GameEvent, LogEntry } from '@/engine/game';
import { entryMatches, logTurns, turnSummary } from '@/editor/play/log-turns';

const entry = (seq: number, turn: number, events: GameEvent[] = [], manual = false): LogEntry => ({ seq, turn, manual, action: { type: 'endStep', side: 'blue' }, events });
const begins = (turn: number, title: string): GameEvent => ({ kind: 'turn', turn, edge: 'start', text: `${title} begins` });

describe('logTurns', () => {
  it('groups entries by turn, newest turn and entry first, each titled as its turn began', () => {
    const turns = logTurns([entry(0, 1), entry(1, 1, [begins(2, 'Turn 2 (spring 1940)')]), entry(2, 2), entry(3, 2)]);
    expect(turns.map((t) => [t.title, t.entries.map((e) => e.seq)])).toEqual([
      ['Turn 2 (spring 1940)', [3, 2]],
      ['Turn 1', [1, 0]],
    ]);
  });

  it('titles a turn whose start the entries do not hold by the title it is given (the current turn, its log read in part)', () => {
    expect(logTurns([entry(40, 5), entry(41, 5)], new Map([[5, 'Turn 5 (summer 1940)']]))[0].title).toBe('Turn 5 (summer 1940)');
  });
});

describe('turnSummary', () => {
  it('counts the entries, battles, places changing hands, units eliminated and adjudications', () => {
    const battle: GameEvent = { kind: 'battle', combat: 'fire', target: 'hex:0101', attacker: { party: 'blue', strength: 4 }, defender: { party: 'red', strength: 2 }, text: 'Battle' } as GameEvent;
    const control: GameEvent = { kind: 'control', location: 'hex:0101', to: 'blue', text: 'Blue takes 0101' };
    const lost: GameEvent = { kind: 'loss', unit: 'r1', steps: 1, eliminated: true, text: 'r1 eliminated' };
    const reduced: GameEvent = { kind: 'loss', unit: 'r2', steps: 1, eliminated: false, text: 'r2 reduced' };
    expect(turnSummary([entry(5, 1, [battle, lost, reduced, control]), entry(6, 1, [], true)])).toBe('2 entries · 1 battle · 1 place changing hands · 1 unit eliminated · 1 adjudication');
    expect(turnSummary([entry(7, 1)])).toBe('1 entry');
  });

  it("says where its entries are only some of the turn's: those of a log shown in part, or those a search found", () => {
    expect(turnSummary([entry(5, 1, [], true), entry(6, 1)], 'shown')).toBe('2 entries shown · 1 adjudication');
    expect(turnSummary([entry(7, 1)], 'found')).toBe('1 entry found');
  });
});

describe('entryMatches', () => {
  it('finds the words in the action or an event, in any case; no words find every entry', () => {
    const e = entry(1, 1, [{ kind: 'control', location: 'hex:0101', to: 'blue', text: 'Blue takes Paris' }]);
    expect(entryMatches(e, 'move 1st Armor to hex 0102', '1st armor')).toBe(true);
    expect(entryMatches(e, 'end the step', 'paris')).toBe(true);
    expect(entryMatches(e, 'end the step', 'Berlin')).toBe(false);
    expect(entryMatches(e, 'end the step', '  ')).toBe(true);
    // Not in the rules a reminder quotes: what happened only.
    const reminded = entry(2, 1, [{ kind: 'reminder', text: 'US units trace to London, Paris, Algiers or Rome' }]);
    expect(entryMatches(reminded, 'end the step', 'paris')).toBe(false);
  });
});
