// Where every unit stands, kept from one transaction to the next: each look compares the units with
// what was seen last (a pass of plain comparisons) and files only the units that changed, instead of
// indexing the board anew. It also counts the changes by camp, so what is derived from the units of
// some camps (a camp's view of the units hostile to it) can tell whether it still holds; a power changing
// side or status voids them all (a status can put a power's units outside the zones of control).
import { graphOf } from './graph';
import { kept, newMap, type Rules } from './rules';
import type { GameState, LocKey, UnitState } from './state';
import { camp, unitList } from './state';
import { controlVersion, type Tx } from './tx';

export interface Whereabouts {
  /**
   * Units on the board by location index of the board's graph (undefined where none stand), each list
   * in the order of the units' record. A change replaces a location's list rather than editing it,
   * so a list handed out stays as it was.
   */
  readonly byLocation: readonly (readonly UnitState[] | undefined)[];
  /** Locations where more than one unit stands, by location index, in board order (only these can break a stacking limit). */
  readonly stacks: readonly number[];
  /** Bumped when a power changes side or status, or the units are not those seen before: every camp's count is then void. */
  readonly epoch: number;
  /** Changes to units (place, type, steps lost) seen so far, in all and by camp. */
  readonly total: number;
  /** How many units wait to be placed (at set-up, or arriving where their owners place them). */
  readonly unplaced: number;
  changesOf(camp: string): number;
}

/**
 * The units' whereabouts as the transaction's state has them: looked at once per transaction that does
 * not change the state, and in one that does, again only after a change (see Tx.changes).
 */
export function whereabouts(tx: Tx): Whereabouts {
  // One tracker per compiled rules serves every game played with them: transactions on different
  // states never overlap, and a look at another game's state simply finds other units.
  const w = kept(tx.rules, 'whereabouts', (rules) => new Tracker(rules));
  w.lookAt(tx);
  return w;
}

class Tracker implements Whereabouts {
  byLocation: (UnitState[] | undefined)[] = [];
  epoch = 0;
  total = 0;
  unplaced = 0;
  private readonly byCamp = new Map<string, number>();
  /** Locations holding more than one unit, and the same in board order once asked for. */
  private readonly stacked = new Set<number>();
  private stackList?: number[];
  /** What was seen last: the units' list with each unit's place, type and steps lost by position in it, and each power's side and status (read through its record). */
  private list: readonly UnitState[] = [];
  private sides: (string | null)[] = [];
  private statuses: (string | undefined)[] = [];
  private powers?: GameState['powers'];
  private records: (GameState['powers'][string] | undefined)[] = [];
  private at: LocKey[] = [];
  private type: string[] = [];
  private lost: number[] = [];
  /** The transaction last looked at, and how many changes it had made then. */
  private tx?: Tx;
  private changes = 0;

  constructor(private readonly rules: Rules) {}

  get stacks(): readonly number[] {
    return (this.stackList ??= [...this.stacked].sort((a, b) => a - b));
  }

  changesOf(c: string) {
    return this.byCamp.get(c) ?? 0;
  }

  lookAt(tx: Tx) {
    const s = tx.s;
    const list = unitList(s);
    if (tx === this.tx && tx.changes === this.changes && list === this.list) return;
    this.tx = tx;
    this.changes = tx.changes;
    let same = this.powersAsBefore(s.powers) && list.length === this.list.length;
    // A copy of the state lists copies of the same units in the same order: compare those in place.
    for (let k = 0; same && list !== this.list && k < list.length; k++) same = list[k].id === this.list[k].id;
    if (!same) return this.restart(tx, list);
    const refile = list !== this.list;
    this.list = list;
    for (let k = 0; k < list.length; k++) {
      const u = list[k];
      if (u.at === this.at[k] && u.type === this.type[k] && u.stepsLost === this.lost[k]) continue;
      if (u.at !== this.at[k]) {
        if (!refile) this.move(k, u);
        this.unplaced += (u.at === 'unplaced' ? 1 : 0) - (this.at[k] === 'unplaced' ? 1 : 0);
      }
      this.at[k] = u.at;
      this.type[k] = u.type;
      this.lost[k] = u.stepsLost;
      this.total++;
      const c = camp(s, u.power);
      this.byCamp.set(c, this.changesOf(c) + 1);
    }
    if (refile) this.fileAll();
  }

