'use client';
// Errata and variants: the ruleset's patch sets with their citations and reasons, each with a diff of the
// resolved ruleset before and after it, an erratum removable (after a confirmation); the variants that extend
// this ruleset; and "save as errata", which turns an edit of the resolved ruleset into a new patch set.
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { DiffView } from '@/editor/monaco/DiffView';
import { useTRPC } from '@/editor/TrpcProvider';
import { api, messageOf } from '@/editor/workbench/api';
import { ConfirmDialog } from '@/editor/workbench/ConfirmDialog';
import { clipped, counted } from '@/engine/words';
import type { Models } from '@/editor/workbench/models';
import type { DraftedView } from '@/editor/workbench/workspace';
import { SaveAsErrata } from './SaveAsErrata';
import { patchSetWords, type PatchSetWords } from './wording';

type PatchSets = Awaited<ReturnType<typeof api.authoring.patchSets.mutate>>;
type PatchSetView = PatchSets['sets'][number];

/** The patch sets are read from `overlay`, so the view matches what the designer sees, and again at each `version`. */
interface Props extends DraftedView {
  models: Models;
  onSaved: (path: string) => Promise<void>;
  onNewVariant: () => void;
  /** Removes one of the ruleset's own patch sets (its file, its drafts, its place in the manifest). */
  onRemove: (path: string) => Promise<void>;
  /** A place in the resolved ruleset being edited to show (a problem clicked there), and that it was shown. */
  reveal?: { line: number; column: number };
  onRevealed?: () => void;
}

export function ErrataView({ rulesetId, overlay, version, models, onSaved, onNewVariant, onRemove, reveal, onRevealed }: Props) {
  const trpc = useTRPC();
  // Those extending this ruleset by their manifests as drafted, published or not.
  const drafted = useQuery(trpc.authoring.variants.queryOptions({ id: rulesetId }));
  const [data, setData] = useState<PatchSets>();
  const [error, setError] = useState<string>();
  const [open, setOpen] = useState<string>();

  const load = useCallback(() => {
    api.authoring.patchSets.mutate({ id: rulesetId, documents: overlay() }).then(
      (d) => {
        setData(d);
        setError(undefined);
      },
      (e) => setError(messageOf(e)),
    );
  }, [rulesetId, overlay]);
  useEffect(load, [load, version]);

  const variants = (drafted.data ?? []).filter((v) => v.extends === rulesetId);
  const words = patchSetWords(data?.extends);
  return (
    <div className="wb-errata">
      <section>
        <h2>Patch sets</h2>
        {data?.extends && (
          <p className="meta">
            Applied on top of <a href={`/rulesets/${data.extends}?view=errata`}>{data.extends}</a>, with that ruleset’s own patch sets already applied.
          </p>
        )}
        {error && <p className="wb-error">{error}</p>}
        {!data && !error && <p className="wb-note">Reading the patch sets and resolving the ruleset before and after each…</p>}
        {data?.sets.length === 0 && <p className="wb-note">No patch sets yet. Edit the resolved ruleset below and save the change as {words.saveAs}.</p>}
        <ol className="wb-patchsets">
          {data?.sets.map((set) => (
            <PatchSetCard
              key={set.path}
              rulesetId={rulesetId}
              set={set}
              words={words}
              open={open === set.path}
              onToggle={() => setOpen(open === set.path ? undefined : set.path)}
              onRemove={async () => {
                await onRemove(set.path);
                load();
              }}
            />
          ))}
        </ol>
      </section>

      <section>
        <h2>Variants of this ruleset</h2>
        <ul>
          {variants.map((v) => (
            <li key={v.id}>
              <a href={`/rulesets/${v.id}`}>{v.title}</a> <code>{v.id}</code>
              {v.edition && <span className="meta"> · {v.edition}</span>}
            </li>
          ))}
        </ul>
        {drafted.data && variants.length === 0 && <p className="wb-note">None yet.</p>}
        <button onClick={onNewVariant}>New variant…</button>
      </section>

      <SaveAsErrata
        rulesetId={rulesetId}
        over={data?.extends}
        overlay={overlay}
        models={models}
        reveal={reveal}
        onRevealed={onRevealed}
        onSaved={async (path) => {
          await onSaved(path);
          load();
          setOpen(path);
        }}
      />
    </div>
  );
}

