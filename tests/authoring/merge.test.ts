import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { mergeDrafts } from '@/engine/json/merge';

// A stale save merged: the changes from the common base to mine applied to theirs, or the pointers where they meet.
const json = (v: unknown) => `${JSON.stringify(v, null, 2)}\n`;
const base = { title: 'Skirmish', units: { armor: { movement: 4, attack: 3 }, infantry: { movement: 2 } }, levels: [{ id: 'a', name: 'A' }, { id: 'b', name: 'B' }, { id: 'c', name: 'C' }] };
const edited = (edit: (r: typeof base) => void) => {
  const copy = structuredClone(base);
  edit(copy);
  return json(copy);
};

describe('mergeDrafts', () => {
  it('applies my changes to theirs where they touch different values', () => {
    const mine = edited((r) => {
      r.units.armor.movement = 5;
      (r.units as Record<string, unknown>).cavalry = { movement: 6 };
    });
    const theirs = edited((r) => {
      r.title = 'Skirmish at the Fords';
      r.levels[2].name = 'C!';
    });
    const merged = mergeDrafts(json(base), mine, theirs);
    expect(merged).toMatchObject({ kind: 'merged', changes: 2 });
    if (merged.kind !== 'merged') return;
    expect(JSON.parse(merged.text)).toEqual(
      JSON.parse(
        edited((r) => {
          r.title = 'Skirmish at the Fords';
          r.levels[2].name = 'C!';
          r.units.armor.movement = 5;
          (r.units as Record<string, unknown>).cavalry = { movement: 6 };
        }),
      ),
    );
  });

  it('names the pointers where a change of mine meets one of theirs: the same value, or one inside the other', () => {
    const mine = edited((r) => (r.units.armor.movement = 5));
    expect(mergeDrafts(json(base), mine, edited((r) => (r.units.armor.movement = 6)))).toEqual({ kind: 'overlap', overlaps: [{ mine: '/units/armor/movement', theirs: '/units/armor/movement' }] });
    expect(mergeDrafts(json(base), mine, edited((r) => delete (r.units as Partial<typeof r.units>).armor))).toEqual({ kind: 'overlap', overlaps: [{ mine: '/units/armor/movement', theirs: '/units/armor' }] });
  });

  it('counts an element they removed from an array as meeting my change further along it', () => {
    const mine = edited((r) => (r.levels[2].name = 'Third'));
    expect(mergeDrafts(json(base), mine, edited((r) => r.levels.splice(0, 1)))).toMatchObject({ kind: 'overlap', overlaps: [{ mine: '/levels/2/name', theirs: '/levels/0' }] });
    // Other elements replaced in place shift nothing.
    const merged = mergeDrafts(json(base), mine, edited((r) => (r.levels[0].name = 'First')));
    expect(merged.kind === 'merged' && JSON.parse(merged.text).levels.map((l: { name: string }) => l.name)).toEqual(['First', 'B', 'Third']);
  });

  it('takes a change both made alike once, and keeps theirs as it is when mine has nothing else', () => {
    const both = edited((r) => (r.units.infantry.movement = 3));
    expect(mergeDrafts(json(base), both, both)).toEqual({ kind: 'merged', text: both, changes: 0 });
  });

  it('keeps the layout of theirs, one-line rows included', () => {
    const combat = fs.readFileSync(path.join(import.meta.dirname, '..', 'fixtures', 'rulesets', 'skirmish', 'tables', 'combat.json'), 'utf8');
    const row = (text: string, key: string) => text.split('\n').find((l) => l.trimStart().startsWith(`"${key}": {`))!;
    const mine = combat.replace(row(combat, '2'), row(combat, '2').replace('"3-5": 1', '"3-5": 4'));
    const theirs = combat.replace(row(combat, '3'), row(combat, '3').replace('"1-2": 0', '"1-2": 1'));
    expect(mine).not.toBe(combat);
    expect(theirs).not.toBe(combat);
    const merged = mergeDrafts(combat, mine, theirs);
    expect(merged).toEqual({ kind: 'merged', text: theirs.replace(row(theirs, '2'), row(mine, '2')), changes: 1 });
  });

  it('keeps a one-line cell on one line when my edit turned its gap into a value with a source, several changes in it', () => {
    const gap = '{"gap": "The chart is not reproduced in the text.", "rule": "7.1.4", "category": "economy"}';
    const filled = (n: number, note: string) => `{ "value": ${n}, "source": { "kind": "provisional", "rule": "7.1.4", "note": "${note}" } }`;
    const costs = `{\n  "cells": {\n    "armor": {\n      "build": ${gap},\n      "upgrade": ${gap}\n    },\n    "paratroop": {\n      "build": ${gap},\n      "upgrade": ${gap}\n    }\n  }\n}\n`;
    const [armor, paratroop] = [costs.indexOf('"build"'), costs.lastIndexOf('"build"')];
    const at = (text: string, offset: number, cell: string) => text.slice(0, offset) + `"build": ${cell}` + text.slice(offset + `"build": ${gap}`.length);
    const theirs = at(costs, armor, filled(8, 'tab A'));
    const mine = at(costs, paratroop, filled(5, 'tab B'));
    const merged = mergeDrafts(costs, mine, theirs);
    expect(merged).toMatchObject({ kind: 'merged', text: at(theirs, theirs.lastIndexOf('"build"'), filled(5, 'tab B')) });
  });

  it('says which text is not JSON', () => {
    expect(mergeDrafts(json(base), '{ "title": ', json(base))).toEqual({ kind: 'unreadable', which: 'mine' });
    expect(mergeDrafts('', json(base), json(base))).toEqual({ kind: 'unreadable', which: 'base' });
  });
});
