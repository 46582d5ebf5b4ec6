'use client';
// The ruleset's scenarios as a choice, by name, for a test game or a balance run.
import type { ResolvedRuleset } from '@/engine';

type Scenarios = NonNullable<ResolvedRuleset['scenarios']>;

/** `value` is shown where the ruleset has it, else its first scenario (which the server plays when given none). */
export function ScenarioSelect({ scenarios, value, onChange }: { scenarios: Scenarios; value: string | undefined; onChange(id: string): void }) {
  const ids = Object.keys(scenarios);
  return (
    <label>
      Scenario{' '}
      <select aria-label="Scenario" value={value !== undefined && ids.includes(value) ? value : (ids[0] ?? '')} onChange={(e) => onChange(e.target.value)}>
        {Object.entries(scenarios).map(([id, s]) => (
          <option key={id} value={id}>
            {s.name ?? id}
          </option>
        ))}
      </select>
    </label>
  );
}
