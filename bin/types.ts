// Generates engine/generated/schema-types.ts and schemas/ruleset.schema.json from the document schemas.
// `npm run types` writes them; `npm run types -- --check` exits 1 when the committed files are stale.
import { writeFileSync } from 'node:fs';
import { generateAll, GENERATED } from './lib/generate-types';

const check = process.argv.includes('--check');
const outputs = await generateAll();
let stale = 0;
for (const [file, text] of Object.entries(outputs)) {
  const current = GENERATED.read(file);
  if (current === text) continue;
  if (check) {
    console.error(`${file} is stale: run npm run types`);
    stale++;
  } else {
    writeFileSync(GENERATED.path(file), text);
    console.log(`wrote ${file}`);
  }
}
if (stale) process.exit(1);
