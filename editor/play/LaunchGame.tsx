'use client';
// "Launch test game" from the workbench: the draft as the designer sees it (unsaved texts included),
// a scenario, a seed, optional patch sets and who plays each side. A refusal stays in the dialog.
import { useState } from 'react';
import type { ResolvedRuleset } from '@/engine';
import { api } from '@/editor/workbench/api';
import { DialogActions, Modal } from '@/editor/workbench/Modal';
import { useFormAction } from '@/editor/workbench/useFormAction';
import './play.css';
import { PatchSetChecks } from './PatchSetChecks';
import { ScenarioSelect } from './ScenarioSelect';

type Player = 'human' | 'random' | 'greedy';

export function LaunchGame({ rulesetId, ruleset, overlay }: { rulesetId: string; ruleset: ResolvedRuleset | null; overlay: () => Record<string, string> }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)} disabled={!ruleset} title="Play the draft as it is now, saved or not">
        Launch test game
      </button>
      {open && ruleset && <LaunchDialog rulesetId={rulesetId} ruleset={ruleset} overlay={overlay} onClose={() => setOpen(false)} />}
    </>
  );
}

function LaunchDialog({ rulesetId, ruleset, overlay, onClose }: { rulesetId: string; ruleset: ResolvedRuleset; overlay: () => Record<string, string>; onClose: () => void }) {
  const scenarios = Object.entries(ruleset.scenarios ?? {});
  const sides = Object.entries(ruleset.sides ?? {});
  const patchSets = Object.entries(ruleset.optionalPatchSets ?? {});
  const [scenario, setScenario] = useState(scenarios[0]?.[0] ?? '');
  const [seed, setSeed] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  const [players, setPlayers] = useState<Record<string, Player>>({});
  const [manualDice, setManualDice] = useState(false);
  const [passEmptySteps, setPassEmptySteps] = useState(true);

  const { error, busy, submit } = useFormAction(async () => {
    const bots: Record<string, 'random' | 'greedy'> = {};
    for (const [side, p] of Object.entries(players)) if (p !== 'human') bots[side] = p;
    const { gameId } = await api.games.create.mutate({
      rulesetId,
      scenarioId: scenario || undefined,
      seed: seed.trim() === '' ? undefined : Number(seed),
      optionalPatchSets: patchSets.map(([id]) => id).filter((id) => chosen.includes(id)),
      documents: overlay(),
      bots,
      manualDice,
      passEmptySteps,
    });
    window.location.assign(`/rulesets/${rulesetId}/play/${gameId}`);
  });

  return (
    <Modal title="Launch test game" className="play-launch" onSubmit={submit} onClose={onClose}>
      <p className="meta">Plays the draft as you see it now, unsaved changes included. Earlier games: <a href={`/rulesets/${rulesetId}/play`}>test games of {rulesetId}</a>.</p>
      <ScenarioSelect scenarios={ruleset.scenarios ?? {}} value={scenario} onChange={setScenario} />
      <label>
        Seed <input aria-label="Seed" type="number" step={1} value={seed} placeholder="random" onChange={(e) => setSeed(e.target.value)} />
      </label>
      {patchSets.length > 0 && (
        <fieldset>
          <legend>Optional patch sets</legend>
          <PatchSetChecks patchSets={ruleset.optionalPatchSets ?? {}} chosen={chosen} onChange={setChosen} />
        </fieldset>
      )}
      <fieldset>
        <legend>Players</legend>
        {sides.map(([id, s]) => (
          <label key={id}>
            {s.name ?? id}
            <select aria-label={`Player of ${s.name ?? id}`} value={players[id] ?? 'human'} onChange={(e) => setPlayers((p) => ({ ...p, [id]: e.target.value as Player }))}>
              <option value="human">human</option>
              <option value="random">random bot</option>
              <option value="greedy">greedy bot</option>
            </select>
          </label>
        ))}
      </fieldset>
      <label className="play-check">
        <input type="checkbox" checked={manualDice} onChange={(e) => setManualDice(e.target.checked)} /> roll every die by hand
      </label>
      <label className="play-check" title="A step in which the engine offers a side played by a person nothing but ending it is ended at once; this can be changed during the game">
        <input type="checkbox" checked={passEmptySteps} onChange={(e) => setPassEmptySteps(e.target.checked)} /> pass steps with nothing to do
      </label>
      <DialogActions error={error} submit={busy ? 'Starting…' : 'Start game'} disabled={busy || !scenario} onCancel={onClose} />
    </Modal>
  );
}
