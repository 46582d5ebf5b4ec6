// A conflict's readings and the values they decide: the pointers it names must name something the ruleset has or the
// schema defines, a reading may set only what the conflict says it affects, and the chosen reading's values must be
// the ruleset's.
import { deepEqual } from '../facts';
import { getAt, isPrefix, parsePointer, toPointer } from '../json/pointer';
import { isRecord } from '../json/record';
import { closest } from '../schema/errors';
import { absenceMeaning, schemaAt } from '../schema/lookup';
import { counted } from '../words';
import { entries, items, strings, type LintContext } from './context';

/**
 * Where a pointer into the resolved ruleset names nothing, why: undefined where it names a value, or a property the
 * schema defines of an object that is there (absent, it means what the schema says its absence means).
 */
function missing(r: unknown, pointer: string): string | undefined {
  if (getAt(r, pointer) !== undefined) return undefined;
  const path = parsePointer(pointer);
  const parent = toPointer(path.slice(0, -1));
  if (path.length === 0 || !isRecord(getAt(r, parent))) return `nothing in the resolved ruleset at ${pointer}`;
  if (schemaAt('ruleset', pointer, r)?.named) return undefined;
  const key = path[path.length - 1];
  const near = closest(key, Object.keys(schemaAt('ruleset', parent, r)?.schema.properties ?? {}));
  return `nothing in the resolved ruleset at ${pointer}, and the schema defines no "${key}" there${near ? `; did you mean "${near}"?` : ''}`;
}

/** A pointer a conflict names that names nothing; those into a part of the ruleset absent altogether share that one cause. */
function checkPointer(ctx: LintContext, at: string, pointer: string) {
  const message = missing(ctx.r, pointer);
  if (message === undefined) return;
  const top = toPointer(parsePointer(pointer).slice(0, 1));
  if (getAt(ctx.r, top) === undefined) ctx.once(`affects:${top}`, at, 'dangling-ref', `${message} (there is no ${top} at all)`, (others) => `; ${counted(others.length, 'more pointer')} into it, at ${others.join(', ')}`);
  else ctx.add(at, 'error', 'dangling-ref', message);
}

/** A value as the ruleset means it: absent, the schema's default where it gives one. */
const meant = (r: unknown, pointer: string, value: unknown) => (value === undefined ? absenceMeaning('ruleset', pointer, r).default : value);
const show = (v: unknown) => (v === undefined ? 'nothing (absent)' : JSON.stringify(v));

/** Whether the resolved ruleset has at a pointer the value a reading gives it (undefined: leaves it absent), absence meaning the schema's default. */
export const hasValue = (r: unknown, pointer: string, value: unknown) => deepEqual(meant(r, pointer, getAt(r, pointer)), meant(r, pointer, value));

/** Whether the resolved ruleset has every value a reading sets. */
const followed = (r: unknown, sets: ReturnType<typeof items>) => sets.every((s) => typeof s.pointer !== 'string' || hasValue(r, s.pointer, s.value));

export function lintConflicts(ctx: LintContext) {
  for (const [id, c] of entries(ctx.r.conflicts)) {
    const affects = strings(c.affects);
    const readings = new Set<string>();
    items(c.readings).forEach((reading, i) => {
      if (typeof reading.id === 'string') {
        if (readings.has(reading.id)) ctx.add(`/conflicts/${id}/readings/${i}/id`, 'error', 'duplicate-id', `reading id "${reading.id}" is used twice`);
        readings.add(reading.id);
      }
      items(reading.sets).forEach((s, j) => {
        if (typeof s.pointer !== 'string') return;
        const at = `/conflicts/${id}/readings/${i}/sets/${j}/pointer`;
        checkPointer(ctx, at, s.pointer);
        if (!affects.some((a) => isPrefix(a, s.pointer as string))) {
          const named = affects.length ? `its affects: ${affects.join(', ')}` : 'it names no affects';
          ctx.add(at, 'warning', 'reading-beyond-affects', `reading "${String(reading.id)}" sets ${s.pointer}, which conflict "${id}" does not say it affects (${named}): add the pointer (or one above it) to affects, or leave it out of the reading`);
        }
      });
    });
    ctx.ref(`/conflicts/${id}/chosen`, c.chosen, readings, 'reading');
    affects.forEach((pointer, i) => checkPointer(ctx, `/conflicts/${id}/affects/${i}`, pointer));
    const chosen = items(c.readings).find((r) => r.id === c.chosen);
    const differ = items(chosen?.sets).filter((s) => typeof s.pointer === 'string' && !followed(ctx.r, [s]));
    if (differ.length === 0) continue;
    const what = differ.map((s) => `${s.pointer} ${show(s.value)}, where the resolved ruleset has ${show(getAt(ctx.r, s.pointer as string))}`).join('; ');
    const other = items(c.readings).find((r) => r !== chosen && items(r.sets).length > 0 && followed(ctx.r, items(r.sets)));
    const fix = other ? `: the ruleset follows reading "${String(other.id)}"; choose it, or give the values back` : ': give the values, or choose the reading the ruleset follows';
    ctx.add(`/conflicts/${id}/chosen`, 'warning', 'reading-not-followed', `the chosen reading "${String(c.chosen)}" gives ${what}${fix}`);
  }
}
