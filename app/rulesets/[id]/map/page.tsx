import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { loadRuleset } from '@/engine';
import { AreaMapView } from '@/editor/map/AreaMapView';
import { MapEditor } from '@/editor/map/MapEditor';
import { rulesetExists } from '@/server/catalog';
import { PathError } from '@/server/paths';
import { draftedSource } from '@/server/routers/authoring';

export const metadata: Metadata = { title: 'Map' };
export const dynamic = 'force-dynamic';

export default async function MapPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  let exists = false;
  try {
    exists = rulesetExists(id);
  } catch (e) {
    if (!(e instanceof PathError)) throw e;
  }
  if (!exists) notFound();
  // Hex maps get the grid and paint tool; area maps the area view: as drafted, as the views read them.
  const kind = loadRuleset(draftedSource(id), id).ruleset?.map?.kind;
  return kind === 'area' ? <AreaMapView rulesetId={id} /> : <MapEditor rulesetId={id} />;
}
