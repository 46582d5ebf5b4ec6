// Where a form adding an entry is not offered because another ruleset gives those entries (a variant's come from the
// ruleset it extends), one line in its place saying so, with a link to that ruleset's map to add one there.
import Link from 'next/link';
import type { OtherRuleset } from '@/server/geo/view';
import styles from './map.module.css';

/** `label` names the form not offered, `entries` what it would add, `verb` what it does ("add one", "make a capital"). */
export function FromRuleset({ label, entries, from, verb = 'add one' }: { label: string; entries: string; from?: OtherRuleset; verb?: string }) {
  if (!from) return null;
  return (
    <p className={styles.note} data-testid="from-ruleset">
      {label}: the {entries} come from {from.title} (<Link href={`/rulesets/${from.id}/map`}>open its map</Link>), so {verb} there, or with a patch set.
    </p>
  );
}
