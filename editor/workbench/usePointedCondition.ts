// What the condition a designer points at names on the board and whether it holds at the scenario's
// start: asked of the server, on the draft as it is, once the pointer rests on a condition.
import { useCallback, useEffect, useRef, useState } from 'react';
import { toPointer } from '@/engine/json/pointer';
import { api, messageOf } from './api';
import type { JSONPath } from '@/engine/json/edit';
import type { Highlight } from './ScenarioMap';

const SETTLE_MS = 80;

export function usePointedCondition(rulesetId: string, overlay: () => Record<string, string>, scenario: string | undefined) {
  const [highlight, setHighlight] = useState<Highlight & { pointer: string }>();
  const asked = useRef<string>(undefined);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const point = useCallback(
    (path: JSONPath, label: string) => {
      const pointer = toPointer(path);
      if (pointer === asked.current) return;
      asked.current = pointer;
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        const show = (match: Highlight['match']) => asked.current === pointer && setHighlight({ pointer, label, match });
        api.scenarioMap.match.mutate({ id: rulesetId, documents: overlay(), scenario, pointer }).then(show, (err: unknown) => show({ why: messageOf(err), named: [] }));
      }, SETTLE_MS);
    },
    [rulesetId, overlay, scenario],
  );

  const clear = useCallback(() => {
    asked.current = undefined;
    clearTimeout(timer.current);
    setHighlight(undefined);
  }, []);

  // Another scenario starts elsewhere: what was shown no longer holds for it.
  useEffect(clear, [scenario, clear]);
  useEffect(() => () => clearTimeout(timer.current), []);

  return { highlight, point, clear };
}
