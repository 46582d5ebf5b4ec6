'use client';
// A read-only Monaco diff of two JSON texts.
import { useEffect, useRef } from 'react';
import { EDITOR_OPTIONS } from './CodeEditor';
import { monaco } from './monaco';
import { diffUri } from './schemas';

let diffs = 0;

export function DiffView({ original, modified, height = 360 }: { original: string; modified: string; height?: number }) {
  const host = useRef<HTMLDivElement>(null);
  const diff = useRef<ReturnType<typeof monaco.editor.createDiffEditor>>(null);

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
    return () => {
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
    instance.setModel({
      original: monaco.editor.createModel(original, 'json', monaco.Uri.parse(diffUri(n, 'before'))),
      modified: monaco.editor.createModel(modified, 'json', monaco.Uri.parse(diffUri(n, 'after'))),
    });
    previous?.original.dispose();
    previous?.modified.dispose();
  }, [original, modified]);

  return <div ref={host} className="wb-diff" style={{ height }} data-testid="diff-view" />;
}
