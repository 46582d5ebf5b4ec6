'use client';
// The map view of an area map: areas where their geography puts them, their adjacency, the pairs the
// geography suggests (accept one with `npm run bootstrap-map -- <ruleset> --accept a:b`), and the areas
// that cannot be placed yet.
import { useQuery } from '@tanstack/react-query';
import dynamic from 'next/dynamic';
import { useState } from 'react';
import { useTRPC } from '../TrpcProvider';
import { ColorModePicker } from './ColorModePicker';
import styles from './map.module.css';
import type { ColorMode } from './types';

const AreaCanvas = dynamic(() => import('./AreaCanvas'), { ssr: false, loading: () => <p className={styles.placeholder}>Loading the map…</p> });

export function AreaMapView({ rulesetId }: { rulesetId: string }) {
  const trpc = useTRPC();
  const query = useQuery({ ...trpc.map.areaView.queryOptions({ rulesetId }), refetchOnWindowFocus: false, retry: false });
  const [colorMode, setColorMode] = useState<ColorMode>('terrain');
  if (query.error) return <p className={styles.error}>{query.error.message}</p>;
  const view = query.data;
  if (!view) return <p className={styles.placeholder}>Reading the ruleset…</p>;
  const name = (id: string) => view.areas.find((a) => a.id === id)?.name ?? id;
  const placed = view.areas.filter((a) => a.at).length;
  return (
    <div className={styles.editor}>
      <header className={styles.head}>
        <h1>{view.title}: map</h1>
        <p className={styles.meta}>
          {view.areas.length} areas · {placed} placed by their geography · {view.candidates.length} proposed adjacencies
        </p>
      </header>
      <div className={styles.toolbar}>
        <ColorModePicker value={colorMode} onChange={setColorMode} />
      </div>
      <div className={styles.map} data-areas={placed}>
        {placed > 0 ? <AreaCanvas view={view} colorMode={colorMode} /> : <p className={styles.placeholder}>No area has a position yet: give one a centroid, an anchor or a place with a position.</p>}
      </div>
      <div className={styles.panels}>
        <section className={styles.panel} aria-label="Proposed adjacencies">
          <h2>Proposed adjacencies</h2>
          <p className={styles.note}>Pairs that look adjacent on the map but are not listed. Accept one with <code>npm run bootstrap-map -- {view.folder} --accept a:b</code>, or list it in both areas.</p>
          <ul>
            {view.candidates.map((c) => (
              <li key={c.between.join(':')}>
                {name(c.between[0])} – {name(c.between[1])} <span className={styles.meta}>({c.kind}, {Math.round(c.km)} km{c.acrossWater ? ', across water' : ''})</span>
              </li>
            ))}
          </ul>
        </section>
        {view.unplaced.length > 0 && (
          <section className={styles.panel} aria-label="Areas without a position">
            <h2>Areas without a position</h2>
            <p className={styles.note}>Not drawn: give each a centroid, an anchor or a place with a position.</p>
            <ul>{view.unplaced.map((id) => <li key={id}>{name(id)}</li>)}</ul>
          </section>
        )}
      </div>
    </div>
  );
}
