import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Where units stand is kept from one look to the next within an action (whereabouts.ts) and looked at
// again only after a change the transaction counts. A change made around it would leave stale zones,
// stacks and supply lines for the rest of the action, so no engine file assigns these fields itself.
const ENGINE = path.join(__dirname, '../../engine/game');
const WRITES = /(?<!this)\.(?:at|stepsLost|side|status)\s*(?:[-+*/]?=(?!=)|\+\+|--)/;

describe('changes to units and powers', () => {
  it('go through the transaction, in every engine file', () => {
    const files = readdirSync(ENGINE, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts') && f !== 'tx.ts');
    const found = files.flatMap((f) =>
      readFileSync(path.join(ENGINE, f), 'utf8')
        .split('\n')
        .flatMap((line, i) => (WRITES.test(line) ? [`${f}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(found).toEqual([]);
  });
});
