// CSV exports: a scenario's order of battle, and a table as a grid.
import type { Location, ResolvedRuleset, Scenario, Source, Table, TurnRef } from '../generated/schema-types';

const field = (v: unknown) => {
  const s = v === undefined || v === null ? '' : String(v);
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};
const line = (cells: unknown[]) => cells.map(field).join(',');

export const turnLabel = (t: TurnRef | undefined) =>
  !t ? '' : t.turn !== undefined ? `turn ${t.turn}` : `${t.season![0].toUpperCase()}${t.season!.slice(1)} ${t.year}`;

export function locationLabel(ruleset: ResolvedRuleset, loc: Location | undefined): string {
  if (!loc) return '';
  const map = ruleset.map;
  if (loc.hex !== undefined) {
    const place = Object.values(map?.places ?? {}).find((p) => p.hex === loc.hex);
    return place ? `hex ${loc.hex} (${place.name})` : `hex ${loc.hex}`;
  }
  if (loc.place !== undefined) {
    const place = map?.places?.[loc.place];
    return place ? (place.hex ? `${place.name} (hex ${place.hex})` : place.name) : loc.place;
  }
  if (loc.area !== undefined) return map?.areas?.[loc.area]?.name ?? loc.area;
  if (loc.box !== undefined) return `${map?.boxes?.[loc.box]?.name ?? loc.box} box`;
  if (loc.carriedBy !== undefined) return `carried by ${ruleset.roster?.[loc.carriedBy]?.name ?? loc.carriedBy}`;
  return loc.constraint ? `constraint: ${loc.constraint.text}` : '';
}

export const SETUP_COLUMNS = ['power', 'unit', 'type', 'location', 'state', 'provenance', 'rule'];

/** Every unit of a scenario: on the map, in force pools, and arriving later. */
export function setupRows(ruleset: ResolvedRuleset, scenario: Scenario): string[][] {
  const unitName = (unit?: string, type?: string, count?: number) =>
    unit ? ruleset.roster?.[unit]?.name ?? unit : `${count && count > 1 ? `${count} × ` : ''}${ruleset.unitTypes?.[type ?? '']?.name ?? type}`;
  const typeOf = (unit?: string, type?: string) => (unit ? ruleset.roster?.[unit]?.type : type) ?? '';
  const prov = (own: Source | undefined, unit?: string) => own ?? (unit ? ruleset.roster?.[unit]?.source : undefined);
  const powerName = (p: string) => ruleset.powers?.[p]?.name ?? p;
  const rows: string[][] = [];
  for (const pl of scenario.placements ?? []) {
    const s = prov(pl.source, pl.unit);
    rows.push([powerName(pl.power), unitName(pl.unit, pl.type, pl.count), typeOf(pl.unit, pl.type), locationLabel(ruleset, pl.location), pl.reduced ? 'reduced' : 'full', s?.kind ?? '', s?.rule ?? '']);
  }
  for (const [power, pool] of Object.entries(scenario.forcePools ?? {})) {
    for (const e of pool) {
      const s = prov(e.source, e.unit);
      rows.push([powerName(power), unitName(e.unit, e.type, e.count), typeOf(e.unit, e.type), 'force pool', e.reduced ? 'reduced' : 'full', s?.kind ?? '', s?.rule ?? '']);
    }
  }
  for (const rf of scenario.reinforcements ?? []) {
    for (const e of rf.units) {
      const s = prov(e.source ?? rf.source, e.unit);
      const where = rf.to === 'force-pool' ? 'force pool' : locationLabel(ruleset, rf.to);
      rows.push([powerName(rf.power), unitName(e.unit, e.type, e.count), typeOf(e.unit, e.type), `${where} from ${turnLabel(rf.turn)}`, e.reduced ? 'reduced' : 'full', s?.kind ?? '', s?.rule ?? '']);
    }
  }
  return rows;
}

export const setupCsv = (ruleset: ResolvedRuleset, scenario: Scenario) =>
  [line(SETUP_COLUMNS), ...setupRows(ruleset, scenario).map(line)].join('\n') + '\n';

/** A table as a grid: the row key, then one column per column key; gaps print as "?" and provenance is dropped. */
export function tableCsv(table: Table): string {
  const cell = (v: unknown): unknown => {
    if (v === null || typeof v !== 'object') return v;
    const c = v as { value?: unknown; gap?: string };
    return c.gap !== undefined ? '?' : c.value;
  };
  const rows = table.rows.keys.map((r) => line([r, ...table.columns.keys.map((c) => cell(table.cells[r]?.[c]))]));
  return [line([`${table.rows.name} \\ ${table.columns.name}`, ...table.columns.keys]), ...rows].join('\n') + '\n';
}
