'use client';
// The play page's map: a hex map or an area map, as the game's ruleset has, drawn from the ruleset the
// game was created from (its patch sets and unsaved drafts included); or a note of why none can be
// drawn (the units are then listed by location below).
import type { inferRouterOutputs } from '@trpc/server';
import dynamic from 'next/dynamic';
import type { ReactNode } from 'react';
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
  /** What a click on the map did (a unit selected, a move refused): right under the map, before its legends, in view. */
  said: ReactNode;
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

export function Board({ board, data, said, ...map }: Props) {
  const attributes = Object.fromEntries(Object.entries(data).map(([k, v]) => [`data-${k}`, v]));
  const without = (why: string) => (
    <>
      <p className="play-note">{why}</p>
      {said}
    </>
  );
  if (board.error) return without(`No map to draw (${board.error.message}); the units are listed by location below.`);
  if (!board.data) return without('Reading the map…');
  if (board.data.kind === 'none') return without('No map to draw: the ruleset has none; the units are listed by location below.');
  if (board.data.kind === 'hex') {
    return (
      <>
        <div className="play-map" ref={fillWindow} {...attributes}>
          <PlayMap view={board.data.view} boxes={board.data.boxes} {...map} />
        </div>
        {said}
        <HexsideLegend view={board.data.view} className="play-note" />
        <PowerLegend byLocation={map.byLocation} boxes className="play-note" />
      </>
    );
  }
  const { view } = board.data;
  const unplaced = view.areas.filter((a) => !a.at).map((a) => a.name);
  if (unplaced.length === view.areas.length) return without('No area has a position to draw it at (give one a centroid, an anchor or a place with a position); the units are listed by location below.');
  return (
    <>
      <div className="play-map" ref={fillWindow} {...attributes}>
        <AreaPlayMap view={view} {...map} />
      </div>
      {said}
      <PowerLegend byLocation={map.byLocation} className="play-note" />
      {map.holderOf && <HolderLegend holders={view.areas.flatMap((a) => (a.at ? [map.holderOf!(`area:${a.id}`)] : []))} />}
      {unplaced.length > 0 && <p className="play-note">Not on the map, having no position: {unplaced.join(', ')}; their units are listed by location below.</p>}
      {board.data.boxes.length > 0 && <p className="play-note">The off-map boxes ({board.data.boxes.map((b) => b.name).join(', ')}) are drawn on hex maps only; their units are listed by location below.</p>}
    </>
  );
}
