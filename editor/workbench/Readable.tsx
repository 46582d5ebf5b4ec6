'use client';
// Victory conditions, triggers and the turn sequence as sentences, from the document as it is being edited.
// Pointing at a condition, or at a part of one, shows on the map what it names.
import { Fragment, useCallback, useDeferredValue, useMemo, type ReactNode } from 'react';
import { toPointer } from '@/engine/json/pointer';
import type { JSONPath } from '@/engine/json/edit';
import { checkSentence, conditionPhrase, phraseText, triggerPhrase, type Names, type Phrase } from '@/engine/sentences';
import { isRecord, type Rec } from '@/engine/json/record';
import { PROVENANCE_KINDS, PROVENANCE_MEANINGS, type ProvenanceKind } from '@/editor/tables/cells';
import { Decided, useWhereIs, type DecidedProps } from './Decided';
import { decidedPointers } from './decided';
import { changeWords, changesOf, removedIn } from './own-changes';
import { constantValue, filterSections, holdsAll, matching, queryWords, ruleOf, rulesSections, type RulesEntry, type SectionKey } from './rules-find';
import type { PatchSetOps } from '@/editor/tables/overrides';
import { useScrollEdges } from '@/editor/scroll-edges';


interface Props {
  text: string;
  names: Names;
  /** Shows the JSON at this path in the editor. */
  onReveal: (path: JSONPath) => void;
  /** The reader points at the condition at this path, which reads as `label`. */
  onPoint: (path: JSONPath, label: string) => void;
  /** The pointer of the condition pointed at last. */
  pointed?: string;
}

function useParsed(text: string): unknown {
  return useMemo(() => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return undefined;
    }
  }, [text]);
}

function Item({ title, badge, marks, rule, path, onReveal, children }: { title: ReactNode; badge?: string; marks?: ReactNode; rule?: string; path: JSONPath; onReveal: Props['onReveal']; children?: ReactNode }) {
  return (
    <li className="wb-sentence">
      <div className="wb-sentence-head">
        <strong>{title}</strong>
        {badge && <span className="wb-badge">{badge}</span>}
        {marks}
        {rule && <span className="meta">rule {rule}</span>}
        <button className="wb-link" onClick={() => onReveal(path)}>
          JSON
        </button>
      </div>
      {children}
    </li>
  );
}

/**
 * What an entry's source says of it where it is not the rulebook's own words (an inference, a designer's provisional
 * value): its kind and its note, so that a sentence read under a rule's number is not taken for that rule's text.
 */
function SourceNote({ of }: { of: Rec }) {
  const source = of.source;
  const kind = isRecord(source) && (PROVENANCE_KINDS as readonly unknown[]).includes(source.kind) ? (source.kind as ProvenanceKind) : undefined;
  if (!kind || kind === 'rulebook') return null;
  return (
    <p className="meta" data-testid="source-note">
      Not the rule&rsquo;s words: {PROVENANCE_MEANINGS[kind]}
      {isRecord(source) && typeof source.note === 'string' ? `. ${source.note}` : ''}
    </p>
  );
}

/** A phrase with each condition in it a span that reports being pointed at (the innermost one wins). */
function Said({ phrase, onPoint, pointed }: { phrase: Phrase } & Pick<Props, 'onPoint' | 'pointed'>): ReactNode {
  if (typeof phrase === 'string') return phrase;
  const pointer = toPointer(phrase.path);
  return (
    <span
      className={`wb-cond${pointer === pointed ? ' pointed' : ''}`}
      data-pointer={pointer}
      onMouseOver={(e) => {
        e.stopPropagation();
        onPoint(phrase.path, phraseText(phrase));
      }}
    >
      {phrase.parts.map((p, i) => (
        <Said key={i} phrase={p} onPoint={onPoint} pointed={pointed} />
      ))}
    </span>
  );
}

const unparsed = <p className="wb-note">The JSON below has a syntax error; the sentences return once it parses.</p>;

