// The semantic linter: checks a resolved ruleset beyond what its schemas can say.
import type { Finding } from '../diagnostics';
import type { ResolvedRuleset } from '../generated/schema-types';
import { LintContext } from './context';
import { lintMap } from './map';
import { lintPlaceKinds } from './place-kinds';
import { lintAnchors } from '../map/lint-anchors';
import { lintConflicts } from './conflicts';
import { lintManifest, lintMechanics, lintRules, lintScenarios, lintSequence, lintUnits, lintVictory } from './references';
import { lintTables } from './tables';

const RULES = [lintManifest, lintUnits, lintMap, lintPlaceKinds, lintAnchors, lintTables, lintScenarios, lintSequence, lintVictory, lintRules, lintConflicts, lintMechanics];

export function lintRuleset(ruleset: ResolvedRuleset): Finding[] {
  const ctx = new LintContext(ruleset);
  for (const rule of RULES) rule(ctx);
  return ctx.settled();
}
