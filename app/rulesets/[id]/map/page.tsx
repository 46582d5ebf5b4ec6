import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { loadRuleset } from '@/engine';
import { AreaMapView } from '@/editor/map/AreaMapView';
import { MapEditor } from '@/editor/map/MapEditor';
import { rulesetAt } from '@/server/catalog';
import { draftedSource } from '@/server/routers/authoring';

export const metadata: Metadata = { title: 'Map' };
export const dynamic = 'force-dynamic';

export default async function MapPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  if (!rulesetAt(id)) notFound();
  // Hex maps get the grid and paint tool; area maps the area view: as drafted, as the views read them.
  const kind = loadRuleset(draftedSource(id), id).ruleset?.map?.kind;
  return kind === 'area' ? <AreaMapView rulesetId={id} /> : <MapEditor rulesetId={id} />;
}