export function VictoryView({ text, names, onReveal, onPoint, pointed }: Props) {
  const doc = useParsed(text);
  if (doc === undefined) return unparsed;
  const victory = isRecord(doc) && isRecord(doc.victory) ? doc.victory : {};
  const checks = Array.isArray(victory.checks) ? victory.checks : [];
  const levels = Array.isArray(victory.levels) ? victory.levels : [];
  const levelName = (id: unknown) => {
    const level = levels.find((l) => isRecord(l) && l.id === id);
    return `“${isRecord(level) && typeof level.name === 'string' ? level.name : String(id)}”`;
  };
  return (
    <div className="wb-readable">
      <h3>When victory is checked</h3>
      <ul>
        {checks.map((c, i) => (
          <Item key={i} title={checkSentence(c, levelName)} rule={isRecord(c) ? ruleOf(c) : undefined} path={['victory', 'checks', i]} onReveal={onReveal} />
        ))}
      </ul>
      <h3>Levels, in order: the first that holds is the result</h3>
      <ol>
        {levels.map((l, i) => {
          const level = isRecord(l) ? l : {};
          return (
            <Item
              key={i}
              title={typeof level.name === 'string' ? level.name : `Level ${i + 1}`}
              badge={level.side === undefined ? 'draw' : `winner: ${names.actor(level.side)}`}
              rule={ruleOf(level)}
              path={['victory', 'levels', i]}
              onReveal={onReveal}
            >
              <p>
                If <Said phrase={conditionPhrase(level.condition, names, ['victory', 'levels', i, 'condition'])} onPoint={onPoint} pointed={pointed} />.
              </p>
              {typeof level.text === 'string' && <blockquote>{level.text}</blockquote>}
              <SourceNote of={level} />
            </Item>
          );
        })}
      </ol>
      {typeof victory.otherwise === 'string' && <p>Otherwise: {victory.otherwise}</p>}
    </div>
  );
}

export function RulesView({ text, ...rest }: Props & { decided: DecidedProps; search: RulesSearch }) {
  const doc = useParsed(text);
  return <Rules rules={doc === undefined ? undefined : isRecord(doc) ? doc : {}} absent={unparsed} {...rest} />;
}

interface RulesProps extends Omit<Props, 'text'> {
  /** The rules document, or a resolved ruleset; undefined while there is none to read, `absent` shown instead. */
  rules: Rec | undefined;
  absent: ReactNode;
  decided: DecidedProps;
  /** A variant's own patch sets: the entries they add, change and remove are marked, a change opening its operation. */
  own?: { sets: readonly PatchSetOps[]; onOpen: (patchSet: string, operation: number) => void };
  /** The search typed, kept by the workbench: another document opened and this one again, it is still there. */
  search: RulesSearch;
}

export interface RulesSearch {
  query: string;
  onQuery: (query: string) => void;
}

/**
 * Triggers, special rules, constants and conflicts, each section named and counted over the view, a click away, with a
 * search narrowing them (a long rules document, 2WW's runs to thousands of lines, in a pane a few hundred pixels tall).
 */
