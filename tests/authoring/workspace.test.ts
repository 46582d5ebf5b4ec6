// The workbench's document store: autosave with revisions, conflicts shown rather than overwritten,
// validation of what the designer sees, debounced.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DraftConflict, Workspace, isDirty, isHeldDirty, isUnpublished, type WorkspaceDeps } from '@/editor/workbench/workspace';
import type { DocumentEntry } from '@/server/routers/authoring';
import { loadRuleset } from '@/engine';
import { fsSource } from '@/engine/load/fs-source';
import { FIXTURES, lineOf } from '../validation/helpers';

const entries: DocumentEntry[] = [
  { path: 'ruleset.json', kind: 'manifest', file: '{"id":"x"}', draft: null, listedByFile: true },
  { path: 'units.json', kind: 'units', file: '{"units":1}', draft: { revision: 2, content: '{"units":2}', savedAt: '2026-01-01T00:00:00Z' }, listedByFile: true },
  { path: 'new.json', kind: 'tables', file: null, draft: null, listedByFile: true },
];

/** A fake server: drafts by path with revisions, and a validate that records what it was sent. */
function fakeServer() {
  const stored = new Map<string, { revision: number; content: string }>([['units.json', { revision: 2, content: '{"units":2}' }]]);
  const validated: Record<string, string>[] = [];
  const deps: WorkspaceDeps = {
    saveDraft: vi.fn(async (path: string, baseRevision: number, content: string) => {
      const current = stored.get(path) ?? { revision: 0, content: null as unknown as string };
      if (current.revision !== baseRevision) throw new DraftConflict({ revision: current.revision, content: current.content });
      stored.set(path, { revision: baseRevision + 1, content });
      return { revision: baseRevision + 1, savedAt: '2026-01-01T00:00:01Z' };
    }),
    // The published files, as the server reads them when a draft is discarded.
    discardDraft: vi.fn(async (path: string, baseRevision: number) => {
      const current = stored.get(path) ?? { revision: 0, content: null as unknown as string };
      if (current.revision !== baseRevision) throw new DraftConflict({ revision: current.revision, content: current.content });
      const content = entries.find((e) => e.path === path)!.file!;
      stored.set(path, { revision: baseRevision + 1, content });
      return { revision: baseRevision + 1, savedAt: '2026-01-01T00:00:02Z', content };
    }),
    validate: vi.fn(async (documents: Record<string, string>) => {
      validated.push(documents);
      return { diagnostics: [], counts: null };
    }),
  };
  return { deps, stored, validated };
}

beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

