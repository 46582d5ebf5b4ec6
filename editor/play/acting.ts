// Who acts now, where the tester acts: the power whose turn a step is (each power takes its own production
// step), and a notice when another power acts than when the tester last acted. With "pass steps with nothing
// to do", one power's step may end by itself and the next power's begin between two of the tester's actions,
// so an "end step" meant for the first would end the second's.

/** Who the status says acts: the power (where the step is a power's) and the step's name. */
export interface Acting {
  power?: string;
  step?: string;
}

/** "Germany, Production": the power acting and its step, for the action list's heading; none where no power acts for its side. */
export function actingLabel(now: Acting, name: (id: string) => string): string | undefined {
  return now.power && `${name(now.power)}${now.step ? `, ${now.step}` : ''}`;
}

/**
 * The notice when another power acts now than did at the tester's last action; none when the same does, or
 * none does now, or the step is the one no power was named in (a choice in its middle, losses to take).
 */
export function powerChange(before: Acting | undefined, now: Acting, name: (id: string) => string): string | undefined {
  if (!before || !now.power || before.power === now.power || (!before.power && before.step === now.step)) return undefined;
  const ended = before.power ? `${name(before.power)}’s ${before.step ?? 'step'} is over` : `${before.step ?? 'The step'} is over`;
  const begun = before.power && before.step === now.step ? `${name(now.power)}’s has begun` : `${name(now.power)} acts now${now.step ? ` (${now.step})` : ''}`;
  return `${ended}: ${begun}. What you do next is for ${name(now.power)}.`;
}

/** What the status says the game waits for before a unit may move or attack (a choice in the middle of an action, a question, tasks). */
export interface Held {
  waiting?: string;
  question?: unknown;
  tasks: readonly unknown[];
}

/**
 * What the hint under the map says while the game waits on something else than a unit sent on the map (the defender
 * choosing support after an attack, losses to take, a question, tasks), in place of "click a hex to try an attack";
 * none when a unit may be sent.
 */
export function heldWords(now: Held): string | undefined {
  const until = 'no unit moves or attacks until then.';
  if (now.waiting) return `Waiting for ${now.waiting}. The actions list offers the choice; ${until}`;
  if (now.question) return `Waiting on the question the engine asks; ${until}`;
  if (now.tasks.length) return `Waiting on ${now.tasks.length === 1 ? 'the task' : `the ${now.tasks.length} tasks`} to adjudicate by hand; ${until}`;
}
