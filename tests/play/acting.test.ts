// Where the tester acts, the play page names the power acting and says when another acts than at the tester's
// last action (one power's production step passed by itself, the next power's begun).
import { describe, expect, it } from 'vitest';
import { actingLabel, powerChange } from '@/editor/play/acting';

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
});
