'use client';
// The map editors' Undo and Redo, each saying in its title what it would take back or make again.
import type { History } from './history';

export function UndoButtons<V>({ history, disabled, onUndo, onRedo }: { history: History<V>; disabled: boolean; onUndo(): void; onRedo(): void }) {
  const last = history.done.at(-1);
  const next = history.undone.at(-1);
  return (
    <span role="group" aria-label="Undo and redo">
      <button type="button" disabled={disabled || !last} onClick={onUndo} aria-keyshortcuts="Control+Z" title={last ? `Undo: ${last.what} (Ctrl+Z)` : 'Nothing to undo'}>
        Undo
      </button>{' '}
      <button type="button" disabled={disabled || !next} onClick={onRedo} aria-keyshortcuts="Control+Y" title={next ? `Redo: ${next.what} (Ctrl+Y)` : 'Nothing to redo'}>
        Redo
      </button>
    </span>
  );
}
