'use client';
// What the tester answers or does by hand: a question the engine asks, and a task to adjudicate (free-form
// changes are the ManualForm's).
import { useEffect, useRef, useState, type FormEvent } from 'react';
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

/** A question the engine asks, with the action waiting on its answer (`waiting`, in the log's words), which the tester may withdraw instead. */
export function QuestionForm({ question, waiting, busy, onAnswer }: { question: Question; waiting?: string; busy: boolean; onAnswer: (a: Action) => void }) {
  // Nothing chosen at first, a die face least of all: an answer is the tester's, never a default.
  const [value, setValue] = useState('');
  const [remember, setRemember] = useState(false);
  // A question is what the game waits on: brought into view, its answer field focused, wherever the action was made (the form under the map, say).
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    form.current?.scrollIntoView({ block: 'nearest' });
    form.current?.querySelector<HTMLElement>('[aria-label="Answer"]')?.focus({ preventScroll: true });
  }, [question.key]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const v = question.expects === 'number' && value.trim() !== '' && Number.isFinite(Number(value)) ? Number(value) : value;
    onAnswer({ type: 'answer', key: question.key, value: v, ...(remember ? { remember: true } : {}) });
  };
  return (
    <form ref={form} className="play-prompt" onSubmit={submit} aria-label="Question">
      <PromptHead title="The engine asks" text={question.text} cite={question.cite} />
      {waiting && (
        <p className="meta" data-testid="question-waiting">
          Waiting on the answer: <strong>{waiting}</strong>
        </p>
      )}
      {question.choices?.length ? (
        <select aria-label="Answer" required value={value} onChange={(e) => setValue(e.target.value)}>
          <option value="" disabled>
            choose…
          </option>
          {question.choices.map((c) => (
            <option key={String(c)} value={String(c)}>
              {String(c)}
            </option>
          ))}
        </select>
      ) : (
        <input aria-label="Answer" required type={question.expects === 'number' ? 'number' : 'text'} step={question.whole ? 1 : 'any'} min={question.min} value={value} onChange={(e) => setValue(e.target.value)} />
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