export function Rules({ rules, absent, names, onReveal, onPoint, pointed, decided, own, search: { query, onQuery: setQuery } }: RulesProps) {
  const sectionsRow = useScrollEdges<HTMLElement>();
  const sets = own?.sets;
  const changes = useCallback((pointer: string) => (sets ? changesOf(sets, pointer) : []), [sets]);
  const sections = useMemo(() => (rules ? rulesSections(rules, names, (pointer) => changes(pointer).map(changeWords)) : []), [rules, names, changes]);
  const conflicts = sections.find((s) => s.key === 'conflicts')?.entries ?? [];
  const where = useWhereIs(decided, conflicts.flatMap((e) => decidedPointers(e.rec)));
  // Typing stays quick however long the list it narrows: the list follows when React has time.
  const asked = useDeferredValue(query);
  const found = useMemo(() => filterSections(sections, asked), [sections, asked]);
  if (!rules) return absent;
  const words = queryWords(asked);
  const removed = (key: SectionKey) => (sets ? removedIn(sets, key).filter((r) => holdsAll(words, `${r.id}\n${r.patchSet}`.toLowerCase())) : []);
  const total = sections.reduce((n, s) => n + s.entries.length, 0);
  const shown = found.reduce((n, s) => n + s.shown.length, 0);
  const present = found.filter((s) => s.entries.length > 0);
  const entry = (key: SectionKey, { id, rec }: RulesEntry) => {
    const path = [key, id];
    const marks = changes(toPointer(path)).map((c) => (
      <button key={c.patchSet} type="button" className="wb-badge wb-own" data-testid="own-change" title="Show the operation" onClick={() => own?.onOpen(c.patchSet, c.operation)}>
        {changeWords(c)}
      </button>
    ));
    const item = { rule: ruleOf(rec), path, onReveal, marks };
    const said = (phrase: Phrase, i?: number) => <Said key={i} phrase={phrase} onPoint={onPoint} pointed={pointed} />;
    switch (key) {
      case 'triggers':
        return (
          <Item key={id} {...item} title={typeof rec.name === 'string' ? rec.name : id}>
            <p>{triggerPhrase(rec, names, path).map(said)}</p>
            {typeof rec.text === 'string' && <blockquote>{rec.text}</blockquote>}
            <SourceNote of={rec} />
          </Item>
        );
      case 'specialRules':
        return (
          <Item key={id} {...item} title={typeof rec.name === 'string' ? rec.name : id}>
            <p>{typeof rec.text === 'string' ? rec.text : ''}</p>
            {rec.while !== undefined && <p className="meta">Reminded of only while {said(conditionPhrase(rec.while, names, [...path, 'while']))}.</p>}
            {typeof rec.why === 'string' && <p className="meta">{rec.automated === true ? 'Played by the engine' : 'How it is played'}: {rec.why}</p>}
          </Item>
        );
      case 'constants':
        return (
          <Item key={id} {...item} title={id}>
            <p>
              {constantValue(rec.value)}
              {typeof rec.unit === 'string' ? ` ${rec.unit}` : ''}
              {typeof rec.description === 'string' ? ` — ${rec.description}` : ''}
            </p>
          </Item>
        );
      case 'conflicts':
        return (
          <Item key={id} {...item} rule={undefined} title={typeof rec.topic === 'string' ? rec.topic : id} badge={id}>
            <ul className="wb-readings">
              {(Array.isArray(rec.readings) ? rec.readings : []).filter(isRecord).map((r, k) => (
                <li key={k} className={r.id === rec.chosen ? 'chosen' : undefined} data-testid="reading">
                  <strong>{r.id === rec.chosen ? 'Chosen' : 'Not chosen'}</strong>
                  {typeof r.rule === 'string' && <span className="meta"> (rule {r.rule})</span>}: {typeof r.text === 'string' ? r.text : String(r.id)}
                  {typeof r.quote === 'string' && <blockquote>{r.quote}</blockquote>}
                </li>
              ))}
            </ul>
            {typeof rec.why === 'string' && <p>Why: {rec.why}</p>}
            <Decided conflict={rec} where={where} {...decided} />
          </Item>
        );
    }
  };
  return (
    <div className="wb-readable">
      {total > 0 && (
        <div className="wb-sections">
          <input
            type="search"
            aria-label="Search the rules: a rule number, a name or a word of the text"
            placeholder="Search: 11.2.2, submarine…"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            onKeyDown={(e) => e.key === 'Escape' && setQuery('')}
          />
          <span className="meta" role="status">
            {words.length > 0 && matching(shown, total)}
          </span>
          {present.length > 1 && (
            <nav aria-label="Sections" ref={sectionsRow}>
              {present.map((s) => (
                <button key={s.key} type="button" title={s.name} disabled={s.shown.length === 0} onClick={() => document.getElementById(`rules-${s.key}`)?.scrollIntoView({ block: 'start' })}>
                  {s.short} ({words.length ? `${s.shown.length} of ${s.entries.length}` : s.entries.length})
                </button>
              ))}
            </nav>
          )}
        </div>
      )}
      {words.length > 0 && shown === 0 && <p className="wb-note">No trigger, special rule, constant or contradiction has “{asked.trim()}” in its rule number, name or text.</p>}
      {found.map((s) => {
        const gone = removed(s.key);
        return (
          (s.shown.length > 0 || gone.length > 0) && (
            <Fragment key={s.key}>
              <h3 id={`rules-${s.key}`}>{s.name}</h3>
              <ul>{s.shown.map((e) => entry(s.key, e))}</ul>
              {[...new Set(gone.map((r) => r.patchSet))].map((set) => (
                <p key={set} className="meta" data-testid="removed">
                  Removed in {set}: {gone.flatMap((r) => (r.patchSet === set ? [r.id] : [])).join(', ')}.
                </p>
              ))}
            </Fragment>
          )
        );
      })}
      {total === 0 && <p className="wb-note">No triggers or special rules yet.</p>}
    </div>
  );
}

