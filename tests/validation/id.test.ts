// A form's check of an id before it writes one is the schemas' own Id: what it refuses, the schema refuses.
import { describe, expect, it } from 'vitest';
import { idProblem } from '@/engine/schema/id';
import { schemaErrors } from '@/engine/schema/validator';

describe('idProblem', () => {
  it('refuses what the schemas refuse as an id, saying why, and accepts what they accept', () => {
    expect(idProblem('north-land_2.a')).toBeUndefined();
    expect(idProblem('North Land')).toMatch(/lower-case letters/);
    expect(idProblem('-north')).toMatch(/starting with a letter or digit/);
    expect(idProblem('a'.repeat(81))).toBe('has at most 80 characters');
    expect(idProblem('constructor')).toMatch(/JavaScript objects keep for themselves/);
    // The same verdicts as the schema's, on an area of a map.
    for (const id of ['north-land_2.a', 'North Land', 'a'.repeat(81), 'constructor']) {
      const map = { map: { kind: 'area', areas: { [id]: { name: 'x', type: 'land' } } } };
      expect(schemaErrors('map', map).length > 0, id).toBe(idProblem(id) !== undefined);
    }
  });
});
