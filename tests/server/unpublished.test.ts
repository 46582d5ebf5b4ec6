// The library's note that a ruleset's drafts differ from the published files its figures are made from.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createDraftStore, openDatabase } from '@/server/db';
import { unpublishedDrafts } from '@/server/unpublished';
import { tempRulesets } from './tempRulesets';

describe('unpublishedDrafts', () => {
  it('names the documents whose latest draft is not their file, a draft of a file not written yet among them', () => {
    const root = tempRulesets({ europa: { id: 'europa', title: 'Europa', source: { title: 'Rulebook' }, documents: { units: 'units.json', rules: 'rules.json' } } });
    fs.writeFileSync(path.join(root, 'europa', 'units.json'), '{"unitTypes": {}}');
    fs.writeFileSync(path.join(root, 'europa', 'rules.json'), '{"triggers": {}}');
    const store = createDraftStore(openDatabase(':memory:'));
    expect(unpublishedDrafts(store, 'europa', root)).toEqual([]);

    const save = (p: string, baseRevision: number, content: string) => store.saveDraft({ rulesetId: 'europa', path: p, baseRevision, content });
    save('units.json', 0, '{"unitTypes": {"armor": {}}}');
    save('rules.json', 0, '{"triggers": {"x": {}}}');
    // Its latest revision is the file's text again (a discarded draft): nothing differs there.
    save('rules.json', 1, '{"triggers": {}}');
    save('sequence.json', 0, '{"sequence": {}}');
    store.saveDraft({ rulesetId: 'other', path: 'units.json', baseRevision: 0, content: '{}' });
    expect(unpublishedDrafts(store, 'europa', root)).toEqual(['sequence.json', 'units.json']);
  });
});
