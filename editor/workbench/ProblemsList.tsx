'use client';
// Every diagnostic of the ruleset as the designer sees it (unsaved edits included), errors first; a click jumps to the place.
import type { Diagnostic } from '@/engine/diagnostics';
import { counted } from '@/engine/words';

const RANK: Record<Diagnostic['severity'], number> = { error: 0, warning: 1, info: 2 };

export function ProblemsList({ rulesetId, baseId, diagnostics, validating, error, onJump }: { rulesetId: string; baseId: string | null; diagnostics: readonly Diagnostic[]; validating: boolean; error?: string; onJump: (path: string, line: number, column: number) => void }) {
  const errors = diagnostics.filter((d) => d.severity === 'error').length;
  const prefix = `${rulesetId}/`;
  return (
    <section className="wb-problems" aria-label="Problems">
      <h3>
        Problems <span className="meta">{counted(errors, 'error')}, {diagnostics.length - errors} other{validating ? ' · checking…' : ''}</span>
      </h3>
      {error && <p className="wb-error">Could not check the ruleset: {error}</p>}
      <ul>
        {[...diagnostics].sort((a, b) => RANK[a.severity] - RANK[b.severity]).map((d, i) => {
          const own = d.document.startsWith(prefix);
          const where = `${d.document}:${d.line}:${d.column}`;
          const body = (
            <>
              <span className={`wb-sev ${d.severity}`}>{d.severity}</span>
              <span className="wb-where">{where}</span>
              <code>{d.code}</code>
              <span>{d.message}</span>
            </>
          );
          return (
            <li key={`${where}|${d.code}|${i}`} data-code={d.code}>
              {own ? (
                <button onClick={() => onJump(d.document.slice(prefix.length), d.line, d.column)}>{body}</button>
              ) : (
                // A problem in the ruleset this one extends is fixed in that ruleset's workbench.
                <a href={`/rulesets/${d.document.split('/')[0] || baseId}?doc=${encodeURIComponent(d.document.split('/').slice(1).join('/'))}&line=${d.line}&column=${d.column}`}>
                  {body}
                  <span className="wb-elsewhere">in {d.document.split('/')[0] || baseId}, which this ruleset extends: fix it there</span>
                </a>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
