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

/** Where each pointer is written in the ruleset as drafted: asked again whenever the drafted ruleset is (as drafts are saved), not at each keystroke. */
function useWhereIs(drafted: DraftedView, ruleset: ResolvedRuleset | null, pointers: readonly string[]): readonly Where[] {
  const [where, setWhere] = useState<{ key: string; at: Where[] }>();
  const key = pointers.join('\n');
  const { rulesetId, overlay } = drafted;
  useEffect(() => {
    let live = true;
    // A failed request keeps the places last had: the labels stay, as text where there are none.
    if (key) api.rulesets.whereIs.mutate({ id: rulesetId, documents: overlay(), pointers: key.split('\n') }).then((at) => live && setWhere({ key, at }), () => {});
    return () => {
      live = false;
    };
  }, [rulesetId, overlay, ruleset, key]);
  return where?.key === key ? where.at : [];
}

export interface DecidedProps {
  ruleset: ResolvedRuleset | null;
  drafted: DraftedView;
  /** Opens a document of this ruleset at a line. */
  onJump: (path: string, line: number, column: number) => void;
}

export function Decided({ conflict, ruleset, drafted, onJump }: DecidedProps & { conflict: Rec }) {
  const pointers = decidedPointers(conflict);
  const where = useWhereIs(drafted, ruleset, pointers);
  if (pointers.length === 0) return null;
  const own = `${drafted.rulesetId}/`;
  return (
    <div className="meta wb-decided">
      It decides, in the resolved ruleset:
      <ul>
        {pointers.map((pointer, k) => {
          const label = decidedLabel(ruleset, pointer);
          const at = where[k];
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