  /**
   * Whether every power is on the side, and in the status, it was. The powers' records are looked up
   * by name only when the state's record of powers is another (a copy) or a power had none.
   */
  private powersAsBefore(powers: GameState['powers']): boolean {
    if (powers !== this.powers) {
      this.powers = powers;
      this.records = this.rules.powers.map((p) => powers[p]);
    }
    const { records, sides, statuses } = this;
    if (sides.length !== records.length) return false;
    for (let p = 0; p < records.length; p++) {
      const record = (records[p] ??= powers[this.rules.powers[p]]);
      if ((record?.side ?? null) !== sides[p] || record?.status !== statuses[p]) return false;
    }
    return true;
  }

  private restart(tx: Tx, list: readonly UnitState[]) {
    this.epoch++;
    this.list = list;
    this.sides = this.records.map((record) => record?.side ?? null);
    this.statuses = this.records.map((record) => record?.status);
    this.at = list.map((u) => u.at);
    this.unplaced = this.at.filter((at) => at === 'unplaced').length;
    this.type = list.map((u) => u.type);
    this.lost = list.map((u) => u.stepsLost);
    this.fileAll();
  }

  private fileAll() {
    const index = graphOf(this.rules).index;
    this.byLocation = [];
    this.stacked.clear();
    this.stackList = undefined;
    for (const u of this.list) {
      const i = index.get(u.at);
      if (i === undefined) continue;
      const there = (this.byLocation[i] ??= []);
      there.push(u);
      if (there.length === 2) this.stacked.add(i);
    }
  }

  /** Refiles the k-th unit from where it was seen to where it is, keeping each list in the units' order. */
  private move(k: number, u: UnitState) {
    const index = graphOf(this.rules).index;
    const from = index.get(this.at[k]);
    const to = index.get(u.at);
    if (from !== undefined) {
      const rest = this.byLocation[from]!.filter((x) => x !== u);
      this.byLocation[from] = rest.length ? rest : undefined;
      if (rest.length === 1) this.unstack(from);
    }
    if (to !== undefined) {
      const there = this.byLocation[to] ?? [];
      const before = there.findIndex((x) => this.list.indexOf(x) > k);
      this.byLocation[to] = before < 0 ? [...there, u] : [...there.slice(0, before), u, ...there.slice(before)];
      if (there.length === 1) this.stack(to);
    }
  }

  private stack(i: number) {
    this.stacked.add(i);
    this.stackList = undefined;
  }

  private unstack(i: number) {
    this.stacked.delete(i);
    this.stackList = undefined;
  }
}

/**
 * A value derived from the units and the powers' sides and statuses (and what else its key names, such as the
 * places a camp holds), kept in the rules under the key until a unit or a power changes (only the latest value of
 * each key), unless a gap was consulted making it.
 */
export function keptWhileUnitsStand<T>(tx: Tx, key: string, make: () => T): T {
  const w = whereabouts(tx);
  const latest = kept(tx.rules, 'kept-while-units-stand', newMap<string, { epoch: number; total: number; value: unknown }>);
  const known = latest.get(key);
  if (known && known.epoch === w.epoch && known.total === w.total) return known.value as T;
  return tx.keeping(make, (value) => latest.set(key, { epoch: w.epoch, total: w.total, value }));
}

/**
 * A value derived from control and the powers' sides and statuses alone, kept from one transaction to the next
 * while both stand as they were (and making it consulted no question): what a bot's look ahead and its trial
 * battles read again and again on copies sharing one control record.
 */
export function keptWhileControlStands<T>(tx: Tx, key: string, make: () => T): T {
  const { epoch } = whereabouts(tx);
  const control = tx.s.control;
  const version = controlVersion(control);
  const latest = kept(tx.rules, 'kept-while-control-stands', newMap<string, { control: GameState['control']; version: number; epoch: number; value: unknown }>);
  const known = latest.get(key);
  if (known && known.control === control && known.version === version && known.epoch === epoch) return known.value as T;
  return tx.keeping(make, (value) => latest.set(key, { control, version, epoch, value }));
}

/** Whether units wait to be placed: at set-up, or arriving where their owners place them. */
export const awaitingPlacement = (tx: Tx) => whereabouts(tx).unplaced > 0;
