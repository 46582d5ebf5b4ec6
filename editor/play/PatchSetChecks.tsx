'use client';
// The ruleset's optional patch sets as checkboxes (a provisional fill, say), for a game or a balance run.
import type { ResolvedRuleset } from '@/engine';

type PatchSets = NonNullable<ResolvedRuleset['optionalPatchSets']>;

export function PatchSetChecks({ patchSets, chosen, onChange }: { patchSets: PatchSets; chosen: string[]; onChange(chosen: string[]): void }) {
  return Object.entries(patchSets).map(([id, p]) => (
    <label key={id} className="play-check" title={p.description}>
      <input type="checkbox" checked={chosen.includes(id)} onChange={(e) => onChange(e.target.checked ? [...chosen, id] : chosen.filter((x) => x !== id))} />
      {p.title ?? id} <code>{id}</code>
    </label>
  ));
}
