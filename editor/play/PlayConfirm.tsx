'use client';
// The play page's confirmations, in the studio's modal dialog: an undo (the entries, notes and changes of
// player it takes back or moves) and a note's deletion.
import { ConfirmDialog } from '@/editor/workbench/ConfirmDialog';
import type { PlayerChange } from '@/server/games';
import { counted } from '@/engine/words';
import type { Note } from './Log';
import { undoneChangesText } from './player-words';

export function UndoDialog({ to, logLength, notes, changes, sideName, onUndo, onClose }: { to: number; logLength: number; notes: readonly Note[]; changes: readonly PlayerChange[]; sideName: (id: string) => string; onUndo: () => Promise<void>; onClose: () => void }) {
  const entries = logLength - to;
  const noted = notes.filter((n) => n.seq >= to).length;
  const moved = undoneChangesText(changes, to, sideName);
  return (
    <ConfirmDialog title={`Undo to entry #${to}`} confirm={`Undo ${counted(entries, 'entry', 'entries')}`} onConfirm={onUndo} onClose={onClose}>
      <p>
        Take back entry #{to}
        {entries > 1 ? ` and everything after it, to #${logLength - 1} (${counted(entries, 'entry', 'entries')})` : ', the last one'}? {entries > 1 ? 'They are' : 'It is'} deleted from the game’s log with{' '}
        {entries > 1 ? 'their' : 'its'} events{noted ? ` and the ${counted(noted, 'note')} on ${entries > 1 ? 'them' : 'it'}` : ''}: this cannot be undone.
      </p>
      {moved && <p data-testid="undo-player-changes">{moved}</p>}
    </ConfirmDialog>
  );
}

export function RemoveNoteDialog({ note, onRemove, onClose }: { note: Note; onRemove: () => Promise<void>; onClose: () => void }) {
  return (
    <ConfirmDialog title="Delete note" confirm="Delete the note" onConfirm={onRemove} onClose={onClose}>
      <p>Delete the note on entry #{note.seq}? Its text is lost: this cannot be undone.</p>
      <blockquote className="play-note-text">{note.text}</blockquote>
    </ConfirmDialog>
  );
}
