'use client';
// The play page's map: a hex map or an area map, as the ruleset's map is, read from the map views the
// workbench draws; or a note of why none can be drawn (the units are then listed by location below).
import { useQuery } from '@tanstack/react-query';
import dynamic from 'next/dynamic';
import { useTRPC } from '@/editor/TrpcProvider';
import type { MapProps } from './marks';

const loading = () => <p className="play-note">Loading the map…</p>;
const PlayMap = dynamic(() => import('./PlayMap'), { ssr: false, loading });
const AreaPlayMap = dynamic(() => import('./AreaPlayMap'), { ssr: false, loading });

interface Props extends MapProps {
  rulesetId: string;
  /** The ruleset's map kind ('none' without a map), undefined until the ruleset is read. */
  kind: 'hex' | 'area' | 'none' | undefined;
  /** Counts on the map's element, for tests: marked locations, the selected unit's destinations, zones shown. */
  data: Record<string, number>;
}

export function Board({ rulesetId, kind, data, ...map }: Props) {
  const trpc = useTRPC();
  const options = { refetchOnWindowFocus: false, staleTime: Infinity, retry: false } as const;
  const hexView = useQuery({ ...trpc.map.view.queryOptions({ rulesetId }), ...options, enabled: kind === 'hex' });
  const areaView = useQuery({ ...trpc.map.areaView.queryOptions({ rulesetId }), ...options, enabled: kind === 'area' });
  const attributes = Object.fromEntries(Object.entries(data).map(([k, v]) => [`data-${k}`, v]));
  if (kind === 'none') return <p className="play-note">No map to draw: the ruleset has none; the units are listed by location below.</p>;
  const error = kind && (kind === 'hex' ? hexView : areaView).error;
  if (error) return <p className="play-note">No {kind} map to draw ({error.message}); the units are listed by location below.</p>;
  if (hexView.data) {
    return (
      <div className="play-map" {...attributes}>
        <PlayMap view={hexView.data} {...map} />
      </div>
    );
  }
  if (!areaView.data) return <p className="play-note">Reading the map…</p>;
  const unplaced = areaView.data.areas.filter((a) => !a.at).map((a) => a.name);
  if (unplaced.length === areaView.data.areas.length) return <p className="play-note">No area has a position to draw it at (give one a centroid, an anchor or a place with a position); the units are listed by location below.</p>;
  return (
    <>
      <div className="play-map" {...attributes}>
        <AreaPlayMap view={areaView.data} {...map} />
      </div>
      {unplaced.length > 0 && <p className="play-note">Not on the map, having no position: {unplaced.join(', ')}; their units are listed by location below.</p>}
    </>
  );
}
