// Reading a ruleset's files as the workbench reads them, and writing them: in one step, so that a reader sees
// the old text or the new, never a mix, and an interrupted write leaves the file as it was.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { withoutBom } from '../engine/json/document';

/** A file's text as the workbench reads it (without a byte-order mark), or null when there is no such file. */
export function readText(file: string): string | null {
  try {
    return withoutBom(fs.readFileSync(/*turbopackIgnore: true*/ file, 'utf8'));
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw e;
  }
}

/** Writes the text beside the file under a temporary name, then `place`s it; the temporary file never stays. */
function viaTemporary(file: string, text: string, place: (temp: string) => void): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temp = `${file}.${randomUUID()}.tmp`;
  fs.writeFileSync(temp, text, { flag: 'wx' });
  try {
    place(temp);
  } finally {
    fs.rmSync(temp, { force: true });
  }
}

/** Replaces a file's content in one step (renamed over it). */
export const replaceFile = (file: string, text: string) => viaTemporary(file, text, (temp) => fs.renameSync(temp, file));

/** Creates a file that must not exist yet (hard-linked into place, which fails with EEXIST if the name is taken). */
export const writeNewFile = (file: string, text: string) => viaTemporary(file, text, (temp) => fs.linkSync(temp, file));
