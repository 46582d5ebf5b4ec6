'use client';
// One Monaco editor showing whichever model it is given, remembering each model's scroll and cursor. Tab indents
// in it (JSON is edited there) until Monaco's Ctrl+M (Ctrl+Shift+M on a Mac) makes it move the focus, for every
// editor of the page, until pressed again: said to a screen reader and, while the editor has the focus, by
// onTabHint. A read-only one has nothing to indent: Tab moves the focus.
import { useEffect, useRef } from 'react';
import { monaco } from './monaco';
import { TabFocus } from './tabFocus';

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

/** Monaco's own key for toggling what Tab does (editor.action.toggleTabFocusMode). */
const tabKey = () => (/Mac|iPhone|iPad/.test(navigator.platform) ? 'Ctrl+Shift+M' : 'Ctrl+M');

/** What Tab does in a writable editor now, and the key that changes it. */
const tabHint = (tabMovesFocus: boolean) => (tabMovesFocus ? `Tab moves the focus · ${tabKey()}: Tab indents` : `Tab indents · ${tabKey()}: Tab moves the focus`);

/** The editor as a screen reader names it, saying what Tab does there. */
const ariaLabel = (readOnly: boolean) => (readOnly ? 'JSON document, read-only' : `JSON document. Tab indents; ${tabKey()} makes Tab move the focus, and again indent`);

export function CodeEditor({ model, readOnly = false, onReady, onTabHint }: { model: Model | undefined; readOnly?: boolean; onReady?: (editor: CodeEditorInstance) => void; onTabHint?: (hint: string | undefined) => void }) {
  const host = useRef<HTMLDivElement>(null);
  const editor = useRef<CodeEditorInstance>(null);
  const viewStates = useRef(new Map<Model, ReturnType<CodeEditorInstance['saveViewState']>>());

  useEffect(() => {
    const instance = monaco.editor.create(host.current!, { ...EDITOR_OPTIONS, model: null, readOnly, tabFocusMode: readOnly, ariaLabel: ariaLabel(readOnly) });
    editor.current = instance;
    onReady?.(instance);
    const hint = () => {
      const writable = !instance.getOption(monaco.editor.EditorOption.readOnly);
      // As Monaco decides it: the editor's own option, else the page's switch.
      const tabMovesFocus = instance.getOption(monaco.editor.EditorOption.tabFocusMode) || TabFocus.getTabFocusMode();
      onTabHint?.(writable && instance.hasTextFocus() ? tabHint(tabMovesFocus) : undefined);
    };
    const watching = [instance.onDidFocusEditorText(hint), instance.onDidBlurEditorText(hint), instance.onDidChangeConfiguration(hint), TabFocus.onDidChangeTabFocus(hint)];
    return () => {
      watching.forEach((w) => w.dispose());
      onTabHint?.(undefined);
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

  useEffect(() => editor.current?.updateOptions({ readOnly, tabFocusMode: readOnly, ariaLabel: ariaLabel(readOnly) }), [readOnly]);

  return <div ref={host} className="wb-code" data-testid="code-editor" />;
}
