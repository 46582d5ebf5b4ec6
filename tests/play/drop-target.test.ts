import { describe, expect, it } from 'vitest';
import type { Counter } from '@/editor/play/counters';
import { locationUnder } from '@/editor/play/drop-target';

/** An element as the drop reads it: its classes, and the unit of the counter it is in, if any. */
const element = (classes: string[], unit?: string) =>
  ({ classList: classes, closest: (selector: string) => (selector === '[data-unit]' && unit ? { getAttribute: () => unit } : null) }) as unknown as Element;
const byLocation = new Map([['area:east', [{ id: 'e-foot' } as Counter]]]);

describe('locationUnder', () => {
  it('reads the location of the topmost shape that draws one: a counter its unit’s, a box’s panel, an area’s marker or outline', () => {
    expect(locationUnder([element(['play-face'], 'e-foot'), element(['area-marker', 'area-at-west'])], byLocation)).toBe('area:east');
    expect(locationUnder([element(['area-mark', 'mark-reach']), element(['area-marker', 'area-at-north-west'])], byLocation)).toBe('area:north-west');
    expect(locationUnder([element(['area-outline-at-middle'])], byLocation)).toBe('area:middle');
    expect(locationUnder([element(['leaflet-interactive', 'play-box', 'box-at-red-sea'])], byLocation)).toBe('box:red-sea');
  });

  it('reads none where nothing under the pointer draws a location (a hex map then reads its hex)', () => {
    expect(locationUnder([element(['leaflet-container'])], byLocation)).toBeUndefined();
    expect(locationUnder([], byLocation)).toBeUndefined();
  });
});
