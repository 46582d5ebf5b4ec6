'use client';
// What the tester answers or does by hand: a question the engine asks, a task to adjudicate, and free-form
// manual actions (each logged as manual).
import { useState, type FormEvent } from 'react';
import { messageOf } from '@/editor/workbench/api';
import type { Action, Cite, Question, Task } from '@/engine/game';

/** What a prompt is about, and the rule and data behind it. */
function PromptHead({ title, text, cite }: { title: string; text: string; cite: Cite }) {
  return (
    <>
      <h2>{title}</h2>
      <p>{text}</p>
      <p className="meta">
        {cite.rule ? `rule ${cite.rule} · ` : ''}
        <code>{cite.pointer}</code>
      </p>
    </>
  );
}

export function QuestionForm({ question, busy, onAnswer }: { question: Question; busy: boolean; onAnswer: (a: Action) => void }) {
  const [value, setValue] = useState(question.choices?.length ? String(question.choices[0]) : '');
  const [remember, setRemember] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const v = question.expects === 'number' && value.trim() !== '' && Number.isFinite(Number(value)) ? Number(value) : value;
    onAnswer({ type: 'answer', key: question.key, value: v, ...(remember ? { remember: true } : {}) });
  };
  return (
    <form className="play-prompt" onSubmit={submit} aria-label="Question">
      <PromptHead title="The engine asks" text={question.text} cite={question.cite} />
      {question.choices?.length ? (
        <select aria-label="Answer" value={value} onChange={(e) => setValue(e.target.value)}>
          {question.choices.map((c) => (
            <option key={String(c)} value={String(c)}>
              {String(c)}
            </option>
          ))}
        </select>
      ) : (
        <input aria-label="Answer" required type={question.expects === 'number' ? 'number' : 'text'} step="any" value={value} onChange={(e) => setValue(e.target.value)} />
      )}
      {question.rememberable && (
        <label className="play-check">
          <input type="checkbox" checked={remember} onChange={(e) => setRemember(e.target.checked)} /> keep this ruling for the rest of the game
        </label>
      )}
      <div className="wb-actions">
        <button type="submit" disabled={busy}>
          Answer
        </button>
        <button type="button" disabled={busy} onClick={() => onAnswer({ type: 'cancel' })}>
          Withdraw the action
        </button>
      </div>
    </form>
  );
}

export function TaskForm({ task, busy, onResolve }: { task: Task; busy: boolean; onResolve: (a: Action) => void }) {
  const [note, setNote] = useState('');
  return (
    <form
      className="play-prompt"
      aria-label="Adjudication"
      onSubmit={(e) => {
        e.preventDefault();
        onResolve({ type: 'manual', op: { op: 'resolveTask', task: task.id }, ...(note.trim() ? { note: note.trim() } : {}) });
      }}
    >
      <PromptHead title="Adjudicate by hand" text={task.text} cite={task.cite} />
      <input aria-label="Ruling" placeholder="what you ruled (logged)" value={note} onChange={(e) => setNote(e.target.value)} />
      <p className="meta">Make the changes with the manual adjudication below, then mark the task done.</p>
      <button type="submit" disabled={busy}>
        Done
      </button>
    </form>
  );
}

const MANUAL_EXAMPLES: Record<string, string> = {
  moveUnit: '{"op":"moveUnit","unit":"","to":"hex:"}',
  setSteps: '{"op":"setSteps","unit":"","lost":1}',
  setControl: '{"op":"setControl","location":"hex:","to":""}',
  adjustResource: '{"op":"adjustResource","power":"","resource":"","by":0}',
  dieResult: '{"op":"dieResult","value":1,"purpose":""}',
  roll: '{"op":"roll","dice":1,"sides":6,"purpose":""}',
  setFlag: '{"op":"setFlag","flag":"","value":true}',
  clearAftermath: '{"op":"clearAftermath"}',
  endGame: '{"op":"endGame","text":""}',
};

export function ManualForm({ busy, onSend }: { busy: boolean; onSend: (a: Action) => void }) {
  const [text, setText] = useState(MANUAL_EXAMPLES.moveUnit);
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string>();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    try {
      const op = JSON.parse(text);
      setProblem(undefined);
      onSend({ type: 'manual', op, ...(note.trim() ? { note: note.trim() } : {}) });
    } catch (err) {
      setProblem(`Not JSON: ${messageOf(err)}`);
    }
  };
  return (
    <details className="play-manual">
      <summary>Manual adjudication</summary>
      <form onSubmit={submit} aria-label="Manual adjudication">
        <select aria-label="Kind of adjudication" onChange={(e) => setText(MANUAL_EXAMPLES[e.target.value] ?? text)} defaultValue="moveUnit">
          {Object.keys(MANUAL_EXAMPLES).map((k) => (
            <option key={k}>{k}</option>
          ))}
        </select>
        <textarea aria-label="Operation" rows={3} value={text} onChange={(e) => setText(e.target.value)} spellCheck={false} />
        <input aria-label="Note" placeholder="why (logged)" value={note} onChange={(e) => setNote(e.target.value)} />
        {problem && <p className="wb-error">{problem}</p>}
        <button type="submit" disabled={busy}>
          Apply by hand
        </button>
      </form>
    </details>
  );
}
