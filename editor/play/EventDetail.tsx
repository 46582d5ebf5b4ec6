// Events of the play-by-play: each its text (a roll's names its dice and what they showed, a lookup its column, shifts, roll and cell), and for a lookup what the text leaves out.
import type { GameEvent } from '@/engine/game';
import { counted, noun } from '@/engine/words';

/** The note of the provisional value at a pointer of the game's ruleset, where its source has one. */
export type NoteOf = (pointer: string) => string | undefined;

export function EventDetail({ event: e, noteOf }: { event: GameEvent; noteOf?: NoteOf }) {
  // A lookup cites the cell it read: the designer's note on it says why the value is what it is.
  const note = e.kind === 'lookup' && e.provisional && e.cite?.pointer ? noteOf?.(e.cite.pointer) : undefined;
  return (
    <span className={`play-event play-event-${e.kind}${e.manual ? ' manual' : ''}`}>
      {e.manual && <span className="play-tag">manual</span>}
      {(e.kind === 'lookup' || e.kind === 'move' || e.kind === 'battle') && e.provisional && (
        <span className="play-tag provisional" title={`A designer filled in this value, from no source${note ? `: ${note}` : ''}`}>
          provisional
        </span>
      )}
      {e.text}
      {/* A side with no strength reads no cell: its text says so, and there are no numbers to show. */}
      {/* What the text does not say already: the table's id, the rules of its shifts, a provisional cell's note. */}
      {e.kind === 'lookup' && (e.row !== '' || e.column !== '') && (
        <span className="play-detail">
          {' '}
          [table {e.table}
          {e.shifts.some((s) => s.cite.rule) && `; shifts by rule ${e.shifts.flatMap((s) => (s.cite.rule ? [s.cite.rule] : [])).join(', ')}`}
          {note ? `; the value’s note: “${note}”` : ''}]
        </span>
      )}
      {e.cite?.rule && <span className="play-rule"> (rule {e.cite.rule})</span>}
    </span>
  );
}

/** Events in order; each run of reminders folds into one line naming its rules, opened to read them. */
export function EventList({ events, noteOf }: { events: readonly GameEvent[]; noteOf: NoteOf }) {
  const items: (GameEvent | GameEvent[])[] = [];
  for (const e of events) {
    const last = items.at(-1);
    if (e.kind === 'reminder' && Array.isArray(last)) last.push(e);
    else items.push(e.kind === 'reminder' ? [e] : e);
  }
  return (
    <ul>
      {items.map((item, i) => (
        <li key={i}>{Array.isArray(item) ? <Reminders events={item} /> : <EventDetail event={item} noteOf={noteOf} />}</li>
      ))}
    </ul>
  );
}

function Reminders({ events }: { events: readonly GameEvent[] }) {
  const rules = [...new Set(events.flatMap((e) => (e.cite?.rule ? [e.cite.rule] : [])))];
  return (
    <details className="play-reminders">
      <summary>
        {counted(events.length, 'reminder')} for the tester{rules.length ? ` (${noun(rules.length, 'rule')} ${rules.join('; ')})` : ''}
      </summary>
      <ul>
        {events.map((e, i) => (
          <li key={i}>
            <EventDetail event={e} />
          </li>
        ))}
      </ul>
    </details>
  );
}
