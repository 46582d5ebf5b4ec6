'use client';
// The ruleset's documents grouped by kind, each with its save state and problem count; after them, the drafts
// the manifest does not list (as after its draft is discarded), which would otherwise be nowhere to be seen.
import type { Diagnostic } from '@/engine/diagnostics';
import type { DocumentEntryKind } from '@/server/routers/authoring';
import type { UnlistedDraft } from '@/server/routers/unlisted';
import { isDirty, isUnpublished, type DocState } from './workspace';

const GROUPS: [DocumentEntryKind, string][] = [
  ['manifest', 'Manifest'],
  ['units', 'Units'],
  ['tables', 'Tables'],
  ['map', 'Map'],
  ['setup', 'Setup'],
  ['sequence', 'Sequence'],
  ['victory', 'Victory'],
  ['rules', 'Rules and triggers'],
  ['facts', 'Facts'],
  ['patchset', 'Patch sets'],
];

/** The element id of the "Unlisted drafts" group, which the workbench's header count shows. */
export const UNLISTED_GROUP = 'wb-unlisted-drafts';

interface Props {
  rulesetId: string;
  docs: readonly DocState[];
  diagnostics: readonly Diagnostic[];
  selected?: string;
  onSelect: (path: string) => void;
  unlisted: readonly UnlistedDraft[];
  /** The unlisted draft open, by path. */
  selectedUnlisted?: string;
  onSelectUnlisted: (path: string) => void;
}

export function DocumentTree({ rulesetId, docs, diagnostics, selected, onSelect, unlisted, selectedUnlisted, onSelectUnlisted }: Props) {
  const counts = new Map<string, { errors: number; warnings: number }>();
  for (const d of diagnostics) {
    const c = counts.get(d.document) ?? { errors: 0, warnings: 0 };
    if (d.severity === 'error') c.errors++;
    else if (d.severity === 'warning') c.warnings++;
    counts.set(d.document, c);
  }
  return (
    <nav className="wb-tree" aria-label="Documents">
      {GROUPS.map(([kind, label]) => {
        const inGroup = docs.filter((d) => d.kind === kind);
        if (inGroup.length === 0) return null;
        return (
          <div key={kind}>
            <h4>{label}</h4>
            <ul>
              {inGroup.map((d) => {
                const c = counts.get(`${rulesetId}/${d.path}`);
                return (
                  <li key={d.path}>
                    <button className={d.path === selected ? 'selected' : undefined} data-path={d.path} onClick={() => onSelect(d.path)} title={d.path}>
                      <span className="wb-name">{d.path}</span>
                      {d.optional && <span className="wb-badge">optional</span>}
                      {d.conflict ? <span className="wb-badge conflict">conflict</span> : isDirty(d) ? <span className="wb-dot" title="unsaved" /> : isUnpublished(d) && <span className="wb-badge">draft</span>}
                      {d.file === null && !d.revision && <span className="wb-badge">missing</span>}
                      {c?.errors ? <span className="wb-count error">{c.errors}</span> : null}
                      {c?.warnings ? <span className="wb-count warning">{c.warnings}</span> : null}
                    </button>
                  </li>
                );
              })}
            </ul>
          </div>
        );
      })}
      {unlisted.length > 0 && (
        <div className="wb-unlisted" id={UNLISTED_GROUP}>
          <h4 title="Drafts ruleset.json does not list: publishing never writes them">Unlisted drafts</h4>
          <ul>
            {unlisted.map((d) => (
              <li key={d.path}>
                <button className={d.path === selectedUnlisted ? 'selected' : undefined} data-unlisted={d.path} onClick={() => onSelectUnlisted(d.path)} title={`${d.path}: ruleset.json does not list it`}>
                  <span className="wb-name">{d.path}</span>
                  <span className="wb-badge">unlisted</span>
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </nav>
  );
}
