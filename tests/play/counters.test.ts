// Counters as the play and scenario maps draw them: named as printed, a stack shows four and counts the rest.
import { describe, expect, it } from 'vitest';
import { counterHtml, countersOf, inkOn, locationHtml, markerHtml, unitChoices, type Counter } from '@/editor/play/counters';

const counter = (id: string, name: string, reduced = false): Counter => ({ id, type: 'infantry', power: 'red', color: '#a00', reduced, at: 'hex:0101', name, label: `${name} (Red)`, whose: 'Infantry, Red', powerName: 'Red' });

describe('counterHtml', () => {
  it('prints each counter by name, marks a reduced one, and keeps its id for clicks', () => {
    const html = counterHtml([counter('r-1', '1st Infantry', true)], 'r-1');
    expect(html).toContain('data-unit="r-1"');
    expect(html).toContain('>1st Infantry ½<');
    expect(html).toMatch(/class="play-counter reduced selected"/);
    // The tooltip names it as the play-by-play does, with its type and power by their names.
    expect(html).toContain('title="1st Infantry (Red): Infantry, Red, reduced"');
  });

  it('shows four counters of a stack and counts the others on one more chip', () => {
    const html = counterHtml(['a', 'b', 'c', 'd', 'e', 'f'].map((id) => counter(id, id)));
    expect(html.match(/data-unit=/g)).toHaveLength(4);
    expect(html).toContain('>+2<');
    expect(html).toContain('--n:5');
  });

  it('shows, of a stack where two sides meet, a counter of each power and the selected unit before the rest', () => {
    const reds = ['a', 'b', 'c', 'd', 'e', 'f'].map((id) => counter(id, id));
    const blue = { ...counter('z', 'z'), power: 'blue' };
    const units = (html: string) => [...html.matchAll(/data-unit="(\w+)"/g)].map((m) => m[1]);
    expect(units(counterHtml([...reds, blue]))).toEqual(['a', 'b', 'c', 'z']);
    expect(units(counterHtml([...reds, blue], 'f'))).toEqual(['a', 'b', 'f', 'z']);
  });

  it('marks a provisional placement, its tooltip saying so with the placement’s note', () => {
    const html = counterHtml([{ ...counter('r-1', '1st Armor', true), provisional: { note: 'placed by the designer within: Anywhere in France' } }]);
    expect(html).toMatch(/class="play-counter reduced provisional"/);
    expect(html).toContain('title="1st Armor (Red): Infantry, Red, reduced; provisional placement: placed by the designer within: Anywhere in France"');
  });

  it('escapes names', () => {
    expect(counterHtml([counter('x', '<b>&')])).toContain('&#60;b&#62;&#38;');
  });
});

describe('markerHtml', () => {
  const reds = ['a', 'b', 'c'].map((id) => counter(id, `${id} Infantry`));
  const blue = { ...counter('z', 'z Armor'), power: 'blue', powerName: 'Blue', color: '#00c' };
  const parts = (html: string) => [...html.matchAll(/<span class="([^"]*)" data-unit="(\w+)" data-power="(\w+)" data-units="(\d+)"[^>]*>(\d+)</g)].map(([, cls, unit, power, n, text]) => ({ cls, unit, power, n, text }));

  it('counts a stack’s units by power, one part each in its colour, the first unit of each picked by a click', () => {
    const html = markerHtml([...reds, blue]);
    // How many parts, for the marker to fit them in its hex.
    expect(html).toMatch(/^<div class="play-marker" data-units="4" style="--p:2">/);
    expect(parts(html)).toEqual([
      { cls: 'play-marker-part many', unit: 'a', power: 'red', n: '3', text: '3' },
      { cls: 'play-marker-part', unit: 'z', power: 'blue', n: '1', text: '1' },
    ]);
    expect(html).toContain('style="--c:#00c;color:#fff"');
  });

  it('with one of its units selected, marks that part and picks the next unit there on a click, round to the first', () => {
    expect(parts(markerHtml([...reds, blue], 'b'))[0]).toMatchObject({ cls: 'play-marker-part many selected', unit: 'c' });
    expect(parts(markerHtml([...reds, blue], 'c'))[0]).toMatchObject({ unit: 'a' });
    expect(parts(markerHtml([...reds, blue], 'z'))[1]).toMatchObject({ cls: 'play-marker-part selected', unit: 'z' });
  });

  it('drags the unit selected there, not the next a click picks; with none selected there, the one a click picks', () => {
    const html = markerHtml([...reds, blue], 'b');
    expect(html).toMatch(/data-unit="c" data-power="red" data-units="3" data-lift-unit="b"/);
    expect(html).not.toMatch(/data-unit="z"[^>]*data-lift-unit/);
    expect(markerHtml([{ ...reds[0], placement: 4 }, { ...reds[1], placement: 7 }], 'a')).toContain('data-placement="7" data-power="red" data-units="2" data-lift-unit="a" data-lift-placement="4"');
  });

  it('names the units in its tooltip, a lone unit as its counter does, with what a counter would mark', () => {
    const lone = markerHtml([{ ...counter('r-1', '1st Armor', true), provisional: { note: 'placed by the designer' } }]);
    expect(lone).toContain('class="play-marker-part provisional"');
    expect(lone).toContain('title="1st Armor (Red): Infantry, Red, reduced; provisional placement: placed by the designer. Click to select it; zoom in to see the counters"');
    const stack = markerHtml([reds[0], { ...reds[1], reduced: true, unsupplied: true }]);
    expect(stack).toContain('class="play-marker-part many unsupplied"');
    expect(stack).toContain('title="Red, 2 units: a Infantry; b Infantry (reduced) (out of supply). Click to select the first, again for the next; zoom in to see the counters"');
  });

  it('escapes names', () => {
    expect(markerHtml([{ ...counter('x', 'x'), powerName: '<b>' }, counter('y', 'y')])).toContain('&#60;b&#62;, 2 units');
  });

  it('on the scenario map, counts every unit a placement puts there, and drags the placement a click on it picks', () => {
    const placed = (id: string, placement: number, more: Partial<Counter> = {}): Counter => ({ ...counter(id, id), placement, ...more });
    const html = markerHtml([placed('a', 0), placed('placement-4', 4, { name: 'Infantry ×3', count: 3, fixed: 'placed by 2ww' })], 'a');
    expect(html).toMatch(/^<div class="play-marker" data-units="4" style="--p:1">/);
    expect(html).toContain('class="play-marker-part many selected" data-unit="placement-4" data-placement="4" data-fixed="" data-power="red" data-units="4"');
    expect(html).toContain('title="Red, 4 units: a; Infantry ×3.');
    expect(markerHtml([placed('a', 0), placed('b', 1)], 'b')).toContain('data-unit="a" data-placement="0" data-power');
  });
});

