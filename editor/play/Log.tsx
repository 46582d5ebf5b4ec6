'use client';
// The play-by-play, newest first, with a way into the game's history (view an entry's position, step
// earlier or later) and undo.
import type { inferRouterOutputs } from '@trpc/server';
import { useState } from 'react';
import type { LogEntry } from '@/engine/game';
import type { AppRouter } from '@/server/router';
import { EventList, type NoteOf } from './EventDetail';
import { entryMatches, logTurns, turnSummary, type LogTurn } from './log-turns';
import { overLimit } from './text-limit';
import { counted } from '@/engine/words';

/** A tester's note on a log entry, as games.notes gives it. */
export type Note = inferRouterOutputs<AppRouter>['games']['notes'][number];

/** Where a past position is being viewed: which, and the way to earlier and later ones or back to the present. */
export function HistoryBar({ at, present, ready, error, onView }: { at: number; present: number; ready: boolean; error?: string; onView: (at: number | undefined) => void }) {
  return (
    <div className="play-history" role="status" data-testid="history">
      <strong>History:</strong> the game as it stood after entry #{at - 1} (the log now has {present}); nothing can be played here, but the play-by-play can undo the game to an entry.{' '}
      {error ? <span className="wb-error">{error}</span> : !ready && <span className="meta">replaying the log… </span>}
      <button className="wb-link" disabled={at <= 1} onClick={() => onView(at - 1)}>
        ◀ earlier
      </button>{' '}
      <button className="wb-link" onClick={() => onView(at + 1 < present ? at + 1 : undefined)}>
        later ▶
      </button>{' '}
      <button className="wb-link" onClick={() => onView(undefined)}>
        back to the present
      </button>
    </div>
  );
}

