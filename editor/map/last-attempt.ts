'use client';
// A map page says what its last attempt at an edit did, or why it was refused, and nothing older: each attempt (a
// stroke, a form sent, an undo) is counted as it begins, and what is said of one (the status line, a problem, a form's
// refusal) is shown until the next begins.
import { createContext, useCallback, useContext, useMemo, useRef, useState } from 'react';

export interface Attempts {
  /** The attempt under way, or the last made. */
  latest: number;
  /** Begins an attempt: what was said of the others goes. */
  begin(): void;
  /** The attempt under way, read when something is said of it (after an await, say). */
  current(): number;
}

/** Outside a map page (or before one provides its own) nothing is ever left behind: all said stays until replaced. */
export const AttemptsContext = createContext<Attempts>({ latest: 0, begin: () => {}, current: () => 0 });

/** A map page's attempts, for it to provide (AttemptsContext) to its forms. */
export function useAttempts(): Attempts {
  const count = useRef(0);
  const [latest, setLatest] = useState(0);
  const begin = useCallback(() => setLatest(++count.current), []);
  const current = useCallback(() => count.current, []);
  return useMemo(() => ({ latest, begin, current }), [latest, begin, current]);
}

/**
 * What is said of the attempt under way, shown while it is the latest; `lasting` keeps what must stay whatever comes
 * after (a save that met a newer version, until a reload).
 */
export function useSaid<T>(attempts: Attempts, lasting?: (said: T) => boolean): [T | undefined, (said?: T) => void] {
  const [said, setSaid] = useState<{ value: T; at: number }>();
  const { current } = attempts;
  const say = useCallback((value?: T) => setSaid(value === undefined ? undefined : { value, at: current() }), [current]);
  return [said && (said.at === attempts.latest || lasting?.(said.value)) ? said.value : undefined, say];
}

/** A form's refusal on a map page: `attempt` as it is sent, then what was wrong, said until another attempt begins. */
export function useRefusal() {
  const attempts = useContext(AttemptsContext);
  const [error, setError] = useSaid<string>(attempts);
  return { error, setError, attempt: attempts.begin };
}
