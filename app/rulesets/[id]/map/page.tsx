import type { Metadata } from 'next';
import { MapEditor } from '@/editor/map/MapEditor';

export const metadata: Metadata = { title: 'Map' };

export default async function MapPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <MapEditor rulesetId={id} />;
}
