// The head of a map page (hex or area): the way back to the ruleset's workbench, the title, and a line saying
// what the map holds.
import type { ReactNode } from 'react';
import styles from './map.module.css';

export function MapHead({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <header className={styles.head}>
      <p className={styles.meta}>
        <a href={`/rulesets/${id}`}>← {title}: workbench</a>
      </p>
      <h1>{title}: map</h1>
      <p className={styles.meta}>{children}</p>
    </header>
  );
}
