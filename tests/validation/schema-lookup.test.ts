// The schema the ruleset's schema gives a place, through unions: the branch the document's value there is of (a
// combat model by its `model`, a setting that is `false` or an object by its type), none where no one branch fits.
import { describe, expect, it } from 'vitest';
import { absenceMeaning, schemaAt } from '@/engine/schema/lookup';

const combat = (model: string) => ({ mechanics: { combat: { land: { model } } } });
const title = (pointer: string, document?: unknown) => schemaAt('ruleset', pointer, document)?.schema.title;

describe('schemaAt through a union', () => {
  it('follows the branch the discriminator selects', () => {
    const maxShift = (model: string) => schemaAt('ruleset', '/mechanics/combat/land/maxShift', combat(model));
    expect(maxShift('fire-table')).toMatchObject({ named: true, node: { description: 'Cap on total column shifts.' } });
    expect(maxShift('odds-table')?.node.description).toMatch(/^Cap on the terrain's column shift/);
  });

  it('gives the branch itself as the schema of the union’s place', () => {
    expect(title('/mechanics/combat/land', combat('odds-table'))).toBe('OddsTableCombat');
    expect(title('/mechanics/combat/land')).toBe('Combat');
    expect(Object.keys(schemaAt('ruleset', '/mechanics/combat/land', combat('odds-table'))?.schema.properties ?? {})).toContain('attackFactor');
  });

  it('finds none for a key only another branch defines, an unknown model, or no document', () => {
    expect(schemaAt('ruleset', '/mechanics/combat/land/attackFactor', combat('fire-table'))).toBeUndefined();
    expect(schemaAt('ruleset', '/mechanics/combat/land/maxShift', combat('no-such-model'))).toBeUndefined();
    expect(schemaAt('ruleset', '/mechanics/combat/land/maxShift')).toBeUndefined();
    expect(schemaAt('ruleset', '/mechanics/combat/land/maxShift', { mechanics: {} })).toBeUndefined();
  });

  it('tells branches apart by type where they have no discriminator', () => {
    const power = (enterable: unknown) => ({ powers: { p: { enterable } } });
    expect(schemaAt('ruleset', '/powers/p/enterable/closedTo', power({ closedTo: ['land'] }))?.address).toMatch(/#\/\$defs\/Power\/properties\/enterable\/oneOf\/1\/properties\/closedTo$/);
    expect(schemaAt('ruleset', '/powers/p/enterable/closedTo', power(false))).toBeUndefined();
  });
});

describe('absenceMeaning through a union', () => {
  it('reads the description of the branch the document chose', () => {
    const pointer = '/mechanics/combat/land/attackers';
    expect(absenceMeaning('ruleset', pointer, combat('fire-table')).text).toMatch(/^Without it, any unit/);
    expect(absenceMeaning('ruleset', pointer, combat('odds-table')).text).toBe('Without it, any unit with the attack factor may.');
    expect(absenceMeaning('ruleset', pointer)).toEqual({});
  });
});
