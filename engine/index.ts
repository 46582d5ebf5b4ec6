// The engine's public surface for loading, validating and reporting on rulesets.
export * from './diagnostics';
export { loadRuleset, newerFormat, RULESET_FORMAT, type LoadedRuleset, type LoadOptions, type AppliedPatchSet } from './load/resolve';
export { overlaySource, checkPath, type RulesetSource } from './load/source';
export { botBlockingGaps, completeness, CATEGORIES, type CompletenessReport, type Category, type Tally } from './report/completeness';
export { checkFacts, type FactResult } from './facts';
export { setupCsv, tableCsv, setupRows, locationLabel, turnLabel } from './export/csv';
export type * from './generated/schema-types';