describe('Workspace', () => {
  it('shows the draft over the file and sends the server only texts that differ from the files', async () => {
    const { deps, validated } = fakeServer();
    const ws = new Workspace('x', entries, deps);
    await vi.runAllTimersAsync();
    expect(ws.doc('units.json')).toMatchObject({ text: '{"units":2}', revision: 2 });
    expect(isUnpublished(ws.doc('units.json')!)).toBe(true);
    expect(validated[0]).toEqual({ 'units.json': '{"units":2}' });
  });

  it('validates 150 ms after typing stops, and saves a new revision a second after', async () => {
    const { deps, stored, validated } = fakeServer();
    const ws = new Workspace('x', entries, deps);
    await vi.runAllTimersAsync();
    ws.setText('ruleset.json', '{"id":"x1"}');
    await vi.advanceTimersByTimeAsync(100);
    ws.setText('ruleset.json', '{"id":"x12"}');
    await vi.advanceTimersByTimeAsync(149);
    expect(validated).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(validated).toHaveLength(2);
    expect(validated[1]['ruleset.json']).toBe('{"id":"x12"}');
    expect(isDirty(ws.doc('ruleset.json')!)).toBe(true);

    await vi.advanceTimersByTimeAsync(1000);
    expect(stored.get('ruleset.json')).toEqual({ revision: 1, content: '{"id":"x12"}' });
    expect(ws.doc('ruleset.json')).toMatchObject({ revision: 1, saved: '{"id":"x12"}', saving: false });
    expect(deps.saveDraft).toHaveBeenCalledTimes(1);
  });

  it('asks for the gap counts only at load and once typing has paused for two seconds', async () => {
    const { deps } = fakeServer();
    const ws = new Workspace('x', entries, deps);
    await vi.runAllTimersAsync();
    ws.setText('ruleset.json', '{}');
    await vi.advanceTimersByTimeAsync(1999);
    expect(vi.mocked(deps.validate).mock.calls.map(([, counts]) => counts)).toEqual([true, false]);
    await vi.advanceTimersByTimeAsync(1);
    expect(vi.mocked(deps.validate).mock.calls.map(([, counts]) => counts)).toEqual([true, false, true]);
  });

  it('says the counts are stale from an edit, or a fresh listing, until they are counted again', async () => {
    const { deps } = fakeServer();
    const counts = { gap: 3, provisional: 1, variants: [] };
    vi.mocked(deps.validate).mockImplementation(async (_, counted) => ({ diagnostics: [], counts: counted ? counts : null }));
    const ws = new Workspace('x', entries, deps);
    await vi.runAllTimersAsync();
    expect(ws.getSnapshot()).toMatchObject({ counts, countsStale: false });
    ws.setText('ruleset.json', '{}');
    // Stale from the edit on: the diagnostics are the edit's; the counts still those of the texts before it.
    expect(ws.getSnapshot()).toMatchObject({ counts, countsStale: true });
    await vi.advanceTimersByTimeAsync(150);
    expect(ws.getSnapshot()).toMatchObject({ counts, countsStale: true });
    await vi.advanceTimersByTimeAsync(1850);
    expect(ws.getSnapshot()).toMatchObject({ counts, countsStale: false });
    // So after a fresh listing (a new scenario, a discard made elsewhere), at once.
    ws.refresh(entries);
    expect(ws.getSnapshot()).toMatchObject({ counts, countsStale: true });
    await vi.runAllTimersAsync();
    expect(ws.getSnapshot()).toMatchObject({ counts, countsStale: false });
  });

  it('saves everything at once on request, each document once', async () => {
    const { deps, stored } = fakeServer();
    const ws = new Workspace('x', entries, deps);
    ws.setText('ruleset.json', 'a');
    ws.setText('units.json', 'b');
    await ws.saveAll();
    expect(stored.get('ruleset.json')?.content).toBe('a');
    expect(stored.get('units.json')).toEqual({ revision: 3, content: 'b' });
    expect(ws.unsaved()).toEqual([]);
  });

  it('saves typing that arrives during a save right after it, on the new revision', async () => {
    const { deps, stored } = fakeServer();
    const ws = new Workspace('x', entries, deps);
    ws.setText('units.json', 'one');
    const first = ws.save('units.json');
    ws.setText('units.json', 'two');
    void ws.save('units.json');
    await first;
    await vi.runAllTimersAsync();
    expect(stored.get('units.json')).toEqual({ revision: 4, content: 'two' });
  });

  it('turns a stale save into a conflict holding both versions, and resolves it either way', async () => {
    const { deps, stored } = fakeServer();
    const ws = new Workspace('x', entries, deps);
    stored.set('units.json', { revision: 3, content: 'theirs' });
    ws.setText('units.json', 'mine');
    await ws.save('units.json');
    expect(ws.doc('units.json')).toMatchObject({ text: 'mine', conflict: { revision: 3, content: 'theirs' } });
    expect(stored.get('units.json')?.content).toBe('theirs');

    // While in conflict nothing more is saved, whatever is typed.
    ws.setText('units.json', 'mine, more');
    await vi.runAllTimersAsync();
    expect(stored.get('units.json')).toEqual({ revision: 3, content: 'theirs' });

    await ws.resolveConflict('units.json', 'mine');
    expect(stored.get('units.json')).toEqual({ revision: 4, content: 'mine, more' });
    expect(ws.doc('units.json')?.conflict).toBeUndefined();

    stored.set('units.json', { revision: 5, content: 'theirs again' });
    ws.setText('units.json', 'mine again');
    await ws.save('units.json');
    await ws.resolveConflict('units.json', 'theirs');
    expect(ws.doc('units.json')).toMatchObject({ text: 'theirs again', saved: 'theirs again', revision: 5 });
    expect(isDirty(ws.doc('units.json')!)).toBe(false);
  });

  it('resolves a conflict with both changes merged, stored as the revision after theirs', async () => {
    const { deps, stored } = fakeServer();
    const ws = new Workspace('x', entries, deps);
    stored.set('units.json', { revision: 3, content: 'theirs' });
    ws.setText('units.json', 'mine');
    await ws.save('units.json');
    await ws.resolveConflict('units.json', { merged: 'both' });
    expect(stored.get('units.json')).toEqual({ revision: 4, content: 'both' });
    expect(ws.doc('units.json')).toMatchObject({ text: 'both', saved: 'both', revision: 4, conflict: undefined });
  });

  it('reports a failed save without losing the text', async () => {
    const { deps } = fakeServer();
    vi.mocked(deps.saveDraft).mockRejectedValueOnce(new Error('server down'));
    const ws = new Workspace('x', entries, deps);
    ws.setText('ruleset.json', 'kept');
    await ws.save('ruleset.json');
    expect(ws.doc('ruleset.json')).toMatchObject({ text: 'kept', error: 'server down' });
    await ws.save('ruleset.json');
    expect(ws.doc('ruleset.json')).toMatchObject({ revision: 1, error: undefined });
  });

  it('ignores a validation answer that a later edit has overtaken', async () => {
    const { deps } = fakeServer();
    let answer!: (v: { diagnostics: never[]; counts: null }) => void;
    const slow = new Promise<{ diagnostics: never[]; counts: null }>((resolve) => (answer = resolve));
    const ws = new Workspace('x', entries, deps);
    await vi.runAllTimersAsync();
    vi.mocked(deps.validate).mockReturnValueOnce(slow as never);
    ws.setText('ruleset.json', 'first');
    await vi.advanceTimersByTimeAsync(150);
    const stale = { document: 'x/ruleset.json', pointer: '', line: 1, column: 1, severity: 'error' as const, code: 'json-syntax', message: 'stale' };
    vi.mocked(deps.validate).mockResolvedValueOnce({ diagnostics: [], counts: null });
    ws.setText('ruleset.json', '{"id":"x"}');
    await vi.advanceTimersByTimeAsync(150);
    answer({ diagnostics: [stale] as never[], counts: null });
    await vi.runAllTimersAsync();
    expect(ws.getSnapshot().diagnostics).toEqual([]);
  });

  it('takes a fresh listing without losing unsaved text', async () => {
    const { deps } = fakeServer();
    const ws = new Workspace('x', entries, deps);
    ws.setText('units.json', 'unsaved');
    ws.refresh([
      { ...entries[0], file: '{"id":"x","patchSets":["e.json"]}' },
      { ...entries[1], draft: { revision: 3, content: 'from elsewhere', savedAt: '' } },
      { path: 'e.json', kind: 'patchset', file: '{}', draft: null, listedByFile: true },
    ]);
    expect(ws.doc('ruleset.json')?.text).toBe('{"id":"x","patchSets":["e.json"]}');
    expect(ws.doc('units.json')).toMatchObject({ text: 'unsaved', revision: 2 });
    expect(ws.doc('e.json')?.kind).toBe('patchset');
    expect(ws.doc('new.json')).toBeUndefined();
  });

  it('discards a draft after saving the edit typed since as its own revision: the file is the one after, with nothing left to publish', async () => {
    const { deps, stored, validated } = fakeServer();
    const ws = new Workspace('x', entries, deps);
    await vi.runAllTimersAsync();
    ws.setText('units.json', '{"units":3}');
    await ws.discard('units.json');
    // The edit is in the history (revision 3), then the file (revision 4); no autosave comes after to bring the draft back.
    expect(deps.saveDraft).toHaveBeenCalledExactlyOnceWith('units.json', 2, '{"units":3}', undefined);
    expect(deps.discardDraft).toHaveBeenCalledExactlyOnceWith('units.json', 3);
    await vi.runAllTimersAsync();
    expect(deps.saveDraft).toHaveBeenCalledTimes(1);
    expect(stored.get('units.json')).toEqual({ revision: 4, content: '{"units":1}' });
    expect(ws.doc('units.json')).toMatchObject({ text: '{"units":1}', saved: '{"units":1}', revision: 4, saving: false });
    expect(isUnpublished(ws.doc('units.json')!)).toBe(false);
    expect(ws.overlay()).toEqual({});
    expect(validated.at(-1)).toEqual({});
  });

  it('waits for a save under way, and saves no edit that is its file\'s text again', async () => {
    const { deps, stored } = fakeServer();
    const ws = new Workspace('x', entries, deps);
    await vi.runAllTimersAsync();
    ws.setText('units.json', '{"units":3}');
    void ws.save('units.json');
    ws.setText('units.json', '{"units":1}');
    await ws.discard('units.json');
    expect(deps.saveDraft).toHaveBeenCalledExactlyOnceWith('units.json', 2, '{"units":3}', undefined);
    expect(deps.discardDraft).toHaveBeenCalledExactlyOnceWith('units.json', 3);
    expect(stored.get('units.json')).toEqual({ revision: 4, content: '{"units":1}' });
    expect(ws.doc('units.json')).toMatchObject({ text: '{"units":1}', revision: 4 });
  });

  it('discards nothing when the edit cannot be saved first: a newer revision is a conflict, another refusal an error', async () => {
    const { deps, stored } = fakeServer();
    const ws = new Workspace('x', entries, deps);
    await vi.runAllTimersAsync();
    stored.set('units.json', { revision: 3, content: 'theirs' });
    ws.setText('units.json', '{"units":3}');
    await ws.discard('units.json');
    expect(deps.discardDraft).not.toHaveBeenCalled();
    expect(ws.doc('units.json')).toMatchObject({ text: '{"units":3}', revision: 2, conflict: { revision: 3, content: 'theirs' } });
    expect(stored.get('units.json')).toEqual({ revision: 3, content: 'theirs' });

    vi.mocked(deps.saveDraft).mockRejectedValueOnce(new Error('ruleset.json is not saved: it is too large'));
    ws.setText('ruleset.json', 'typed');
    await ws.discard('ruleset.json');
    expect(deps.discardDraft).not.toHaveBeenCalled();
    expect(ws.doc('ruleset.json')).toMatchObject({ text: 'typed', revision: 0, error: 'ruleset.json is not saved: it is too large' });
  });

  it('turns a stale discard into a conflict, and keeps the edit of a document without a draft in the history too', async () => {
    const { deps, stored } = fakeServer();
    const ws = new Workspace('x', entries, deps);
    stored.set('units.json', { revision: 3, content: 'theirs' });
    await ws.discard('units.json');
    expect(ws.doc('units.json')).toMatchObject({ text: '{"units":2}', conflict: { revision: 3, content: 'theirs' } });
    expect(stored.get('units.json')).toEqual({ revision: 3, content: 'theirs' });

    ws.setText('ruleset.json', 'typed');
    await ws.discard('ruleset.json');
    // A first revision names the file's text it was typed on: the draft stands on it (a change on disk since is not).
    expect(deps.saveDraft).toHaveBeenCalledExactlyOnceWith('ruleset.json', 0, 'typed', '{"id":"x"}');
    expect(stored.get('ruleset.json')).toEqual({ revision: 2, content: '{"id":"x"}' });
    expect(ws.doc('ruleset.json')).toMatchObject({ text: '{"id":"x"}', revision: 2 });
  });

  it('holds an edit outside the documents: unsaved until released, its syntax errors counted, never sent to the server', async () => {
    const { deps, validated } = fakeServer();
    const ws = new Workspace('x', entries, deps);
    await vi.runAllTimersAsync();
    ws.hold({ path: 'resolved ruleset', label: 'the resolved ruleset', base: '{"a":1}', basis: 'hash', schema: 'ruleset' });
    expect(ws.hasUnsaved()).toBe(false);
    ws.setHeldText('resolved ruleset', '{"a":1,}');
    expect(ws.hasUnsaved()).toBe(true);
    expect(isHeldDirty(ws.getSnapshot().held[0])).toBe(true);
    await vi.advanceTimersByTimeAsync(150);
    expect(ws.getSnapshot().heldDiagnostics).toMatchObject([{ document: 'x/resolved ruleset', code: 'json-syntax', line: 1, column: 7 }]);
    expect(ws.getSnapshot().diagnostics).toEqual([]);
    // Taken up again (the view that owns it shown anew), it is as it was left.
    expect(ws.hold({ path: 'resolved ruleset', label: 'the resolved ruleset', base: 'other', basis: 'other', schema: 'ruleset' })).toMatchObject({ text: '{"a":1,}', basis: 'hash', schema: 'ruleset' });
    await vi.runAllTimersAsync();
    expect(validated.every((d) => !('resolved ruleset' in d))).toBe(true);

    ws.release('resolved ruleset');
    expect(ws.hasUnsaved()).toBe(false);
    expect(ws.getSnapshot()).toMatchObject({ held: [], heldDiagnostics: [] });
  });

  it("counts a held edit's schema errors, anywhere in it, as problems where they are, as a document's", async () => {
    const { deps, validated } = fakeServer();
    const ws = new Workspace('x', entries, deps);
    await vi.runAllTimersAsync();
    const resolved = loadRuleset(fsSource(FIXTURES), 'skirmish').ruleset!;
    const base = JSON.stringify(resolved, null, 2);
    ws.hold({ path: 'resolved ruleset', label: 'the resolved ruleset', base, basis: 'hash', schema: 'ruleset' });
    expect(ws.getSnapshot().heldDiagnostics).toEqual([]);

    // A key the schema does not allow, typed on line 2, and a value of the wrong type deep in the map.
    const edited = JSON.parse(base);
    edited.map.grid.columnDigits = 'two';
    const text = JSON.stringify(edited, null, 2).replace('{\n', '{\n  "errata-draft": 1,\n');
    ws.setHeldText('resolved ruleset', text);
    await vi.advanceTimersByTimeAsync(150);
    expect(ws.getSnapshot().heldDiagnostics).toEqual([
      expect.objectContaining({ document: 'x/resolved ruleset', pointer: '/errata-draft', line: 2, column: 3, severity: 'error', code: 'unknown-key' }),
      expect.objectContaining({ document: 'x/resolved ruleset', pointer: '/map/grid/columnDigits', line: lineOf(text, '"columnDigits": "two"'), code: 'wrong-type' }),
    ]);
    expect(validated.every((d) => !('resolved ruleset' in d))).toBe(true);
  });

  it('closed once its ruleset is deleted: saves and validates nothing more, and leaving loses nothing it could keep', async () => {
    const { deps } = fakeServer();
    const ws = new Workspace('x', entries, deps);
    await vi.runAllTimersAsync();
    ws.setText('ruleset.json', '{"id":"gone"}');
    ws.hold({ path: 'resolved ruleset', label: 'the resolved ruleset', base: '{}', basis: 'hash', schema: 'ruleset' });
    ws.setHeldText('resolved ruleset', '{"a":1}');
    expect(ws.hasUnsaved()).toBe(true);
    const validations = vi.mocked(deps.validate).mock.calls.length;
    ws.close();
    expect(ws.hasUnsaved()).toBe(false);
    expect(ws.unsaved()).toEqual([]);
    ws.setText('units.json', '{"units":3}');
    await ws.saveAll();
    await vi.runAllTimersAsync();
    expect(deps.saveDraft).not.toHaveBeenCalled();
    expect(deps.validate).toHaveBeenCalledTimes(validations);
  });
});
