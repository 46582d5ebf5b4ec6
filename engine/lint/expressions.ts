// Type-checks expressions against the ruleset: every power, place, status or track they name must exist.
import { joinPointer } from '../json/pointer';
import { checkHex, checkHexes, items, type LintContext } from './context';
import { isRecord, type Rec } from '../json/record';

const CODE = 'expression-unknown';

export function lintCondition(ctx: LintContext, pointer: string, node: unknown) {
  if (!isRecord(node)) return;
  const at = (key: string) => joinPointer(pointer, key);
  switch (node.op) {
    case 'all':
    case 'any':
      items(node.of).forEach((c, i) => lintCondition(ctx, joinPointer(pointer, 'of', i), c));
      return;
    case 'not':
      lintCondition(ctx, at('of'), node.of);
      return;
    case 'controls':
      ctx.party(at('by'), node.by, CODE);
      lintLocations(ctx, pointer, node);
      return;
    case 'present':
      ctx.party(at('of'), node.of, CODE);
      lintLocations(ctx, pointer, node);
      return;
    case 'compare':
      lintNumber(ctx, at('left'), node.left);
      lintNumber(ctx, at('right'), node.right);
      return;
    case 'status':
      ctx.ref(at('power'), node.power, ctx.powers, 'power', CODE);
      ctx.refs(at('in'), node.in, ctx.statuses, 'status', CODE);
      return;
    case 'relation':
      (Array.isArray(node.between) ? node.between : []).forEach((p, i) => ctx.party(joinPointer(pointer, 'between', i), p, CODE));
      ctx.refs(at('in'), node.in, ctx.relationStates, 'relation state', CODE);
      return;
    case 'flag':
      ctx.ref(at('flag'), node.flag, ctx.flags, 'flag', CODE);
      return;
  }
}

function lintLocations(ctx: LintContext, pointer: string, node: Rec) {
  ctx.refs(joinPointer(pointer, 'places'), node.places, ctx.places, 'place', CODE);
  ctx.refs(joinPointer(pointer, 'areas'), node.areas, ctx.areas, 'area', CODE);
  ctx.refs(joinPointer(pointer, 'countries'), node.countries, ctx.countries, 'country', CODE);
  checkHexes(ctx, joinPointer(pointer, 'hexes'), node.hexes);
}

export function lintNumber(ctx: LintContext, pointer: string, node: unknown) {
  if (!isRecord(node)) return;
  const at = (key: string) => joinPointer(pointer, key);
  switch (node.op) {
    case 'count':
      ctx.party(at('controlledBy'), node.controlledBy, CODE);
      lintLocations(ctx, pointer, node);
      return;
    case 'track':
      ctx.ref(at('track'), node.track, ctx.tracks, 'track', CODE);
      if (node.power !== undefined) ctx.ref(at('power'), node.power, ctx.powers, 'power', CODE);
      return;
    case 'resource':
      ctx.ref(at('power'), node.power, ctx.powers, 'power', CODE);
      ctx.ref(at('resource'), node.resource, ctx.resources, 'resource', CODE);
      return;
    case 'sum':
      (Array.isArray(node.of) ? node.of : []).forEach((n, i) => lintNumber(ctx, joinPointer(pointer, 'of', i), n));
      return;
    case 'cell':
      ctx.ref(at('table'), node.table, ctx.tables, 'table', CODE);
      return;
    case 'constant':
      ctx.ref(at('id'), node.id, ctx.constants, 'constant', CODE);
      return;
  }
}

export function lintUnitSpec(ctx: LintContext, pointer: string, spec: Rec, code: string) {
  if (spec.unit !== undefined) ctx.ref(joinPointer(pointer, 'unit'), spec.unit, ctx.roster, 'unit', code);
  if (spec.type !== undefined) ctx.ref(joinPointer(pointer, 'type'), spec.type, ctx.unitTypes, 'unit type', code);
}

