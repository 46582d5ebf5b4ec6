'use client';
// The gaps of the ruleset as drafted (unsaved edits included, as the header counts them), by category, each with its
// rule, what is missing and a link to where it is written; and its provisional values the same way. The header's
// counts open it (`?view=gaps`, `?view=provisional`). Read from the server (authoring.gapList) whenever the header
// counts again, so the two agree.
import { useEffect, useRef, useState } from 'react';
import { useKeptScroll } from '@/editor/kept-scroll';
import { useScrollEdges } from '@/editor/scroll-edges';
import { GAP_MEANING, PROVENANCE_MEANINGS } from '@/editor/tables/cells';
import { counted } from '@/engine/words';
import type { ListedGap, ListedProvisional, Written } from '@/server/routers/gaps';
import { api, messageOf } from './api';
import { elsewhereHref } from './elsewhere';
import { botWords, gapGroups, gapsCounted, placeOf, subjectOf, type GapGroup } from './gaps';
import { matching, queryWords } from './rules-find';

export type GapsList = 'gaps' | 'provisional';

type GapList = Awaited<ReturnType<typeof api.authoring.gapList.mutate>>;

interface Props {
  rulesetId: string;
  overlay: () => Record<string, string>;
  /** A value that changes whenever the header's counts do: the list is read again then. */
  version: unknown;
  list: GapsList;
  onList: (list: GapsList) => void;
  /** Opens a document of this ruleset with the value at `pointer` selected. */
  onOpen: (path: string, pointer: string) => void;
  /** The search, kept while documents are opened from the list and Back returns to it. */
  query: string;
  onQuery: (query: string) => void;
}

export function GapsView({ rulesetId, overlay, version, list, onList, onOpen, query, onQuery }: Props) {
  const [data, setData] = useState<GapList>();
  const [error, setError] = useState<string>();
  const pane = useRef<HTMLDivElement>(null);
  useKeptScroll(pane, data ? list : undefined);
  useEffect(() => {
    let live = true;
    api.authoring.gapList.mutate({ id: rulesetId, documents: overlay() }).then(
      (d) => live && (setData(d), setError(undefined)),
      (e: unknown) => live && setError(`The gaps could not be listed: ${messageOf(e)}`),
    );
    return () => {
      live = false;
    };
  }, [rulesetId, overlay, version]);

  return (
    <div className="wb-doc">
      <div className="wb-doc-bar">
        <div className="wb-tabs" role="tablist" aria-label="Gaps and provisional values">
          {(['gaps', 'provisional'] as const).map((l) => (
            <button key={l} role="tab" aria-selected={list === l} onClick={() => onList(l)}>
              {l === 'gaps' ? `Gaps${data ? ` (${data.gaps.length})` : ''}` : `Provisional values${data ? ` (${data.provisionalCount})` : ''}`}
            </button>
          ))}
        </div>
        <span className="wb-bar-hint">of the ruleset as drafted, unsaved edits included</span>
      </div>
      <div className="wb-special wb-special-resolved wb-gaps" ref={pane}>
        {error && <p className="wb-error">{error}</p>}
        {!data ? (
          !error && <p className="wb-note">Listing the gaps of {rulesetId}…</p>
        ) : list === 'gaps' ? (
          <Gaps gaps={data.gaps} rulesetId={rulesetId} onOpen={onOpen} query={query} onQuery={onQuery} />
        ) : (
          <Provisional listed={data.provisional} count={data.provisionalCount} rulesetId={rulesetId} onOpen={onOpen} />
        )}
      </div>
    </div>
  );
}

