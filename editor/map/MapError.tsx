import styles from './map.module.css';

/** Why a map view cannot be drawn, with the way back to the workbench where the map is mended. */
export function MapError({ rulesetId, message }: { rulesetId: string; message: string }) {
  return (
    <div className={styles.editor}>
      <p className={styles.meta}>
        <a href={`/rulesets/${rulesetId}`}>← workbench</a>
      </p>
      <p className={styles.error} role="alert">
        {message}
      </p>
    </div>
  );
}
