import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { PlayView } from '@/editor/play/PlayView';
import { RULESET_ID_PATTERN } from '@/server/paths';

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
  // A game outlives its ruleset's folder (it keeps the ruleset it was made from); an id no ruleset can have has none.
  if (!RULESET_ID_PATTERN.test(id)) notFound();
  return <PlayView rulesetId={id} gameId={gameId} />;
}