/** The notes on one log entry, each with a way to delete it where `onRemove` is given; nothing where it has none. */
export function EntryNotes({ notes, seq, busy, onRemove }: { notes: readonly Note[]; seq: number; busy?: boolean; onRemove?: (note: Note) => void }) {
  const on = notes.filter((n) => n.seq === seq);
  if (on.length === 0) return null;
  return (
    <ul className="play-notes">
      {on.map((n) => (
        <li key={n.id}>
          <span className="play-note-text">{n.text}</span>
          {onRemove && (
            <>
              {' '}
              <button className="wb-link" disabled={busy} onClick={() => onRemove(n)}>
                delete note
              </button>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}

/** Entries the play-by-play shows unless asked for all. */
export const LOG_SHOWN = 40;

type LogProps = { entries: LogEntry[]; total: number; current: { turn: number; title: string }; busy: boolean; viewing?: number; notes: readonly Note[]; /** An action in words, as the play page says it. */ said: (a: LogEntry['action']) => string; noteOf: NoteOf; onShowAll: () => void; onView: (at: number) => void; onUndo: (toLogLength: number) => void; onNote: (seq: number, text: string) => Promise<boolean>; onRemoveNote: (note: Note) => void };

/**
 * The play-by-play, newest first, by turn: `entries` are the log's last ones (of `total`), or all of it, each
 * with the tester's notes on it. The newest turn is open, and the one holding the entry viewed; a search opens
 * every turn with an entry it finds, and reads the whole log.
 */
export function Log(props: LogProps) {
  const { entries, total, current, viewing, said, onShowAll } = props;
  const [query, setQuery] = useState('');
  // Turns the tester opened or closed, over those open by default.
  const [toggled, setToggled] = useState<Map<number, boolean>>(new Map());
  const searching = query.trim() !== '';
  const found = (entry: LogEntry) => entryMatches(entry, said(entry.action), query);
  const turns = logTurns(entries, new Map([[current.turn, current.title]]))
    .map((t) => (searching ? { ...t, entries: t.entries.filter(found) } : t))
    .filter((t) => t.entries.length > 0);
  const viewedTurn = entries.find((e) => e.seq + 1 === viewing)?.turn;
  const isOpen = (t: LogTurn, i: number) => toggled.get(t.turn) ?? (searching || i === 0 || t.turn === viewedTurn);
  return (
    <>
      <div className="play-log-tools">
        <input
          type="search"
          aria-label="Search the play-by-play"
          placeholder="Search: a unit, a place, a table…"
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            // A search reads the whole game, not its last entries.
            if (e.target.value.trim() && entries.length < total) onShowAll();
          }}
        />{' '}
        {searching ? (
          <span className="meta">{counted(turns.reduce((n, t) => n + t.entries.length, 0), 'entry', 'entries')} found</span>
        ) : (
          entries.length < total && (
            <button className="wb-link" onClick={onShowAll}>
              show all {total} entries
            </button>
          )
        )}
      </div>
      <div className="play-turns">
        {turns.map((t, i) => (
          <details
            key={t.turn}
            className="play-turn"
            open={isOpen(t, i)}
            onToggle={(e) => {
              const open = e.currentTarget.open;
              if (open !== isOpen(t, i)) setToggled((m) => new Map(m).set(t.turn, open));
            }}
          >
            <summary>
              {/* The oldest turn shown of a log read in part may begin before its first entry here: its summary is of those shown. */}
              <strong>{t.title}</strong> <span className="meta">{turnSummary(t.entries, searching ? 'found' : i === turns.length - 1 && entries.length < total ? 'shown' : undefined)}</span>
              {!searching && i === turns.length - 1 && entries.length < total && <span className="meta"> (the turn may begin earlier)</span>}
            </summary>
            {isOpen(t, i) && <Entries {...props} entries={t.entries} />}
          </details>
        ))}
      </div>
    </>
  );
}

/** One turn's entries, newest first, each with its links (view, note, undo) and its events. */
function Entries({ entries, total, busy, viewing, notes, said, noteOf, onView, onUndo, onNote, onRemoveNote }: LogProps) {
  // The entry being noted, and the words so far.
  const [noting, setNoting] = useState<number>();
  const [draft, setDraft] = useState('');
  // A note longer than the server takes, said as it is typed (not saved).
  const draftTooLong = overLimit('the note', draft);
  const save = async (seq: number) => {
    if (await onNote(seq, draft)) {
      setNoting(undefined);
      setDraft('');
    }
  };
  return (
    <ul className="play-entries">
      {entries.map((entry) => (
        <li key={entry.seq} className={[entry.manual && 'manual', viewing === entry.seq + 1 && 'viewed'].filter(Boolean).join(' ') || undefined} data-seq={entry.seq}>
          <div className="play-entry-head">
            <span className="meta">
              #{entry.seq} · {said(entry.action)}
              {entry.answers ? ` · answers: ${Object.entries(entry.answers).map(([k, a]) => `${k} = ${a.value}${a.remember ? ' (kept)' : ''}`).join(', ')}` : ''}
            </span>
            <span className="play-entry-links">
              {entry.seq + 1 < total && (
                <button
                  className="wb-link"
                  onClick={() => {
                    onView(entry.seq + 1);
                    document.querySelector('.play-head')?.scrollIntoView({ block: 'start' });
                  }}
                  title="See the game as it stood after this entry, read only"
                >
                  view
                </button>
              )}
              <button className="wb-link" onClick={() => setNoting(noting === entry.seq ? undefined : entry.seq)} title="Write what you saw here for the designer: kept with the game (and in its file) until this entry is undone">
                note
              </button>
              {entry.seq >= 1 && (
                <button className="wb-link" disabled={busy} onClick={() => onUndo(entry.seq)} title="Take back this entry and everything after it">
                  undo to here
                </button>
              )}
            </span>
          </div>
          {entry.why && <p className="play-why">Why the bot chose it: {entry.why}</p>}
          <EntryNotes notes={notes} seq={entry.seq} busy={busy} onRemove={onRemoveNote} />
          {noting === entry.seq && (
            <form
              className="play-note-form"
              onSubmit={(e) => {
                e.preventDefault();
                void save(entry.seq);
              }}
            >
              <textarea aria-label={`Note on entry #${entry.seq}`} value={draft} rows={2} aria-invalid={!!draftTooLong} onChange={(e) => setDraft(e.target.value)} autoFocus />
              {draftTooLong && <span className="wb-error play-too-long">{draftTooLong}</span>}
              <button type="submit" disabled={busy || draft.trim() === '' || !!draftTooLong}>
                Save note
              </button>{' '}
              <button type="button" className="wb-link" onClick={() => setNoting(undefined)}>
                cancel
              </button>
            </form>
          )}
          <EventList events={entry.events} noteOf={noteOf} />
        </li>
      ))}
    </ul>
  );
}
