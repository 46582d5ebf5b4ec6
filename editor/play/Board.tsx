'use client';
// The play page's map: a hex map or an area map, as the game's ruleset has, drawn from the ruleset the
// game was created from (its patch sets and unsaved drafts included); or a note of why none can be
// drawn (the units are then listed by location below).
import type { inferRouterOutputs } from '@trpc/server';
import dynamic from 'next/dynamic';
import type { AppRouter } from '@/server/router';
import { HexsideLegend } from '@/editor/map/HexsideLegend';
import type { MapProps } from './marks';
import { HolderLegend, PowerLegend } from './PowerLegend';

const loading = () => <p className="play-note">Loading the map…</p>;
const PlayMap = dynamic(() => import('./PlayMap'), { ssr: false, loading });
const AreaPlayMap = dynamic(() => import('./AreaPlayMap'), { ssr: false, loading });

export type GameMap = inferRouterOutputs<AppRouter>['games']['map'];

interface Props extends MapProps {
  /** The game's map (games.map), or why it cannot be read, while it is asked for. */
  board: { data?: GameMap; error?: { message: string } | null };
  /** Counts on the map's element, for tests: marked locations, the selected unit's destinations, zones shown. */
  data: Record<string, number>;
}

/**
 * Sets a map's --play-map-top: where it stands on the page, which play.css subtracts from the window's height so
 * that the map reaches down to the window's bottom; again when the window is resized, not when something above it
 * comes or goes later (the map does not change size under the pointer).
 */
function fillWindow(element: HTMLDivElement | null) {
  if (!element) return;
  const measure = () => element.style.setProperty('--play-map-top', `${Math.round(element.getBoundingClientRect().top + window.scrollY)}px`);
  measure();
  window.addEventListener('resize', measure);
  return () => window.removeEventListener('resize', measure);
}

export function Board({ board, data, ...map }: Props) {
  const attributes = Object.fromEntries(Object.entries(data).map(([k, v]) => [`data-${k}`, v]));
  if (board.error) return <p className="play-note">No map to draw ({board.error.message}); the units are listed by location below.</p>;
  if (!board.data) return <p className="play-note">Reading the map…</p>;
  if (board.data.kind === 'none') return <p className="play-note">No map to draw: the ruleset has none; the units are listed by location below.</p>;
  if (board.data.kind === 'hex') {
    return (
      <>
        <div className="play-map" ref={fillWindow} {...attributes}>
          <PlayMap view={board.data.view} boxes={board.data.boxes} {...map} />
        </div>
        <HexsideLegend view={board.data.view} className="play-note" />
        <PowerLegend byLocation={map.byLocation} boxes className="play-note" />
      </>
    );
  }
  const { view } = board.data;
  const unplaced = view.areas.filter((a) => !a.at).map((a) => a.name);
  if (unplaced.length === view.areas.length) return <p className="play-note">No area has a position to draw it at (give one a centroid, an anchor or a place with a position); the units are listed by location below.</p>;
  return (
    <>
      <div className="play-map" ref={fillWindow} {...attributes}>
        <AreaPlayMap view={view} {...map} />
      </div>
      <PowerLegend byLocation={map.byLocation} className="play-note" />
      {map.holderOf && <HolderLegend holders={view.areas.flatMap((a) => (a.at ? [map.holderOf!(`area:${a.id}`)] : []))} />}
      {unplaced.length > 0 && <p className="play-note">Not on the map, having no position: {unplaced.join(', ')}; their units are listed by location below.</p>}
      {board.data.boxes.length > 0 && <p className="play-note">The off-map boxes ({board.data.boxes.map((b) => b.name).join(', ')}) are drawn on hex maps only; their units are listed by location below.</p>}
    </>
  );
}