describe('locationHtml', () => {
  it('holds the marker and the stack of a location, sized by its scale, keyed by where it is', () => {
    const html = locationHtml([counter('a', 'A')], undefined, 2.5, 'box:atlantic');
    expect(html).toMatch(/^<div class="play-where" style="--k:2.500" data-at="box:atlantic"><div class="play-marker" data-units="1" style="--p:1">.*<div class="play-pile" style="--n:1;--k:2.500">/);
  });
});

describe('unitChoices', () => {
  it('lists the units on the board where they are, a unit aboard a carrier by the carrier’s name, not its id', () => {
    const fleet = { ...counter('gb-home-fleet', 'Home Fleet'), label: 'Home Fleet' };
    const bombers = { ...counter('gb-bomber', 'Bomber Command RAF'), label: 'Bomber Command RAF', at: 'carried:gb-home-fleet' };
    const dead = { ...counter('gb-dead', 'Lost'), at: 'eliminated' };
    expect(unitChoices([fleet, bombers, dead])).toEqual([
      { id: 'gb-home-fleet', label: 'Home Fleet at hex 0101' },
      { id: 'gb-bomber', label: 'Bomber Command RAF aboard Home Fleet' },
    ]);
  });
});

describe('countersOf', () => {
  it('marks a unit placed provisionally while it stands where its placement put it', () => {
    const unit = { id: 'red-2-arm', type: 'armor', power: 'red', stepsLost: 0, at: 'hex:0201' };
    const placed = { 'red-2-arm': { at: 'hex:0201', note: 'moved by the designer from hex 0102' } };
    expect(countersOf({ units: { [unit.id]: unit } }, () => '#a00', null, { placed })[0].provisional).toEqual({ note: 'moved by the designer from hex 0102' });
    // Moved in play, it stands where play put it.
    expect(countersOf({ units: { [unit.id]: { ...unit, at: 'hex:0301' } } }, () => '#a00', null, { placed })[0].provisional).toBeUndefined();
  });

  it('marks a unit reduced while it is in play, not once eliminated (its last step lost)', () => {
    const unit = { id: 'red-1-inf', type: 'infantry', power: 'red', stepsLost: 1, at: 'hex:0201' };
    expect(countersOf({ units: { [unit.id]: unit } }, () => '#a00', null)[0].reduced).toBe(true);
    expect(countersOf({ units: { [unit.id]: { ...unit, at: 'eliminated' } } }, () => '#a00', null)[0].reduced).toBe(false);
  });
});

describe('inkOn', () => {
  it('prints a name dark on a light colour, white on a mid or dark one', () => {
    expect([inkOn('#ff0'), inkOn('#fffde7'), inkOn('#3a6ea5'), inkOn('hsl(200 50% 42%)')]).toEqual(['#1b1b1b', '#1b1b1b', '#fff', '#fff']);
    const html = counterHtml(countersOf({ units: { u: { id: 'u', type: 'infantry', power: 'p', stepsLost: 0, at: 'hex:0101' } } }, () => '#eecc00', null));
    expect(html).toContain('background:#eecc00;color:#1b1b1b');
  });
});
