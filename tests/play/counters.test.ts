// Counters as the play and scenario maps draw them: named as printed, a stack shows four and counts the rest.
import { describe, expect, it } from 'vitest';
import { counterHtml, unitChoices, type Counter } from '@/editor/play/counters';

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

  it('escapes names', () => {
    expect(counterHtml([counter('x', '<b>&')])).toContain('&#60;b&#62;&#38;');
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
