'use client';
// Victory conditions, triggers and the turn sequence as sentences, from the document as it is being edited.
// Pointing at a condition, or at a part of one, shows on the map what it names.
import { useMemo, type ReactNode } from 'react';
import { toPointer } from '@/engine/json/pointer';
import type { JSONPath } from './jsonEdit';
import { checkSentence, conditionPhrase, phraseText, triggerPhrase, type Names, type Phrase } from '@/engine/sentences';
import { isRecord, type Rec } from '@/engine/json/record';
import { PROVENANCE_KINDS, PROVENANCE_MEANINGS, type ProvenanceKind } from '@/editor/tables/cells';
import { Decided, useWhereIs, type DecidedProps } from './Decided';
import { decidedPointers } from './decided';

const records = (v: unknown): [string, Rec][] => (isRecord(v) ? Object.entries(v).filter((e): e is [string, Rec] => isRecord(e[1])) : []);
const ruleOf = (r: Rec) => (isRecord(r.source) && typeof r.source.rule === 'string' ? r.source.rule : undefined);

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

function Item({ title, badge, rule, path, onReveal, children }: { title: ReactNode; badge?: string; rule?: string; path: JSONPath; onReveal: Props['onReveal']; children?: ReactNode }) {
  return (
    <li className="wb-sentence">
      <div className="wb-sentence-head">
        <strong>{title}</strong>
        {badge && <span className="wb-badge">{badge}</span>}
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

export function RulesView({ text, names, onReveal, onPoint, pointed, decided }: Props & { decided: DecidedProps }) {
  const doc = useParsed(text);
  const rules = isRecord(doc) ? doc : {};
  const conflicts = records(rules.conflicts);
  const where = useWhereIs(decided, conflicts.flatMap(([, c]) => decidedPointers(c)));
  if (doc === undefined) return unparsed;
  const triggers = records(rules.triggers);
  const special = records(rules.specialRules);
  const constants = records(rules.constants);
  const sections = [
    { id: 'rules-triggers', name: 'Triggers', count: triggers.length },
    { id: 'rules-special', name: 'Special rules', count: special.length },
    { id: 'rules-constants', name: 'Constants', count: constants.length },
    { id: 'rules-conflicts', name: 'Contradictions and ambiguities in the text', count: conflicts.length },
  ].filter((x) => x.count > 0);
  return (
    <div className="wb-readable">
      {/* A long rules document (2WW's runs to thousands of lines) in a pane a few hundred pixels tall: its sections one click away. */}
      {sections.length > 1 && (
        <nav className="wb-sections" aria-label="Sections">
          {sections.map((x) => (
            <button key={x.id} type="button" onClick={() => document.getElementById(x.id)?.scrollIntoView({ block: 'start' })}>
              {x.name} ({x.count})
            </button>
          ))}
        </nav>
      )}
      {triggers.length > 0 && <h3 id="rules-triggers">Triggers</h3>}
      <ul>
        {triggers.map(([id, t]) => (
          <Item key={id} title={typeof t.name === 'string' ? t.name : id} rule={ruleOf(t)} path={['triggers', id]} onReveal={onReveal}>
            <p>
              {triggerPhrase(t, names, ['triggers', id]).map((p, i) => (
                <Said key={i} phrase={p} onPoint={onPoint} pointed={pointed} />
              ))}
            </p>
            {typeof t.text === 'string' && <blockquote>{t.text}</blockquote>}
            <SourceNote of={t} />
          </Item>
        ))}
      </ul>
      {special.length > 0 && <h3 id="rules-special">Special rules</h3>}
      <ul>
        {special.map(([id, r]) => (
          <Item key={id} title={typeof r.name === 'string' ? r.name : id} rule={ruleOf(r)} path={['specialRules', id]} onReveal={onReveal}>
            <p>{typeof r.text === 'string' ? r.text : ''}</p>
            {r.while !== undefined && (
              <p className="meta">
                Reminded of only while <Said phrase={conditionPhrase(r.while, names, ['specialRules', id, 'while'])} onPoint={onPoint} pointed={pointed} />.
              </p>
            )}
            {typeof r.why === 'string' && <p className="meta">{r.automated === true ? 'Played by the engine' : 'How it is played'}: {r.why}</p>}
          </Item>
        ))}
      </ul>
      {constants.length > 0 && <h3 id="rules-constants">Constants</h3>}
      <ul>
        {constants.map(([id, c]) => (
          <Item key={id} title={id} rule={ruleOf(c)} path={['constants', id]} onReveal={onReveal}>
            <p>
              {constantValue(c.value)}
              {typeof c.unit === 'string' ? ` ${c.unit}` : ''}
              {typeof c.description === 'string' ? ` — ${c.description}` : ''}
            </p>
          </Item>
        ))}
      </ul>
      {conflicts.length > 0 && <h3 id="rules-conflicts">Contradictions and ambiguities in the text</h3>}
      <ul>
        {conflicts.map(([id, c]) => (
          <Item key={id} title={typeof c.topic === 'string' ? c.topic : id} badge={id} path={['conflicts', id]} onReveal={onReveal}>
            <ul className="wb-readings">
              {(Array.isArray(c.readings) ? c.readings : []).filter(isRecord).map((r, k) => (
                <li key={k} className={r.id === c.chosen ? 'chosen' : undefined} data-testid="reading">
                  <strong>{r.id === c.chosen ? 'Chosen' : 'Not chosen'}</strong>
                  {typeof r.rule === 'string' && <span className="meta"> (rule {r.rule})</span>}: {typeof r.text === 'string' ? r.text : String(r.id)}
                  {typeof r.quote === 'string' && <blockquote>{r.quote}</blockquote>}
                </li>
              ))}
            </ul>
            {typeof c.why === 'string' && <p>Why: {c.why}</p>}
            <Decided conflict={c} where={where} {...decided} />
          </Item>
        ))}
      </ul>
      {triggers.length + special.length + constants.length + conflicts.length === 0 && <p className="wb-note">No triggers or special rules yet.</p>}
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
  return (
    <div className="wb-readable">
      <h3>Each turn, in this order</h3>
      <ol>
        {phases.map((phase, i) => {
          const steps = Array.isArray(phase.steps) ? phase.steps.filter(isRecord) : [];
          const rule = typeof phase.rule === 'string' ? phase.rule : ruleOf(phase);
          return (
            <Item key={i} title={typeof phase.name === 'string' ? phase.name : `Phase ${i + 1}`} badge={actorWords(phase.actor, phase.order, names) || undefined} rule={rule} path={['sequence', 'phases', i]} onReveal={onReveal}>
              {skipped(phase.skip, ['sequence', 'phases', i, 'skip'])}
              {typeof phase.description === 'string' && <p>{phase.description}</p>}
              {steps.length > 0 && (
                <ol>
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

function constantValue(v: unknown): string {
  if (isRecord(v) && 'gap' in v) return `unknown (gap: ${String(v.gap)})`;
  if (isRecord(v) && 'value' in v) return String(v.value);
  return String(v);
}