function PatchSetCard({ rulesetId, set, words, open, onToggle, onRemove }: { rulesetId: string; set: PatchSetView; words: PatchSetWords; open: boolean; onToggle: () => void; onRemove: () => Promise<void> }) {
  const [removing, setRemoving] = useState(false);
  const failed = set.operations.filter((o) => o.failure).length;
  return (
    <li className="wb-patchset" data-path={set.path}>
      <div className="wb-sentence-head">
        <strong>{set.title}</strong>
        {set.optional && <span className="wb-badge">optional: {set.name}</span>}
        {set.source?.kind && <span className={`wb-badge prov-${set.source.kind}`}>{set.source.kind}</span>}
        {set.date && <span className="meta">{set.date}</span>}
        <code className="meta">{set.path}</code>
        {/* An optional set is chosen per game, not applied always: it is taken out of the manifest by hand. */}
        {!set.optional && (
          <button className="wb-link" onClick={() => setRemoving(true)} title="Its file and drafts deleted, the manifest no longer applying it (asks first)">
            remove…
          </button>
        )}
      </div>
      {removing && <RemoveDialog rulesetId={rulesetId} set={set} words={words} onRemove={onRemove} onClose={() => setRemoving(false)} />}
      {set.missing && <p className="wb-error">The file does not exist.</p>}
      {set.citation && <p>Citation: {set.citation}</p>}
      {set.reason && <p>Why: {set.reason}</p>}
      <Operations operations={set.operations} />
      <button onClick={onToggle}>{open ? 'Hide diff' : `Show diff${failed ? ` (${failed} failed)` : ''}`}</button>
      {open && <DiffView original={set.before} modified={set.after} names={['The resolved ruleset before it', `After ${set.path}`]} height={380} />}
    </li>
  );
}

/**
 * "Remove erratum" ("Remove patch set" for a variant's): what goes, asked first; not while a variant relies on what the erratum adds (a patch set of
 * the variant changing it), each such variant and document named, as the server refuses it too.
 */
export function RemoveDialog({ rulesetId, set, words, onRemove, onClose }: { rulesetId: string; set: Pick<PatchSetView, 'path' | 'title'> & { operations: readonly unknown[] }; words: PatchSetWords; onRemove: () => Promise<void>; onClose: () => void }) {
  const trpc = useTRPC();
  const reliant = useQuery(trpc.authoring.reliantOnPatchSet.queryOptions({ id: rulesetId, path: set.path }, { staleTime: 0, gcTime: 0 }));
  const blocked = reliant.data?.length
    ? `It cannot be removed while ${reliant.data.length > 1 ? 'variants rely' : 'a variant relies'} on it: change ${reliant.data.length > 1 ? 'those documents' : 'that document'} first.`
    : undefined;
  return (
    <ConfirmDialog
      title={`Remove ${words.one}`}
      confirm={`Remove ${set.path}`}
      blocked={blocked}
      onConfirm={async () => {
        await onRemove();
        onClose();
      }}
      onClose={onClose}
    >
      <p>
        Remove <strong>{set.title}</strong> (<code>{set.path}</code>) from <code>{rulesetId}</code>? Its {counted(set.operations.length, 'operation')} no longer
        apply: ruleset.json stops listing it, and its file and any drafts of it are deleted. This cannot be undone.
      </p>
      {reliant.isPending && <p className="meta">Checking the variants that extend {rulesetId}…</p>}
      {reliant.error && <p className="wb-error">The variants could not be checked: {reliant.error.message}</p>}
      {reliant.data && reliant.data.length > 0 && (
        <ul className="wb-reliant">
          {reliant.data.map((r) => (
            <li key={`${r.variant}/${r.document}:${r.line}`}>
              <a href={`/rulesets/${r.variant}?doc=${encodeURIComponent(r.document)}`}>{r.said}</a>
            </li>
          ))}
        </ul>
      )}
    </ConfirmDialog>
  );
}

/** The first operations, and the rest behind a toggle: a provisional fill can have hundreds. */
function Operations({ operations }: { operations: PatchSetView['operations'] }) {
  const SHOWN = 6;
  const item = (op: PatchSetView['operations'][number], i: number) => (
    <li key={i}>
      <code>
        {op.op} {op.path}
        {op.from ? ` from ${op.from}` : ''}
      </code>
      {op.value !== undefined ? <code className="meta"> = {preview(op.value)}</code> : null}
      {op.note && <span> — {op.note}</span>}
      {op.cites?.length ? <span className="meta"> ({op.cites.map((c) => [c.book, c.rule].filter(Boolean).join(' ')).join('; ')})</span> : null}
      {op.failure && <span className="wb-error"> {op.failure}</span>}
    </li>
  );
  return (
    <>
      <ul className="wb-operations">{operations.slice(0, SHOWN).map(item)}</ul>
      {operations.length > SHOWN && (
        <details>
          <summary className="meta">{operations.length - SHOWN} more operations</summary>
          <ul className="wb-operations">{operations.slice(SHOWN).map((op, i) => item(op, i + SHOWN))}</ul>
        </details>
      )}
    </>
  );
}

const preview = (value: unknown) => clipped(JSON.stringify(value), 80);
