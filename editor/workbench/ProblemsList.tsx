'use client';
// Every diagnostic of the ruleset as the designer sees it (unsaved edits included), errors first; a click jumps to the place.
// A pasted document can give tens of thousands: the list draws the first few hundred, and can be narrowed to one document.
// It takes the room its entries need, up to a cap (globals.css), and folds to its heading, whose counts stay in sight.
import { useId, useMemo, useState } from 'react';
import { bySeverity, type Diagnostic } from '@/engine/diagnostics';
import { counted } from '@/engine/words';
import { useStoredFlag } from '@/editor/stored';
import { ShowMore, useShown } from './ShowMore';
import { elsewhereHref } from './elsewhere';

const ALL = '';

export function ProblemsList({ rulesetId, baseId, diagnostics, validating, error, onJump }: { rulesetId: string; baseId: string | null; diagnostics: readonly Diagnostic[]; validating: boolean; error?: string; onJump: (path: string, line: number, column: number) => void }) {
  const [only, setOnly] = useState(ALL);
  const [shown, more, fewer] = useShown();
  // Folded or not on every ruleset's workbench, after a reload too: a designer who folds it wants the room.
  const [folded, setFolded] = useStoredFlag('sandtable.problems.folded');
  const listId = useId();
  const errors = diagnostics.filter((d) => d.severity === 'error').length;
  const prefix = `${rulesetId}/`;
  const byDocument = useMemo(() => {
    const counts = new Map<string, number>();
    for (const d of diagnostics) counts.set(d.document, (counts.get(d.document) ?? 0) + 1);
    return [...counts].sort(([a], [b]) => a.localeCompare(b));
  }, [diagnostics]);
  // A document whose problems are all fixed leaves the choice: every document's are listed again.
  const selected = byDocument.some(([document]) => document === only) ? only : ALL;
  const listed = useMemo(() => diagnostics.filter((d) => selected === ALL || d.document === selected).sort(bySeverity), [diagnostics, selected]);
  const choose = (document: string) => {
    setOnly(document);
    fewer();
  };
  return (
    <section className="wb-problems" aria-label="Problems">
      <h3>
        Problems <span className="meta"><span className={errors ? 'error' : 'ok'}>{counted(errors, 'error')}</span>, {diagnostics.length - errors} other{validating ? ' · checking…' : ''}</span>
        {byDocument.length > 1 && (
          <select aria-label="Problems of" value={selected} onChange={(e) => choose(e.target.value)}>
            <option value={ALL}>in every document</option>
            {byDocument.map(([document, n]) => (
              <option key={document} value={document}>
                in {document} ({n})
              </option>
            ))}
          </select>
        )}
        {diagnostics.length > 0 && (
          <button className="wb-link" aria-expanded={!folded} aria-controls={listId} onClick={() => setFolded(!folded)}>
            {folded ? 'show the list' : 'hide the list'}
          </button>
        )}
      </h3>
      {error && <p className="wb-error">Could not check the ruleset: {error}</p>}
      <ul id={listId} hidden={folded}>
        {listed.slice(0, shown).map((d, i) => {
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
                <a href={elsewhereHref(d.document, d.line, d.column, baseId)}>
                  {body}
                  <span className="wb-elsewhere">in {d.document.split('/')[0] || baseId}, which this ruleset extends: fix it there</span>
                </a>
              )}
            </li>
          );
        })}
      </ul>
      {!folded && <ShowMore total={listed.length} shown={shown} noun="problem" onMore={more} />}
    </section>
  );
}
