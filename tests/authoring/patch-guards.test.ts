// The tests an erratum's generated operations carry of the ids of the array elements they address, as the
// elements stand when each operation applies.
import { describe, expect, it } from 'vitest';
import type { Operation } from '@/engine';
import { guardedByIds } from '@/server/patch-guards';

const before = { levels: [{ id: 'a', terms: [1, 2] }, { id: 'b', terms: [3] }, { id: 'c', terms: [] }], plain: [{ x: 1 }] };

describe('guardedByIds', () => {
  it('tests the id of each element a change addresses, once while the array keeps its order, by its index then', () => {
    const ops: Operation[] = [
      { op: 'replace', path: '/levels/1/terms/0', value: 4 as never },
      { op: 'add', path: '/levels/1/terms/1', value: 5 as never },
      { op: 'remove', path: '/levels/0' },
      // After the removal "c" is element 1.
      { op: 'replace', path: '/levels/1/terms', value: [] as never },
      // An element without an id, and an insertion point, are not tested.
      { op: 'replace', path: '/plain/0/x', value: 2 as never },
      { op: 'add', path: '/levels/2', value: { id: 'd' } },
    ];
    expect(guardedByIds(ops, before)).toEqual([
      { op: 'test', path: '/levels/1/id', value: 'b' },
      ops[0],
      ops[1],
      { op: 'test', path: '/levels/0/id', value: 'a' },
      ops[2],
      { op: 'test', path: '/levels/1/id', value: 'c' },
      ops[3],
      ops[4],
      ops[5],
    ]);
    // The original is left as it was.
    expect(before.levels).toHaveLength(3);
  });
});
