// Writing a ruleset's files: in one step, so that a reader sees the old text or the new, never a mix,
// and an interrupted write leaves the file as it was.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** Replaces a file's content in one step (a temporary file beside it, then renamed over it). */
export function replaceFile(file: string, text: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temp = `${file}.${randomUUID()}.tmp`;
  fs.writeFileSync(temp, text, { flag: 'wx' });
  try {
    fs.renameSync(temp, file);
  } catch (e) {
    fs.rmSync(temp, { force: true });
    throw e;
  }
}
