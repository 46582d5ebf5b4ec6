// Game files in the browser: a test game saved as one file, and a file imported as a new test game.
import { api } from '@/editor/workbench/api';

/** Saves a test game as a file the browser downloads. */
export async function downloadGameFile(gameId: string) {
  const file = await api.games.export.query({ gameId });
  const url = URL.createObjectURL(new Blob([JSON.stringify(file)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `${file.rulesetId}-${gameId.slice(0, 8)}.sandtable-game.json`;
  link.click();
  // Revoked once the download has the data.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Imports a game file as a new test game; the address of its play page. */
export async function importGameFile(file: File): Promise<string> {
  const { gameId, rulesetId } = await api.games.import.mutate({ file: await file.text() });
  return `/rulesets/${rulesetId}/play/${gameId}`;
}
