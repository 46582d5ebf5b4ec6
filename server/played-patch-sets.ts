// The patch sets a test game was played with, always applied (the optional ones are its options), each said
// for what it is: an erratum, or one of a variant's differences from the ruleset it extends. A game's page
// names them apart: The Big One's patch sets are what makes it The Big One, not errata to 2WW.
import type { LoadedRuleset, ResolvedRuleset } from '../engine';
import type { GameRecord, PlayedPatchSet } from './games';

/** The patch sets the loaded ruleset applies always, in order, each by document (`<ruleset>/<path>`) and title: not one that fails, which is applied whole or not at all. */
export function recordedPatchSets(loaded: LoadedRuleset): PlayedPatchSet[] {
  return loaded.patchSets
    .filter((p) => !p.optional && p.failed === 0)
    .map(({ path, title }) => {
      const manifest = loaded.documents.get(`${path.slice(0, path.indexOf('/'))}/ruleset.json`)?.value as { extends?: unknown } | undefined;
      return { path, title, ...(typeof manifest?.extends === 'string' ? { over: manifest.extends } : {}) };
    });
}

/**
 * The patch sets a snapshot records: its own ruleset's, in order, each by the title `named` gives it (a game
 * file's, only a label; its path when it gives none). Those of a ruleset it extends are not named: the snapshot
 * does not record them, so nothing checks what a file says of them.
 */
export function snapshotPatchSets(ruleset: ResolvedRuleset, named: readonly { path: string; title: string }[] = []): PlayedPatchSet[] {
  const over = typeof ruleset.extends === 'string' ? { over: ruleset.extends } : {};
  return (ruleset.patchSets ?? []).map((p) => {
    const path = `${ruleset.id}/${p}`;
    return { path, title: named.find((e) => e.path === path)?.title ?? p, ...over };
  });
}

/**
 * A game's patch sets as its page names them: the errata, and the variants' own patch sets (`over` the ruleset
 * each changes). A game stored before they were recorded names its snapshot's own, by path.
 */
export function patchSetsPlayed({ summary, ruleset }: Pick<GameRecord, 'summary' | 'ruleset'>) {
  const own = snapshotPatchSets(ruleset);
  // For a game recorded before `over` was, the snapshot says whether its own ruleset is a variant.
  const overOwn = new Map(own.map((o) => [o.path, o.over]));
  const all = (summary.errata ?? own).map((p) => {
    const over = p.over ?? overOwn.get(p.path);
    return over === undefined ? p : { ...p, over };
  });
  return byKind(all);
}

/** Patch sets played, as a game's page and the launch dialog name them: the errata, and the variants' own patch sets (`over` the ruleset each changes). */
export function byKind(sets: readonly PlayedPatchSet[]) {
  const named = ({ path, title }: PlayedPatchSet) => ({ path, title });
  return {
    errata: sets.filter((p) => p.over === undefined).map(named),
    variantPatchSets: sets.flatMap((p) => (p.over === undefined ? [] : [{ ...named(p), over: p.over }])),
  };
}
