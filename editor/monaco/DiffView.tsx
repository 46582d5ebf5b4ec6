'use client';
// A read-only Monaco diff of two JSON texts, each side named over it; until the differences are found (a
// second or two on a large document) it says so, the two sides looking alike meanwhile.
import { useEffect, useRef, useState } from 'react';
import { EDITOR_OPTIONS } from './CodeEditor';
import { monaco } from './monaco';
import { diffUri } from './schemas';

let diffs = 0;

/** `names`: what the left side and the right side are ("before this patch set", "after it"). */
export function DiffView({ original, modified, names, height = 360 }: { original: string; modified: string; names: readonly [string, string]; height?: number }) {
  const host = useRef<HTMLDivElement>(null);
  const diff = useRef<ReturnType<typeof monaco.editor.createDiffEditor>>(null);
  const [finding, setFinding] = useState(true);

  useEffect(() => {
    const instance = monaco.editor.createDiffEditor(host.current!, {
      ...EDITOR_OPTIONS,
      readOnly: true,
      originalEditable: false,
      // Nothing to indent: Tab moves the focus on, as anywhere else.
      tabFocusMode: true,
      renderSideBySide: true,
      useInlineViewWhenSpaceIsLimited: false,
      // Documents run to thousands of lines; show the changes with a little context.
      hideUnchangedRegions: { enabled: true, contextLineCount: 3 },
    });
    diff.current = instance;
    const found = instance.onDidUpdateDiff(() => setFinding(false));
    return () => {
      found.dispose();
      const models = instance.getModel();
      instance.dispose();
      models?.original.dispose();
      models?.modified.dispose();
      diff.current = null;
    };
  }, []);

  useEffect(() => {
    const instance = diff.current;
    if (!instance) return;
    const previous = instance.getModel();
    const n = ++diffs;
    setFinding(true);
    instance.setModel({
      original: monaco.editor.createModel(original, 'json', monaco.Uri.parse(diffUri(n, 'before'))),
      modified: monaco.editor.createModel(modified, 'json', monaco.Uri.parse(diffUri(n, 'after'))),
    });
    previous?.original.dispose();
    previous?.modified.dispose();
  }, [original, modified]);

  return (
    <div className="wb-diff" data-testid="diff-view">
      <div className="wb-diff-names">
        <span>{names[0]}</span>
        <span>
          {names[1]}
          {finding && <span className="meta" role="status"> · finding the differences…</span>}
        </span>
      </div>
      <div ref={host} style={{ height }} />
    </div>
  );
}
