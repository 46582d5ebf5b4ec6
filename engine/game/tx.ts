// One action being applied: a private copy of the state, the events it causes, and the tester's
// answers it may draw on. A value the data lacks suspends the whole action (NeedAnswer) rather than
// being invented; a broken rule aborts it (Refused). Either way the caller's state is untouched.
import type { GameEvent, Refusal } from './log';
import type { Rules } from './rules';
import type { Answer, GameState, LocKey, Question, UnitState } from './state';

export class NeedAnswer extends Error {
  constructor(readonly question: Question) {
    super(question.text);
  }
}

export class Refused extends Error {
  constructor(readonly refusal: Refusal) {
    super(refusal.message);
  }
}

/** A unit moved, with where it stood. */
export interface Moved {
  u: UnitState;
  from: LocKey;
}

/**
 * How many times each control record was changed in place (a headless game's action changes its own):
 * with the record, what tells that control stands as it was (see keptWhileControlStands).
 */
const controlChanges = new WeakMap<GameState['control'], number>();
export const controlVersion = (control: GameState['control']): number => controlChanges.get(control) ?? 0;

export class Tx {
  readonly events: GameEvent[] = [];
  /** Rolls made so far, so a roll entered by hand has a stable key when the action is re-run. */
  rolls = 0;
  /** Trigger nesting, to stop effects that keep firing each other. */
  depth = 0;
  /** Questions consulted so far (answered, ruled or unknown): what depends on none may be kept in the rules. */
  consulted = 0;
  private probing = false;
  /** Questions a probe met and could not answer, by key, in the order met: what a listing leaves out waits on them. */
  readonly unanswered = new Map<string, Question>();
  /** Keys of the questions met unanswered while `meeting` runs a part of a probe. */
  private met?: Set<string>;
  /** Values derived from a frozen state, made when first asked for. */
  private memo?: Map<string, unknown>;
  /**
   * Changes made so far to where units stand, their steps, or the powers' sides and statuses: what is
   * derived from them (whereabouts.ts) holds until the next. Each goes through `relocate`, `setSteps` or `setPower`.
   */
  changes = 0;
  /**
   * The units moved since displacement last settled the board (displacement.ts), each with where it
   * stood: an action starts from a settled board, so displacement need look only around these...
   */
  moves: Moved[] = [];
  /** ...but after a change of steps or of a power, or while the board is not settled yet: then it looks at every unit. */
  lookAtAll = false;

  constructor(
    readonly rules: Rules,
    readonly s: GameState,
    readonly answers: Readonly<Record<string, Answer>> = {},
    /** The state will not change during this transaction (listing legal actions), so derived values may be kept. */
    readonly frozen = false,
    /** The transaction changes the state it was given (a headless game's), which owns its control record. */
    private controlOwned = false,
    /** Whether events are made: a headless game reads none, and making their texts is a good part of its work. */
    readonly explains = true,
  ) {}

  /** A value derived from the state, computed once per transaction when the state is frozen. */
  derived<T>(key: string, make: (tx: Tx) => T): T {
    if (!this.frozen) return make(this);
    const memo = (this.memo ??= new Map());
    let value = memo.get(key) as T | undefined;
    if (value === undefined && !memo.has(key)) memo.set(key, (value = make(this)));
    return value as T;
  }

  /**
   * The control record, to change: an action's copy of the state shares the (large) record with the
   * state before it, and copies it here, before its first change. The one way control changes.
   */
  controlToChange(): GameState['control'] {
    if (!this.controlOwned) {
      const copy: GameState['control'] = {};
      for (const at in this.s.control) copy[at] = this.s.control[at];
      this.s.control = copy;
      this.controlOwned = true;
    }
    controlChanges.set(this.s.control, controlVersion(this.s.control) + 1);
    return this.s.control;
  }

  /** A unit goes to a location (on the board or off it): the one way a unit's place changes. */
  relocate(u: UnitState, at: LocKey) {
    this.moves.push({ u, from: u.at });
    u.at = at;
    this.changes++;
  }

  /** A unit has lost this many steps: the one way its steps change. */
  setSteps(u: UnitState, lost: number) {
    this.lookAtAll = true;
    u.stepsLost = lost;
    this.changes++;
  }

  /** A power joins a side (or none) or takes a status: the one way these change. */
  setPower(power: string, change: { side?: string | null; status?: string }) {
    this.lookAtAll = true;
    const record = (this.s.powers[power] ??= { side: null });
    if (change.side !== undefined) record.side = change.side;
    if (change.status !== undefined) record.status = change.status;
    this.changes++;
  }

  /** Records an event, made only when the transaction explains itself. */
  emit(make: () => GameEvent) {
    if (this.explains) this.events.push(make());
  }

  /** The answer to a question: given with this action, ruled earlier, or else the action waits for it. */
  ask(question: Omit<Question, 'cite'> & { pointer: string }): number | string | undefined {
    const { pointer, ...rest } = question;
    this.consulted++;
    const given = this.answers[rest.key];
    if (given) return given.value;
    if (rest.rememberable && Object.hasOwn(this.s.rulings, rest.key)) return this.s.rulings[rest.key];
    if (this.probing) {
      if (!this.unanswered.has(rest.key)) this.unanswered.set(rest.key, { ...rest, cite: this.rules.cite(pointer) });
      this.met?.add(rest.key);
      return undefined;
    }
    throw new NeedAnswer({ ...rest, cite: this.rules.cite(pointer) });
  }

  /**
   * Makes a value, handing it to `keep` as well when making it consulted no question: only a value
   * that depends on no answer or ruling may be kept beyond this action.
   */
  keeping<T>(make: () => T, keep: (value: T) => void): T {
    const consulted = this.consulted;
    const value = make();
    if (this.consulted === consulted) keep(value);
    return value;
  }

  /** Runs `fn` without asking anything: an unknown value reads as undefined (for listing legal actions). */
  probe<T>(fn: () => T): T {
    const was = this.probing;
    this.probing = true;
    try {
      return fn();
    } finally {
      this.probing = was;
    }
  }

  /** Runs part of a probe, with the keys of the questions it met unanswered (those met before included, when met again). */
  meeting<T>(fn: () => T): { value: T; unanswered: string[] } {
    const outer = this.met;
    const met = (this.met = new Set());
    try {
      return { value: fn(), unanswered: [...met] };
    } finally {
      this.met = outer;
      for (const key of met) outer?.add(key);
    }
  }

  get isProbing() {
    return this.probing;
  }

  refuse(code: string, message: string, pointer: string): never {
    throw new Refused({ code, message, cite: this.rules.cite(pointer) });
  }
}
