// Where the tester acts, the play page names the power acting and says when another acts than at the tester's
// last action (one power's production step passed by itself, the next power's begun).
import { describe, expect, it } from 'vitest';
import { actingLabel, heldWords, powerChange } from '@/editor/play/acting';

const name = (id: string) => ({ germany: 'Germany', italy: 'Italy' })[id] ?? id;

describe('acting', () => {
  it('names the power and its step, or nothing where no power acts for its side', () => {
    expect(actingLabel({ power: 'germany', step: 'Production' }, name)).toBe('Germany, Production');
    expect(actingLabel({ power: 'italy' }, name)).toBe('Italy');
    expect(actingLabel({ step: 'Movement' }, name)).toBeUndefined();
  });

  it('says when another power acts than at the last action, and for whom the next action is', () => {
    expect(powerChange({ power: 'germany', step: 'Production' }, { power: 'italy', step: 'Production' }, name)).toBe('Germany’s Production is over: Italy’s has begun. What you do next is for Italy.');
    expect(powerChange({ power: 'germany', step: 'Production' }, { power: 'italy', step: 'Minor winter points' }, name)).toBe(
      'Germany’s Production is over: Italy acts now (Minor winter points). What you do next is for Italy.',
    );
    expect(powerChange({ step: 'Movement' }, { power: 'italy', step: 'Production' }, name)).toBe('Movement is over: Italy acts now (Production). What you do next is for Italy.');
  });

  it('says nothing before any action, when the same power acts, or when none does', () => {
    expect(powerChange(undefined, { power: 'italy', step: 'Production' }, name)).toBeUndefined();
    expect(powerChange({ power: 'italy', step: 'Production' }, { power: 'italy', step: 'Production' }, name)).toBeUndefined();
    expect(powerChange({ power: 'germany', step: 'Production' }, { step: 'Movement' }, name)).toBeUndefined();
    // Losses taken in the middle of Germany's combat name no power: the step goes on, it is not over.
    expect(powerChange({ step: 'Conduct Combat' }, { power: 'germany', step: 'Conduct Combat' }, name)).toBeUndefined();
  });

  it('says what the game waits for before a unit may be sent on the map, not a click to try an attack', () => {
    expect(heldWords({ waiting: 'Allies to choose the support of the defence of hex 1908; then the battle at hex 1908 is fought', tasks: [] })).toBe(
      'Waiting for Allies to choose the support of the defence of hex 1908; then the battle at hex 1908 is fought. The actions list offers the choice; no unit moves or attacks until then.',
    );
    expect(heldWords({ question: { key: 'roll:0' }, tasks: [] })).toBe('Waiting on the question the engine asks; no unit moves or attacks until then.');
    expect(heldWords({ tasks: [1] })).toBe('Waiting on the task to adjudicate by hand; no unit moves or attacks until then.');
    expect(heldWords({ tasks: [] })).toBeUndefined();
  });
});
