// The play-by-play by game turn, each turn summed up in a line, and the entries a search finds: a whole
// game's log runs to a thousand entries and more, which a flat list leaves unreadable.
import type { LogEntry } from '@/engine/game';
import { counted } from '@/engine/words';

export interface LogTurn {
  turn: number;
  /** The turn as the calendar names it ("Turn 3 (spring 1940)"), where the log has it begin. */
  title: string;
  /** Newest first. */
  entries: LogEntry[];
}

/** Entries (in log order) by turn, newest turn and entry first; `known`, titles of turns whose start the entries may not hold (the game's current turn's, say). */
export function logTurns(entries: readonly LogEntry[], known: ReadonlyMap<number, string> = new Map()): LogTurn[] {
  const titles = new Map(known);
  for (const entry of entries) for (const e of entry.events) if (e.kind === 'turn' && e.edge === 'start') titles.set(e.turn, e.text.replace(/ begins$/, ''));
  const turns: LogTurn[] = [];
  for (const entry of entries) {
    const last = turns.at(-1);
    if (last?.turn === entry.turn) last.entries.push(entry);
    else turns.push({ turn: entry.turn, title: titles.get(entry.turn) ?? `Turn ${entry.turn}`, entries: [entry] });
  }
  for (const t of turns) t.entries.reverse();
  return turns.reverse();
}

/**
 * What a turn saw, in a line: its entries, battles, places changing hands, units eliminated, the tester's adjudications.
 * `of`: where the entries are only some of the turn's, which ('shown', of a log read in part; 'found', by a search), so
 * that their count is not read as the turn's.
 */
export function turnSummary(entries: readonly LogEntry[], of?: 'shown' | 'found'): string {
  let battles = 0;
  let control = 0;
  let eliminated = 0;
  for (const entry of entries) {
    for (const e of entry.events) {
      if (e.kind === 'battle') battles++;
      else if (e.kind === 'control') control++;
      else if (e.kind === 'loss' && e.eliminated) eliminated++;
    }
  }
  const manual = entries.filter((e) => e.manual).length;
  return [
    counted(entries.length, 'entry', 'entries') + (of ? ` ${of}` : ''),
    battles && counted(battles, 'battle'),
    control && counted(control, 'place', 'places') + ' changing hands',
    eliminated && counted(eliminated, 'unit') + ' eliminated',
    manual && counted(manual, 'adjudication'),
  ]
    .filter(Boolean)
    .join(' · ');
}

/**
 * Whether an entry's action (as `describe` words it) or any of its events' texts holds the words searched for, in
 * any case: what happened, not the rules a reminder quotes (folded under an entry, they would find most of a game).
 */
export function entryMatches(entry: LogEntry, described: string, query: string): boolean {
  const words = query.trim().toLowerCase();
  if (!words) return true;
  return described.toLowerCase().includes(words) || entry.events.some((e) => e.kind !== 'reminder' && e.text.toLowerCase().includes(words));
}
