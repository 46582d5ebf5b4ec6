import type { Metadata } from 'next';
import { GameList } from '@/editor/play/GameList';

export const dynamic = 'force-dynamic';

interface Props {
  params: Promise<{ id: string }>;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: `${(await params).id} test games` };
}

export default async function GamesPage({ params }: Props) {
  const { id } = await params;
  return <GameList rulesetId={id} />;
}
