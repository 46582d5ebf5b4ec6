import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PathError, normalizeDocPath, resolveRulesetPath } from '@/server/paths';
import { tempRulesets } from './tempRulesets';

const root = tempRulesets({ europa: { id: 'europa', title: 'Europa' } });

describe('resolveRulesetPath', () => {
  it('resolves a ruleset folder and a document inside it', () => {
    expect(resolveRulesetPath('europa', undefined, root)).toBe(path.join(root, 'europa'));
    expect(resolveRulesetPath('europa', 'units/land.json', root)).toBe(path.join(root, 'europa', 'units', 'land.json'));
  });

  it.each(['', '..', '.', 'Europa', '-europa', 'europa/units', 'euro pa', '../europa'])(
    'refuses the ruleset id %j',
    (id) => {
      expect(() => resolveRulesetPath(id, undefined, root)).toThrow(/Invalid ruleset id/);
    },
  );

  it.each([
    ['../other/ruleset.json', /must not contain "\.\."/],
    ['units/../../other.json', /must not contain "\.\."/],
    ['/etc/passwd', /must be relative/],
    ['C:/Windows/win.ini', /must be relative/],
    ['units\\..\\..\\x.json', /forward slashes/],
    ['units/\0.json', /NUL/],
    ['./', /is empty/],
  ])('refuses the document path %j', (docPath, message) => {
    expect(() => resolveRulesetPath('europa', docPath, root)).toThrow(PathError);
    expect(() => resolveRulesetPath('europa', docPath, root)).toThrow(message);
  });

  it('follows a symlink that stays inside the root but refuses one that leads out, or nowhere', () => {
    const outside = fs.mkdtempSync(path.join(os.tmpdir(), 'sandtable-outside-'));
    try {
      fs.mkdirSync(path.join(root, 'europa', 'maps'));
      fs.symlinkSync(path.join(root, 'europa', 'maps'), path.join(root, 'europa', 'boards'));
      fs.symlinkSync(outside, path.join(root, 'europa', 'escape'));
      fs.symlinkSync(path.join(outside, 'gone'), path.join(root, 'europa', 'dangling'));

      expect(resolveRulesetPath('europa', 'boards/east.json', root)).toBe(
        path.join(root, 'europa', 'boards', 'east.json'),
      );
      expect(() => resolveRulesetPath('europa', 'escape/new.json', root)).toThrow(
        /escape is a link that leads outside the rulesets root/,
      );
      expect(() => resolveRulesetPath('europa', 'dangling', root)).toThrow(/dangling is a link that leads outside/);
    } finally {
      fs.rmSync(outside, { recursive: true, force: true });
    }
  });
});

describe('normalizeDocPath', () => {
  it('gives one spelling per document', () => {
    expect(normalizeDocPath('./units//land.json')).toBe('units/land.json');
    expect(normalizeDocPath('map.json/')).toBe('map.json');
  });
});
