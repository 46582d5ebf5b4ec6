// A ruleset page whose ruleset this studio does not have (a mistyped or stale link): the rulesets it has.
import Link from 'next/link';
import { listRulesetIds } from '@/engine/load/fs-source';
import { displayPath, rulesetsRoot } from '@/server/paths';

export default function RulesetNotFound() {
  let ids: string[] = [];
  try {
    ids = listRulesetIds(rulesetsRoot());
  } catch {
    // No rulesets folder: the library page says why.
  }
  return (
    <section>
      <h1>No such ruleset</h1>
      <p>
        This studio has no ruleset at that address: no folder of that id holding a ruleset.json in {displayPath(rulesetsRoot())}/.
        {ids.length ? ' It has these:' : ' It has none yet.'}
      </p>
      {ids.length > 0 && (
        <ul>
          {ids.map((id) => (
            <li key={id}>
              <Link href={`/rulesets/${id}`}>{id}</Link>
            </li>
          ))}
        </ul>
      )}
      <p>
        <Link href="/">Back to the library</Link>
      </p>
    </section>
  );
}