export function lintLocation(ctx: LintContext, pointer: string, loc: unknown, code = 'dangling-ref') {
  if (!isRecord(loc)) return;
  const at = (key: string) => joinPointer(pointer, key);
  if (loc.hex !== undefined) checkHex(ctx, at("hex"), loc.hex);
  if (loc.area !== undefined) ctx.ref(at('area'), loc.area, ctx.areas, 'area', code);
  if (loc.place !== undefined) ctx.ref(at('place'), loc.place, ctx.places, 'place', code);
  if (loc.box !== undefined) ctx.ref(at('box'), loc.box, ctx.boxes, 'box', code);
  if (loc.carriedBy !== undefined) ctx.ref(at('carriedBy'), loc.carriedBy, ctx.roster, 'unit', code);
  lintConstraint(ctx, joinPointer(pointer, 'constraint'), loc.constraint, code);
}

export function lintConstraint(ctx: LintContext, pointer: string, c: unknown, code = 'dangling-ref') {
  if (!isRecord(c)) return;
  const cp = (key: string) => joinPointer(pointer, key);
  ctx.refs(cp('inCountries'), c.inCountries, ctx.countries, 'country', code);
  ctx.refs(cp('adjacentToCountries'), c.adjacentToCountries, ctx.countries, 'country', code);
  ctx.refs(cp('places'), c.places, ctx.places, 'place', code);
  ctx.refs(cp('boxes'), c.boxes, ctx.boxes, 'box', code);
  ctx.refs(cp('terrain'), c.terrain, ctx.terrain, 'terrain', code);
  checkHexes(ctx, cp('hexes'), c.hexes);
  if (isRecord(c.nearCountries)) ctx.refs(joinPointer(cp('nearCountries'), 'countries'), c.nearCountries.countries, ctx.countries, 'country', code);
  if (Array.isArray(c.anyOf)) c.anyOf.forEach((alt, i) => lintConstraint(ctx, joinPointer(cp('anyOf'), i), alt, code));
}

export function lintEffect(ctx: LintContext, pointer: string, node: unknown) {
  if (!isRecord(node)) return;
  const at = (key: string) => joinPointer(pointer, key);
  switch (node.op) {
    case 'addUnits':
      ctx.ref(at('power'), node.power, ctx.powers, 'power', CODE);
      items(node.units).forEach((u, i) => lintUnitSpec(ctx, joinPointer(pointer, 'units', i), u, CODE));
      if (node.to !== 'force-pool') lintLocation(ctx, at('to'), node.to, CODE);
      return;
    case 'removeUnits':
      ctx.refs(at('units'), node.units, ctx.roster, 'unit', CODE);
      return;
    case 'setControl':
      ctx.party(at('to'), node.to, CODE);
      lintLocations(ctx, pointer, node);
      return;
    case 'setStatus':
      ctx.ref(at('power'), node.power, ctx.powers, 'power', CODE);
      ctx.ref(at('status'), node.status, ctx.statuses, 'status', CODE);
      return;
    case 'setRelation':
      (Array.isArray(node.between) ? node.between : []).forEach((p, i) => ctx.party(joinPointer(pointer, 'between', i), p, CODE));
      ctx.ref(at('state'), node.state, ctx.relationStates, 'relation state', CODE);
      return;
    case 'setSide':
      ctx.ref(at('power'), node.power, ctx.powers, 'power', CODE);
      if (node.side !== null) ctx.ref(at('side'), node.side, ctx.sides, 'side', CODE);
      return;
    case 'adjustTrack':
      ctx.ref(at('track'), node.track, ctx.tracks, 'track', CODE);
      if (node.power !== undefined) ctx.ref(at('power'), node.power, ctx.powers, 'power', CODE);
      lintNumber(ctx, at('by'), node.by);
      lintNumber(ctx, at('set'), node.set);
      return;
    case 'adjustResource':
      ctx.ref(at('power'), node.power, ctx.powers, 'power', CODE);
      ctx.ref(at('resource'), node.resource, ctx.resources, 'resource', CODE);
      lintNumber(ctx, at('by'), node.by);
      return;
    case 'setFlag':
      ctx.ref(at('flag'), node.flag, ctx.flags, 'flag', CODE);
      return;
  }
}