/** Who acts in a phase or step, in words; a step each power takes inside a phase each side takes in turn is played by the side's own powers. */
function actorWords(actor: unknown, order: unknown, names: Names, phaseActor?: unknown): string {
  const inOrder = Array.isArray(order) && order.length ? `, in the order ${order.map((x) => names.actor(x)).join(', ')}` : '';
  if (actor === 'both') return 'all sides together';
  if (actor === 'each-side') return `each side in turn${inOrder}`;
  if (actor === 'each-power' && phaseActor === 'each-side') return `each power of the side whose turn it is${inOrder}`;
  if (actor === 'each-power') return `each power in turn${inOrder}`;
  return typeof actor === 'string' ? names.actor(actor) : '';
}

/** What a step does: the procedure it runs and the combats it fights, or that it is left to the tester. */
function procedureWords(step: Rec): string | undefined {
  const combats = Array.isArray(step.combats) ? step.combats.filter((c): c is string => typeof c === 'string') : [];
  const procedure = typeof step.procedure === 'string' ? step.procedure : undefined;
  const runs = procedure === 'manual' ? 'adjudicated by the tester' : procedure?.startsWith('combat.') ? `combat: ${procedure.slice(7)}` : procedure;
  return [runs, combats.length ? `also fights ${combats.join(', ')}` : undefined, step.repeat === 'alternate-until-both-pass' ? 'the actors alternate until both pass' : undefined].filter(Boolean).join('; ') || undefined;
}

/** A name that carries the rulebook's own number or letter ("A. Strategic Warfare", "1. Iraq rebellion roll"). */
const OWN_NUMBER = /^(\d+|[A-Z])[.)]\s/;

/**
 * The class of the lists of a sequence whose names number its phases or steps: the lists' own numbers left out, so
 * a step is not "2. 1. Iraq rebellion roll", nor a step the rulebook leaves unnumbered among them given a number.
 */
function numberedLists(phases: readonly Rec[]): string | undefined {
  const steps = phases.flatMap((p) => (Array.isArray(p.steps) ? p.steps.filter(isRecord) : []));
  return [...phases, ...steps].some((x) => typeof x.name === 'string' && OWN_NUMBER.test(x.name)) ? 'wb-own-numbers' : undefined;
}

export function SequenceView({ text, names, onReveal, onPoint, pointed }: Props) {
  const doc = useParsed(text);
  if (doc === undefined) return unparsed;
  const sequence = isRecord(doc) && isRecord(doc.sequence) ? doc.sequence : {};
  const phases = Array.isArray(sequence.phases) ? sequence.phases.filter(isRecord) : [];
  const skipped = (skip: unknown, path: JSONPath) =>
    skip !== undefined && (
      <p>
        Skipped when <Said phrase={conditionPhrase(skip, names, path)} onPoint={onPoint} pointed={pointed} />.
      </p>
    );
  if (!phases.length) return <p className="wb-note">No phases yet.</p>;
  const lists = numberedLists(phases);
  return (
    <div className="wb-readable">
      <h3>Each turn, in this order</h3>
      <ol className={lists}>
        {phases.map((phase, i) => {
          const steps = Array.isArray(phase.steps) ? phase.steps.filter(isRecord) : [];
          const rule = typeof phase.rule === 'string' ? phase.rule : ruleOf(phase);
          return (
            <Item key={i} title={typeof phase.name === 'string' ? phase.name : `Phase ${i + 1}`} badge={actorWords(phase.actor, phase.order, names) || undefined} rule={rule} path={['sequence', 'phases', i]} onReveal={onReveal}>
              {skipped(phase.skip, ['sequence', 'phases', i, 'skip'])}
              {typeof phase.description === 'string' && <p>{phase.description}</p>}
              {steps.length > 0 && (
                <ol className={lists}>
                  {steps.map((step, j) => {
                    const does = procedureWords(step);
                    const who = step.actor === undefined ? undefined : actorWords(step.actor, step.order, names, phase.actor);
                    return (
                      <Item key={j} title={typeof step.name === 'string' ? step.name : `Step ${j + 1}`} badge={who} rule={typeof step.rule === 'string' ? step.rule : ruleOf(step)} path={['sequence', 'phases', i, 'steps', j]} onReveal={onReveal}>
                        {does && <p className="meta">{does}</p>}
                        {skipped(step.skip, ['sequence', 'phases', i, 'steps', j, 'skip'])}
                        {typeof step.description === 'string' && <p>{step.description}</p>}
                      </Item>
                    );
                  })}
                </ol>
              )}
            </Item>
          );
        })}
      </ol>
    </div>
  );
}
