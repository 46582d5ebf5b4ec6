// Suspect anchors as warnings from validate, pointing at the hex number in the file.
import { describe, expect, it } from 'vitest';
import { loadRuleset } from '@/engine';
import { LintContext } from '@/engine/lint/context';
import { fsSource } from '@/engine/load/fs-source';
import { lintAnchors } from '@/engine/map/lint-anchors';
import { offEarthAnchors } from '@/engine/map/anchors';
import { FIXTURES } from './helpers';

const loaded = loadRuleset(fsSource(FIXTURES), 'ww2-mini');

describe('lintAnchors', () => {
  it('warns at the hex number of each suspect anchor, saying where the fit puts it', () => {
    const ctx = new LintContext(loaded.ruleset!);
    lintAnchors(ctx);
    const cairo = ctx.findings.find((f) => f.pointer === '/map/places/cairo/hex');
    expect(cairo).toMatchObject({ severity: 'warning', code: 'anchor-outlier' });
    expect(cairo!.message).toMatch(/^Cairo in hex 2416 lies \d+\.\d hexes from where the \d+ consistent anchors place it; the fit puts Cairo in \d{4}/);
    expect(ctx.findings.every((f) => f.code === 'anchor-outlier' && f.severity === 'warning')).toBe(true);
  });

  it('notes, without warning, a suspect hex that a recorded conflict of the text already weighs', () => {
    const ruleset = structuredClone(loaded.ruleset!);
    ruleset.conflicts = {
      'cairo-hex': {
        topic: 'Cairo',
        readings: [{ id: 'printed', text: '2416' }, { id: 'fitted', text: 'near Alexandria' }],
        chosen: 'printed',
        why: 'the text gives no other number',
        affects: ['/map/places/cairo/hex'],
      },
    };
    const ctx = new LintContext(ruleset);
    lintAnchors(ctx);
    const cairo = ctx.findings.find((f) => f.pointer === '/map/places/cairo/hex');
    expect(cairo).toMatchObject({ severity: 'info', code: 'anchor-outlier' });
    expect(cairo!.message).toMatch(/recorded in conflicts\/cairo-hex\)$/);
  });

  it('says nothing with too few anchors to judge', () => {
    const ruleset = structuredClone(loaded.ruleset!);
    const places = ruleset.map!.places!;
    for (const id of Object.keys(places).slice(4)) delete places[id];
    ruleset.map!.georeference = {};
    const ctx = new LintContext(ruleset);
    lintAnchors(ctx);
    expect(ctx.findings).toEqual([]);
  });

  it('is reported by validate, located in the map document', () => {
    const d = loaded.diagnostics.find((x) => x.code === 'anchor-outlier' && x.pointer === '/map/places/cairo/hex');
    expect(d).toMatchObject({ document: 'ww2-mini/map.json', severity: 'warning' });
    expect(d!.line).toBeGreaterThan(1);
  });
});

describe('offEarthAnchors', () => {
  it('names the anchors whose position is no place on the earth, which a fit leaves out', () => {
    const map = {
      places: { oslo: { name: 'Oslo', hex: '0101', at: { lat: 59.9, lon: 10.75 } }, nowhere: { name: 'Nowhere', hex: '0102', at: { lat: 123, lon: 10 } }, unplaced: { hex: '0103' } },
      georeference: { anchors: [{ hex: '0104', name: 'Far east', at: { lat: 10, lon: 190 } }, { hex: '0105', at: { lat: 1, lon: 1 } }] },
    };
    expect(offEarthAnchors(map)).toEqual(['Nowhere (lat 123, lon 10)', 'Far east (lat 10, lon 190)']);
  });
});
