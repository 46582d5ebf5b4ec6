'use client';
// The patch sets a game plays with beside the optional ones chosen: a variant's own, by the ruleset each
// changes, and the errata. Named on the game's page and in the launch dialog, before the game starts.
import { Fragment } from 'react';

interface Named {
  path: string;
  title: string;
}

export function AppliedPatchSets({ errata, variantPatchSets }: { errata: readonly Named[]; variantPatchSets: readonly (Named & { over: string })[] }) {
  return (
    <>
      {variantChanges(variantPatchSets).map(({ over, sets }) => (
        <Fragment key={over}>
          <span data-testid="variant-patch-sets" title={sets.map((e) => e.path).join('\n')}>
            variant’s patch sets over {over}: {sets.map((e) => e.title).join('; ')}
          </span>{' '}
          ·{' '}
        </Fragment>
      ))}
      <span data-testid="errata" title={errata.map((e) => e.path).join('\n')}>
        {errata.length ? `errata: ${errata.map((e) => e.title).join('; ')}` : 'no errata'}
      </span>
    </>
  );
}

/** A variant's own patch sets by the ruleset each changes (one group for a variant of a base, more along a chain of variants). */
function variantChanges<T extends { over: string }>(sets: readonly T[]): { over: string; sets: T[] }[] {
  const groups = new Map<string, T[]>();
  for (const set of sets) groups.get(set.over)?.push(set) ?? groups.set(set.over, [set]);
  return [...groups].map(([over, sets]) => ({ over, sets }));
}
