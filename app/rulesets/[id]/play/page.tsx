import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { GameList } from '@/editor/play/GameList';
import { RULESET_ID_PATTERN } from '@/server/paths';

export const dynamic = 'force-dynamic';

interface Props {
  params: Promise<{ id: string }>;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: `${(await params).id} test games` };
}

export default async function GamesPage({ params }: Props) {
  const { id } = await params;
  // Games keep the ruleset they were made from, so a ruleset's games outlive its folder; an id no ruleset can have has none.
  if (!RULESET_ID_PATTERN.test(id)) notFound();
  return <GameList rulesetId={id} />;
}
