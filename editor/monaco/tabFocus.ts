// Monaco's switch for what Tab does in its editors (Ctrl+M flips it, for every editor of the page), which its
// public API neither reads nor announces: taken from the module its editors read it from.
// @ts-expect-error Monaco's internal modules come without types.
import { TabFocus as internal } from 'monaco-editor/editor/browser/config/tabFocus';

export const TabFocus: { getTabFocusMode(): boolean; onDidChangeTabFocus(listener: (tabMovesFocus: boolean) => void): { dispose(): void } } = internal;
