// A place's kind that no rule reads and no other place has is most likely a misspelling: it is said, with
// the nearest kind that rules read; a kind a rule reads, wherever the schemas let a rule name one, is not.
import { describe, expect, it } from 'vitest';
import { editJson, loadWith } from './helpers';

const MAP = 'skirmish/map.json';
const unread = (files: Record<string, string>) => loadWith('skirmish', files).diagnostics.filter((d) => d.code === 'unread-place-kind');
const kinds = (place: string, list: string[]) => editJson(MAP, (d) => (d.map.places[place].kinds = list));

describe('place kinds no rule reads', () => {
  it('warns of a misspelt kind at the kind, naming the place and the nearest kind a rule reads', () => {
    const found = unread({ [MAP]: kinds('grey-town', ['city', 'prodution']) });
    expect(found.map((d) => [d.severity, d.document, d.pointer])).toEqual([['warning', MAP, '/map/places/grey-town/kinds/1']]);
    expect(found[0].message).toBe('Grey Town ("grey-town") is of kind "prodution", which no rule reads and no other place has: it counts for nothing in play; did you mean "production"?');
  });

  it('lists the kinds rules read where none is near', () => {
    const [found] = unread({ [MAP]: kinds('ford', ['metropolis']) });
    expect(found.message).toMatch(/"metropolis", which no rule reads .*; the kinds rules read: "capital", "production"$/);
  });

  it('says nothing of a kind several places share, which is a kind of the map, not a slip', () => {
    expect(unread({ [MAP]: editJson(MAP, (d) => (d.map.places.ford.kinds = d.map.places['grey-town'].kinds = ['bridge'])) })).toEqual([]);
  });

  it('says nothing of a kind that one place has and a mechanic reads', () => {
    const manifest = editJson('skirmish/ruleset.json', (d) => (d.mechanics.supply.sources = ['capital', 'ford']));
    expect(unread({ [MAP]: kinds('ford', ['ford']), 'skirmish/ruleset.json': manifest })).toEqual([]);
  });

  it('says nothing of the one capital where no rule reads the kind: the studio reads it (a power names the place its capital)', () => {
    const manifest = editJson('skirmish/ruleset.json', (d) => {
      d.mechanics.supply.sources = ['production'];
      d.powers.blueland.capital = 'ford';
    });
    const map = editJson(MAP, (d) => {
      d.map.places.ford.kinds = ['capital'];
      for (const id of ['red-city', 'blue-city']) d.map.places[id].kinds = ['city', 'production'];
    });
    expect(unread({ [MAP]: map, 'skirmish/ruleset.json': manifest })).toEqual([]);
  });

  it('says nothing of a kind that one place has and a victory condition counts', () => {
    const victory = editJson('skirmish/victory.json', (d) => (d.victory.levels[2].condition = { op: 'compare', left: { op: 'count', controlledBy: 'blue', placeKind: 'ford' }, cmp: '>=', right: 1 }));
    expect(unread({ [MAP]: kinds('ford', ['ford']), 'skirmish/victory.json': victory })).toEqual([]);
  });
});
