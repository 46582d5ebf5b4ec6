import type { ReactNode } from 'react';
import { listRulesets, type RulesetSummary } from '@/server/catalog';
import { draftStore } from '@/server/db';
import { unpublishedDrafts, unpublishedNote } from '@/server/unpublished';
import { games, gamesElsewhere } from '@/server/games';
import { displayPath, rulesetsRoot } from '@/server/paths';
import { counted } from '@/engine/words';
import { NewRuleset } from '@/editor/workbench/NewRuleset';
import { GAP_MEANING, PROVENANCE_MEANINGS } from '@/editor/tables/cells';

// The library is read from disk on each visit, so a ruleset added to the folder shows without a rebuild.
export const dynamic = 'force-dynamic';

export default function LibraryPage() {
  const root = displayPath(rulesetsRoot());
  let rulesets: RulesetSummary[];
  try {
    rulesets = listRulesets();
  } catch (err) {
    return (
      <Library root={root}>
        <p className="error">{(err as Error).message}</p>
      </Library>
    );
  }
  if (rulesets.length === 0) {
    return (
      <Library root={root}>
        <p className="empty">No rulesets yet. Each ruleset is a folder in {root}/ holding a ruleset.json manifest.</p>
      </Library>
    );
  }

  const depths = variantDepths(rulesets);
  const titles = new Map(rulesets.map((r) => [r.id, r.title]));
  const elsewhere = gamesElsewhere(new Set(titles.keys()), games().store.list());
  const store = draftStore();
  return (
    <Library root={root}>
      <p className="meta" data-testid="published-note">Checks and values by source are those of the published files; a ruleset’s workbench shows its drafts.</p>
      <table className="library">
        <thead>
          <tr>
            <th scope="col">Ruleset</th>
            <th scope="col">Edition</th>
            <th scope="col">Rulebook</th>
            <th scope="col">Version</th>
            <th scope="col">Date</th>
            <th scope="col">Checks of the files</th>
            <th scope="col">
              Values by source in the files{' '}
              <a className="meta" href="#source-key">
                (key below)
              </a>
            </th>
          </tr>
        </thead>
        <tbody>
          {rulesets.map((r) => (
            <tr key={r.id} data-ruleset={r.id} className={r.error ? 'broken' : undefined}>
              <td style={{ paddingLeft: `${0.75 + 1.5 * (depths.get(r.id) ?? 0)}rem` }}>
                <div className="title"><a className="wb-open" href={`/rulesets/${r.id}`}>{r.title}</a></div>
                <div className="meta">
                  <code>{r.id}</code>
                  {r.extends && !r.error && <> · variant of {titles.get(r.extends)}</>}
                </div>
                {r.error && <div className="error">{r.error}</div>}
              </td>
              <td>{r.edition}</td>
              <td>
                {r.source?.title}
                {r.source?.publisher && <div className="meta">{r.source.publisher}</div>}
              </td>
              <td className="nowrap">{r.source?.version}</td>
              <td className="nowrap">{r.source?.date}</td>
              <td className="nowrap">
                <Checks errors={r.errors} warnings={r.warnings} />
                <Unpublished drafts={unpublishedDrafts(store, r.id)} />
              </td>
              <td>{r.completeness && <Completeness tally={r.completeness} />}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <SourceKey />
      {elsewhere.length > 0 && (
        <section className="library-elsewhere">
          <h2>Test games of rulesets not in this library</h2>
          <p className="meta">Imported from game files, or played on a ruleset since deleted: each plays on the ruleset snapshot it carries.</p>
          <ul>
            {elsewhere.map((r) => (
              <li key={r.rulesetId}>
                <a href={`/rulesets/${r.rulesetId}/play`}>{r.rulesetTitle}</a> <code>{r.rulesetId}</code> · {counted(r.games, 'game')}
              </li>
            ))}
          </ul>
        </section>
      )}
    </Library>
  );
}

function Checks({ errors, warnings }: { errors: number; warnings: number }) {
  if (!errors && !warnings) return <span className="ok">valid</span>;
  return (
    <>
      {errors > 0 && <span className="error">{errors} error{errors > 1 ? 's' : ''}</span>}
      {errors > 0 && warnings > 0 && ', '}
      {warnings > 0 && <span className="warning">{warnings} warning{warnings > 1 ? 's' : ''}</span>}
    </>
  );
}

/**
 * The ruleset's drafts that differ from the files its figures come from: its workbench counts those instead. Those its
 * manifest (as drafted) does not list are counted apart: the workbench lists them under "Unlisted drafts", and
 * publishing never writes them.
 */
function Unpublished({ drafts }: { drafts: { path: string; unlisted: boolean }[] }) {
  if (!drafts.length) return null;
  return (
    <div className="meta" data-testid="unpublished" title={`Not published: ${drafts.map((d) => d.path + (d.unlisted ? ' (unlisted)' : '')).join(', ')}`}>
      {unpublishedNote(drafts)}
    </div>
  );
}

const SOURCE_KINDS = ['rulebook', 'example', 'inference', 'provisional', 'bootstrap', 'gap'] as const;

/** A bar of values by provenance, so a glance tells a faithful ruleset from a provisional one. */
function Completeness({ tally }: { tally: NonNullable<RulesetSummary['completeness']> }) {
  const total = SOURCE_KINDS.reduce((n, k) => n + tally[k], 0);
  if (total === 0) return <span className="meta">no values yet</span>;
  return (
    <div className="completeness" title={SOURCE_KINDS.map((k) => `${k}: ${tally[k]}`).join(', ')}>
      <div className="bar">
        {SOURCE_KINDS.filter((k) => tally[k] > 0).map((k) => (
          <span key={k} className={`seg ${k}`} style={{ flexGrow: tally[k] }} />
        ))}
      </div>
      <div className="meta">
        {SOURCE_KINDS.filter((k) => tally[k] > 0).map((k) => `${tally[k]} ${k === 'gap' ? (tally[k] > 1 ? 'gaps' : 'gap') : k}`).join(' · ')}
      </div>
    </div>
  );
}

/** What each part of the bar stands for, in the words the workbench's forms use. */
function SourceKey() {
  return (
    <section className="source-key" aria-labelledby="source-key">
      <h2 id="source-key">Values by source: the key</h2>
      <dl>
        {SOURCE_KINDS.map((k) => (
          <div key={k}>
            <dt>
              <span className={`seg ${k}`} aria-hidden="true" /> {k === 'gap' ? 'gaps' : k}
            </dt>
            <dd>{k === 'gap' ? GAP_MEANING : PROVENANCE_MEANINGS[k]}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function Library({ root, children }: { root: string; children: ReactNode }) {
  return (
    <section>
      <h1>Ruleset library</h1>
      <p className="lede">Bundled rulesets from {root}/, each variant listed under the ruleset it extends.</p>
      <NewRuleset folder={root} />
      {children}
    </section>
  );
}

/** How far to indent each row; the catalog lists a variant after its base, so one pass suffices. */
function variantDepths(rulesets: RulesetSummary[]): Map<string, number> {
  const depths = new Map<string, number>();
  for (const r of rulesets) {
    const base = r.extends !== undefined && !r.error ? depths.get(r.extends) : undefined;
    depths.set(r.id, base === undefined ? 0 : base + 1);
  }
  return depths;
}
