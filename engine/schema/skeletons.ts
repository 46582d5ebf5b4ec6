// The smallest valid document of each kind: what the workbench offers for a document the manifest lists
// before it has any text. Where a kind needs an entry to be valid (a sequence needs a phase, with a step to
// play, victory a check and a level), the entry is marked provisional so that it reads as the placeholder it
// is, and is counted until the rulebook's replaces it.
import type { DocumentKind } from './kinds';

const placeholder = (what: string) => ({ kind: 'provisional', note: `Skeleton ${what}: replace it with the rulebook’s.` });

const SKELETONS: Record<DocumentKind, Record<string, unknown>> = {
  units: { unitTypes: {}, roster: {} },
  tables: { tables: {} },
  map: { map: { kind: 'hex' } },
  setup: { scenarios: {} },
  // A manual step, valid whatever models the manifest declares: the tester adjudicates it until the rulebook's steps replace it.
  sequence: { sequence: { phases: [{ id: 'turn', name: 'Turn', steps: [{ id: 'act', name: 'Act', procedure: 'manual', source: placeholder('step') }], source: placeholder('phase') }] } },
  victory: {
    victory: {
      checks: [{ when: 'end-of-turn', source: placeholder('check') }],
      levels: [{ id: 'draw', name: 'Draw', condition: { op: 'turn', cmp: '>=', turn: { turn: 1 } }, source: placeholder('level') }],
    },
  },
  rules: { triggers: {}, specialRules: {}, constants: {} },
  facts: { facts: {} },
};

/**
 * The skeleton of a kind as the text of the document at `docPath` in its ruleset folder, its `$schema` found
 * through `schemas`: the schemas folder relative to the ruleset folder, or its URL (file:///…).
 */
export function skeletonText(kind: DocumentKind, docPath: string, schemas: string): string {
  const up = /^[a-z][a-z0-9+.-]*:/i.test(schemas) ? '' : '../'.repeat(docPath.split('/').length - 1);
  return JSON.stringify({ $schema: `${up}${schemas}/${kind}.schema.json`, ...SKELETONS[kind] }, null, 2) + '\n';
}
