import type { Source } from '@/engine/generated/schema-types';
import styles from './map.module.css';

/** Where what a map tool writes comes from: provisional (the designer's choice), or the rulebook with the rule cited. */
export interface SourceChoice {
  kind: 'provisional' | 'rulebook';
  rule: string;
}

export const PROVISIONAL: SourceChoice = { kind: 'provisional', rule: '' };

/** The source written (provisional, with a note saying what the designer did); undefined while the rulebook is chosen and no rule is typed. */
export function chosenSource({ kind, rule }: SourceChoice, note = 'set by the designer on the map'): Source | undefined {
  if (kind === 'provisional') return { kind, note };
  return rule.trim() ? { kind, rule: rule.trim() } : undefined;
}

/** The choice of source, with the rule cited when it is the rulebook. */
export function SourcePicker({ legend, value, onChange }: { legend: string; value: SourceChoice; onChange(choice: SourceChoice): void }) {
  return (
    <fieldset>
      <legend>{legend}</legend>
      <label>
        <input type="radio" name="provenance" checked={value.kind === 'provisional'} onChange={() => onChange({ ...value, kind: 'provisional' })} /> provisional
      </label>
      <label>
        <input type="radio" name="provenance" checked={value.kind === 'rulebook'} onChange={() => onChange({ ...value, kind: 'rulebook' })} /> rulebook, rule
      </label>
      <input
        aria-label="Rule cited"
        className={styles.citation}
        value={value.rule}
        placeholder="e.g. 8.3.2"
        onChange={(e) => onChange({ ...value, rule: e.target.value })}
        disabled={value.kind !== 'rulebook'}
      />
    </fieldset>
  );
}
