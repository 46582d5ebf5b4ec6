// Game files in the browser: a test game saved as one file (or its play-by-play as text), and a file
// imported as a new test game.
import type { Action, GameEvent } from '@/engine/game';
import { eventLine } from '@/engine/game/log';
import { api } from '@/editor/workbench/api';

/** Hands the browser a file to download. */
function save(content: string, name: string, type: string) {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  // Revoked once the download has the data.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Saves a test game as a file the browser downloads. */
export async function downloadGameFile(gameId: string) {
  const file = await api.games.export.query({ gameId });
  save(JSON.stringify(file), `${file.rulesetId}-${gameId.slice(0, 8)}.sandtable-game.json`, 'application/json');
}

/** Saves the play-by-play as text, for a forum or a report: each entry, its events and the notes on it. */
export async function downloadPlayByPlay(gameId: string, rulesetId: string, heading: string, describe: (a: Action) => string) {
  const [{ entries }, notes] = await Promise.all([api.games.log.query({ gameId }), api.games.notes.query({ gameId })]);
  const lines = [heading, ''];
  for (const entry of entries) {
    lines.push(`#${entry.seq} · turn ${entry.turn} · ${describe(entry.action as Action)}`);
    if (entry.why) lines.push(`    Why the bot chose it: ${entry.why}`);
    for (const e of entry.events as GameEvent[]) lines.push(`    ${eventLine(e)}`);
    for (const n of notes) if (n.seq === entry.seq) lines.push(`    Note: ${n.text.replace(/\n/g, '\n          ')}`);
  }
  save(lines.join('\n') + '\n', `${rulesetId}-${gameId.slice(0, 8)}-play-by-play.txt`, 'text/plain');
}

/** Imports a game file as a new test game; the address of its play page. */
export async function importGameFile(file: File): Promise<string> {
  const { gameId, rulesetId } = await api.games.import.mutate({ file: await file.text() });
  return `/rulesets/${rulesetId}/play/${gameId}`;
}
