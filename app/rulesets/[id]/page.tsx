import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { WorkbenchLoader } from '@/editor/workbench/WorkbenchLoader';
import { rulesetAt } from '@/server/catalog';

// Rulesets are read from disk per request, so a new one opens without a rebuild.
export const dynamic = 'force-dynamic';

interface Props {
  params: Promise<{ id: string }>;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: `${(await params).id} workbench` };
}

export default async function WorkbenchPage({ params }: Props) {
  const { id } = await params;
  if (!rulesetAt(id)) notFound();
  return <WorkbenchLoader id={id} />;
}
