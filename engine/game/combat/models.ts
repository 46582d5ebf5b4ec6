// The combat models the engine fights; battles of the others are the tester's to adjudicate.
export const AUTOMATED_COMBAT: readonly string[] = ['fire-table', 'odds-table', 'per-unit-dice'];
