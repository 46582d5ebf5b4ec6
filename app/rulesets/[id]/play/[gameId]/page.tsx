import type { Metadata } from 'next';
import { PlayView } from '@/editor/play/PlayView';

// A game's state lives on the server; the page only mounts the client view that reads it.
export const dynamic = 'force-dynamic';

interface Props {
  params: Promise<{ id: string; gameId: string }>;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: `${(await params).id} test game` };
}

export default async function PlayPage({ params }: Props) {
  const { id, gameId } = await params;
  return <PlayView rulesetId={id} gameId={gameId} />;
}
