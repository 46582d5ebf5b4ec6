'use client';
// One Monaco editor showing whichever model it is given, remembering each model's scroll and cursor.
import { useEffect, useRef } from 'react';
import { monaco } from './monaco';

type Model = ReturnType<typeof monaco.editor.createModel>;
export type CodeEditorInstance = ReturnType<typeof monaco.editor.create>;

export const EDITOR_OPTIONS = {
  automaticLayout: true,
  minimap: { enabled: false },
  fontSize: 13,
  tabSize: 2,
  scrollBeyondLastLine: false,
  fixedOverflowWidgets: true,
  stickyScroll: { enabled: false },
  renderValidationDecorations: 'on' as const,
};

export function CodeEditor({ model, readOnly = false, onReady }: { model: Model | undefined; readOnly?: boolean; onReady?: (editor: CodeEditorInstance) => void }) {
  const host = useRef<HTMLDivElement>(null);
  const editor = useRef<CodeEditorInstance>(null);
  const viewStates = useRef(new Map<Model, ReturnType<CodeEditorInstance['saveViewState']>>());

  useEffect(() => {
    const instance = monaco.editor.create(host.current!, { ...EDITOR_OPTIONS, model: null, readOnly });
    editor.current = instance;
    onReady?.(instance);
    return () => {
      instance.dispose();
      editor.current = null;
    };
    // Made once; the model and options follow in the effects below.
  }, []);

  useEffect(() => {
    const instance = editor.current;
    if (!instance) return;
    const previous = instance.getModel();
    if (previous === (model ?? null)) return;
    if (previous) viewStates.current.set(previous, instance.saveViewState());
    instance.setModel(model ?? null);
    const state = model && viewStates.current.get(model);
    if (state) instance.restoreViewState(state);
  }, [model]);

  useEffect(() => editor.current?.updateOptions({ readOnly }), [readOnly]);

  return <div ref={host} className="wb-code" data-testid="code-editor" />;
}
