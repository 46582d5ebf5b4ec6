// Which file (and where in it) each part of a resolved ruleset came from, so that a finding
// addressed in the resolved ruleset can be shown at its line in the file a designer edits.
import { parsePointer, toPointer } from '../json/pointer';

export interface Origin {
  document: string;
  pointer: string;
}

export class Origins {
  private readonly map = new Map<string, Origin>();
  /** While a patch set is applied: what each `set` replaced, for `rollBack` to put back if it fails. */
  private journal?: [string, Origin | undefined][];

  set(pointer: string, origin: Origin) {
    this.journal?.push([pointer, this.map.get(pointer)]);
    this.map.set(pointer, origin);
  }

  /** Starts keeping what `set` replaces, until `commit` keeps the changes or `rollBack` undoes them. */
  begin() {
    this.journal = [];
  }

  commit() {
    this.journal = undefined;
  }

  rollBack() {
    for (const [pointer, was] of (this.journal ?? []).reverse()) {
      if (was) this.map.set(pointer, was);
      else this.map.delete(pointer);
    }
    this.journal = undefined;
  }

  /** The origin of the deepest recorded prefix of `pointer`, extended by the rest of the pointer. */
  find(pointer: string): Origin | undefined {
    const segments = parsePointer(pointer);
    for (let n = segments.length; n >= 0; n--) {
      const prefix = toPointer(segments.slice(0, n));
      const origin = this.map.get(prefix);
      if (origin) return { document: origin.document, pointer: origin.pointer + toPointer(segments.slice(n)) };
    }
    return undefined;
  }

  /** The documents that wrote `pointer` or a part of it, the one whose value it took first (find) leading. */
  writersOf(pointer: string): string[] {
    const first = this.find(pointer)?.document;
    const within = [...this.map].filter(([p]) => p.startsWith(`${pointer}/`)).map(([, o]) => o.document);
    return [...new Set([...(first ? [first] : []), ...within])];
  }

  copy(): Origins {
    const c = new Origins();
    for (const [k, v] of this.map) c.set(k, v);
    return c;
  }
}