function Gaps({ gaps, rulesetId, onOpen, query, onQuery }: { gaps: readonly ListedGap[]; rulesetId: string; onOpen: Props['onOpen']; query: string; onQuery: (q: string) => void }) {
  const [onlyBots, setOnlyBots] = useState(false);
  const categoriesRow = useScrollEdges<HTMLElement>();
  const groups = gapGroups(gaps, query, onlyBots);
  const shown = groups.reduce((n, g) => n + g.shown.length, 0);
  const narrowed = queryWords(query).length > 0 || onlyBots;
  /** A category's count, of those shown where a search or "bots stop at" narrows them. */
  const countOf = (g: GapGroup) => (narrowed ? `${g.shown.length} of ${g.total}` : g.total);
  const bots = gaps.filter((g) => g.bots).length;
  if (!gaps.length) return <p className="wb-note">No gaps: the ruleset records no value the rulebook leaves out.</p>;
  return (
    <div className="wb-readable">
      <div className="wb-sections">
        <input type="search" aria-label="Search the gaps: a rule number, a word of what is missing, a document" placeholder="9.2, counter…" value={query} onChange={(e) => onQuery(e.target.value)} onKeyDown={(e) => e.key === 'Escape' && onQuery('')} />
        {bots > 0 && (
          <label className="meta">
            <input type="checkbox" checked={onlyBots} onChange={(e) => setOnlyBots(e.target.checked)} /> only the {bots} bots stop at
          </label>
        )}
        <span className="meta" role="status">
          {narrowed && matching(shown, gaps.length)}
        </span>
        <nav aria-label="Categories" ref={categoriesRow}>
          {groups.map((g) => (
            <button key={g.category} type="button" disabled={g.shown.length === 0} onClick={() => document.getElementById(`gaps-${g.category}`)?.scrollIntoView({ block: 'start' })}>
              {g.name} ({countOf(g)})
            </button>
          ))}
        </nav>
      </div>
      <p className="wb-gaps-summary">
        <strong>{gapsCounted(groups)}</strong>: {GAP_MEANING}. {botWords(gaps)}
      </p>
      {narrowed && shown === 0 && <p className="wb-note">No gap{onlyBots ? ' bots stop at' : ''} has “{query.trim()}” in its rule number, what it says is missing, its pointer or its document.</p>}
      {groups
        .filter((g) => g.shown.length > 0)
        .map((g) => (
          <section key={g.category} id={`gaps-${g.category}`} aria-label={g.name}>
            <h3>
              {g.name} <span className="meta">({countOf(g)})</span>
            </h3>
            <ul>
              {g.shown.map((gap) => (
                <li key={gap.pointer} className="wb-gap" data-pointer={gap.pointer}>
                  <span className="wb-gap-rule">{gap.rule ? `rule ${gap.rule}` : 'no rule cited'}</span> {gap.gap}{' '}
                  {gap.bots && <span className="wb-badge" title="A bot game cannot settle it: it refuses to start until the gap is filled (or an optional patch set fills it)">bots stop here</span>}{' '}
                  <Where at={gap.at} pointer={gap.pointer} rulesetId={rulesetId} onOpen={onOpen} />
                </li>
              ))}
            </ul>
          </section>
        ))}
    </div>
  );
}

function Provisional({ listed, count, rulesetId, onOpen }: { listed: readonly ListedProvisional[]; count: number; rulesetId: string; onOpen: Props['onOpen'] }) {
  if (!count) return <p className="wb-note">No provisional values: none is {PROVENANCE_MEANINGS.provisional}.</p>;
  const unlisted = count - listed.length;
  return (
    <div className="wb-readable">
      <p className="wb-gaps-summary">
        <strong>{counted(count, 'provisional value')}</strong>: {PROVENANCE_MEANINGS.provisional}.
        {unlisted > 0 && ` Listed here: the ${listed.length} that say so themselves or that a patch set wrote; the other ${unlisted} are plain cells of a provisional table, counted with it.`}
      </p>
      <ul>
        {listed.map((p) => (
          <li key={p.pointer} className="wb-gap" data-pointer={p.pointer}>
            {p.note ?? <span className="meta">no note of why</span>} {p.patched && <span className="wb-badge">written by a patch set</span>} <Where at={p.at} pointer={p.pointer} rulesetId={rulesetId} onOpen={onOpen} />
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A link to where a value is written: its document here, opened with it selected, or the workbench of the ruleset this one extends, which says so. */
function Where({ at, pointer, rulesetId, onOpen }: { at: Written | null; pointer: string; rulesetId: string; onOpen: Props['onOpen'] }) {
  const place = placeOf(at, rulesetId);
  const subject = subjectOf(pointer);
  if (!place || !at) return <span className="wb-where">{subject || pointer} (written in no document this workbench can open)</span>;
  const label = (document: string) => `${subject ? `${subject} in ` : ''}${document}:${at.line}`;
  if ('own' in place)
    return (
      <button className="wb-link wb-where" title={`Open ${place.own} at line ${at.line}, the value selected`} onClick={() => onOpen(place.own, at.pointer)}>
        {label(place.own)}
      </button>
    );
  return (
    <>
      <a className="wb-where" href={elsewhereHref(at.document, at.line, at.column)}>
        {label(place.elsewhere)}
      </a>{' '}
      <span className="wb-elsewhere">in {place.ruleset}, which this ruleset extends: fill it there, or with a patch set here</span>
    </>
  );
}
