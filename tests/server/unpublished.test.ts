// The library's note that a ruleset's drafts differ from the published files its figures are made from.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createDraftStore, openDatabase } from '@/server/db';
import { unpublishedDrafts, unpublishedNote } from '@/server/unpublished';
import { tempRulesets } from './tempRulesets';

describe('unpublishedDrafts', () => {
  it('names the documents whose latest draft is not their file, a draft of a file not written yet among them', () => {
    const root = tempRulesets({ europa: { id: 'europa', title: 'Europa', source: { title: 'Rulebook' }, documents: { units: 'units.json', rules: 'rules.json' } } });
    fs.writeFileSync(path.join(root, 'europa', 'units.json'), '{"unitTypes": {}}');
    fs.writeFileSync(path.join(root, 'europa', 'rules.json'), '{"triggers": {}}');
    const store = createDraftStore(openDatabase(':memory:'), () => null);
    expect(unpublishedDrafts(store, 'europa', root)).toEqual([]);

    const save = (p: string, baseRevision: number, content: string) => store.saveDraft({ rulesetId: 'europa', path: p, baseRevision, content });
    save('units.json', 0, '{"unitTypes": {"armor": {}}}');
    save('rules.json', 0, '{"triggers": {"x": {}}}');
    // Its latest revision is the file's text again (a discarded draft): nothing differs there.
    save('rules.json', 1, '{"triggers": {}}');
    save('sequence.json', 0, '{"sequence": {}}');
    store.saveDraft({ rulesetId: 'other', path: 'units.json', baseRevision: 0, content: '{}' });
    // sequence.json: a draft the manifest does not list (an unlisted draft), counted apart.
    expect(unpublishedDrafts(store, 'europa', root)).toEqual([
      { path: 'sequence.json', unlisted: true },
      { path: 'units.json', unlisted: false },
    ]);
    // Listed by the manifest as drafted, it is no longer apart.
    const manifest = JSON.parse(fs.readFileSync(path.join(root, 'europa', 'ruleset.json'), 'utf8'));
    store.saveDraft({ rulesetId: 'europa', path: 'ruleset.json', baseRevision: 0, content: JSON.stringify({ ...manifest, documents: { ...manifest.documents, sequence: 'sequence.json' } }) });
    expect(unpublishedDrafts(store, 'europa', root)).toEqual([
      { path: 'ruleset.json', unlisted: false },
      { path: 'sequence.json', unlisted: false },
      { path: 'units.json', unlisted: false },
    ]);
  });

  it('says how many differ from the files, the unlisted counted apart', () => {
    const [listed, unlisted] = [{ unlisted: false }, { unlisted: true }];
    expect(unpublishedNote([listed, listed])).toBe('2 drafts differ from these files');
    expect(unpublishedNote([listed, unlisted, unlisted])).toBe('1 draft differs from these files; 2 unlisted drafts (ruleset.json does not list them: publishing does not write them)');
    expect(unpublishedNote([unlisted])).toBe('1 unlisted draft (ruleset.json does not list it: publishing does not write it)');
  });
});
