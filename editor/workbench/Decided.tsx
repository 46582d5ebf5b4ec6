'use client';
// "It decides …" under a conflict in the Rules view: each value the conflict decides, named, with the value the
// resolved ruleset (as drafted) has there and whether it is the chosen reading's, a link opening where it is written.
import { useEffect, useState } from 'react';
import type { ResolvedRuleset } from '@/engine';
import type { Rec } from '@/engine/json/record';
import { api } from './api';
import { chosenValue, decidedLabel, decidedPointers, decidedValue } from './decided';
import { elsewhereHref } from './elsewhere';
import type { DraftedView } from './workspace';

type Where = { document: string; line: number; column: number } | null;
const NOWHERE: ReadonlyMap<string, Where> = new Map();

/**
 * Where each pointer the conflicts decide is written in the ruleset as drafted, in one request for them all: asked
 * once the drafted ruleset is there and again whenever it is resolved again (as drafts are saved), not at each keystroke.
 */
export function useWhereIs({ drafted, ruleset }: Pick<DecidedProps, 'drafted' | 'ruleset'>, pointers: readonly string[]): ReadonlyMap<string, Where> {
  const [where, setWhere] = useState<ReadonlyMap<string, Where>>(NOWHERE);
  const key = [...new Set(pointers)].join('\n');
  const { rulesetId, overlay } = drafted;
  useEffect(() => {
    let live = true;
    const asked = key.split('\n');
    // A failed request keeps the places last had: the labels stay, as text where there are none.
    // Not before the drafted ruleset is there: the values need it too.
    if (key && ruleset) api.rulesets.whereIs.mutate({ id: rulesetId, documents: overlay(), pointers: asked }).then((at) => live && setWhere(new Map(asked.map((p, i) => [p, at[i]]))), () => {});
    return () => {
      live = false;
    };
  }, [rulesetId, overlay, ruleset, key]);
  return where;
}

export interface DecidedProps {
  ruleset: ResolvedRuleset | null;
  drafted: DraftedView;
  /** Opens a document of this ruleset at a line. */
  onJump: (path: string, line: number, column: number) => void;
}

/** `where`: useWhereIs's answer for the view's conflicts. */
export function Decided({ conflict, where, ruleset, drafted, onJump }: DecidedProps & { conflict: Rec; where: ReadonlyMap<string, Where> }) {
  const pointers = decidedPointers(conflict);
  if (pointers.length === 0) return null;
  const own = `${drafted.rulesetId}/`;
  return (
    <div className="meta wb-decided">
      It decides, in the resolved ruleset:
      <ul>
        {pointers.map((pointer) => {
          const label = decidedLabel(ruleset, pointer);
          const at = where.get(pointer);
          const value = ruleset ? decidedValue(ruleset, pointer) : undefined;
          const chosen = chosenValue(ruleset, conflict, pointer);
          return (
            <li key={pointer} data-testid="decided" data-pointer={pointer}>
              {!at ? (
                <code title={pointer}>{label}</code>
              ) : at.document.startsWith(own) ? (
                <button className="wb-link" title={`${pointer}, in ${at.document}:${at.line}`} onClick={() => onJump(at.document.slice(own.length), at.line, at.column)}>
                  {label}
                </button>
              ) : (
                // Written by the ruleset this one extends: opened in its workbench.
                <a className="wb-link" title={`${pointer}, in ${at.document}:${at.line}`} href={elsewhereHref(at.document, at.line, at.column)}>
                  {label}
                </a>
              )}
              {value && <>: {value.absent ? <span data-testid="decided-value">{value.text}</span> : <code data-testid="decided-value">{value.text}</code>}</>}
              {chosen && (
                <span className={chosen.agrees ? 'wb-agrees' : 'wb-disagrees'} data-testid="decided-agreement">
                  {chosen.agrees ? ' — as the chosen reading gives' : ` — but the chosen reading gives ${chosen.text}: switch the value or the choice`}
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
