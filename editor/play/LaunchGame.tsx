'use client';
// "Launch test game" from the workbench: the draft as the designer sees it (unsaved texts included),
// a scenario, a seed, optional patch sets and who plays each side. A refusal stays in the dialog.
import { useEffect, useState } from 'react';
import type { ResolvedRuleset } from '@/engine';
import { api, messageOf } from '@/editor/workbench/api';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@/server/router';
import { counted } from '@/engine/words';
import { readSeed } from '@/engine/seed';
import { DialogActions, Modal } from '@/editor/workbench/Modal';
import { useFormAction } from '@/editor/workbench/useFormAction';
import './play.css';
import { AppliedPatchSets } from './AppliedPatchSets';
import { PLAYERS, type Player } from './player-words';
import { PatchSetChecks } from './PatchSetChecks';
import { ScenarioSelect } from './ScenarioSelect';

type LeftToTester = inferRouterOutputs<AppRouter>['games']['leftToTester'];

/** Opens a document of the ruleset at a line: where an error the dialog names is fixed. */
type Jump = (path: string, line: number, column: number) => void;

/** `preferred` names the scenario the dialog starts on (that of the document open), when the ruleset has it. */
export function LaunchGame({ rulesetId, ruleset, overlay, onJump, preferred }: { rulesetId: string; ruleset: ResolvedRuleset | null; overlay: () => Record<string, string>; onJump: Jump; preferred: () => string | undefined }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      {/* A disabled button shows no tooltip of its own in every browser: its wrapper says why. */}
      <span title={ruleset ? undefined : 'The draft does not resolve to a ruleset (a document is not JSON, or the manifest cannot be read): the problems list names what to fix'}>
        <button type="button" onClick={() => setOpen(true)} disabled={!ruleset} title="Play the draft as it is now, saved or not">
          Launch test game
        </button>
      </span>
      {open && ruleset && <LaunchDialog rulesetId={rulesetId} ruleset={ruleset} overlay={overlay} onJump={onJump} preferred={preferred} onClose={() => setOpen(false)} />}
    </>
  );
}

function LaunchDialog({ rulesetId, ruleset, overlay, onJump, preferred, onClose }: { rulesetId: string; ruleset: ResolvedRuleset; overlay: () => Record<string, string>; onJump: Jump; preferred: () => string | undefined; onClose: () => void }) {
  const scenarios = Object.entries(ruleset.scenarios ?? {});
  const sides = Object.entries(ruleset.sides ?? {});
  const patchSets = Object.entries(ruleset.optionalPatchSets ?? {});
  const [scenario, setScenario] = useState(() => {
    const open = preferred();
    return open && Object.hasOwn(ruleset.scenarios ?? {}, open) ? open : (scenarios[0]?.[0] ?? '');
  });
  const [seed, setSeed] = useState('');
  const typed = readSeed(seed);
  const [chosen, setChosen] = useState<string[]>([]);
  const [players, setPlayers] = useState<Record<string, Player>>({});
  const [manualDice, setManualDice] = useState(false);
  const [passEmptySteps, setPassEmptySteps] = useState(true);

  // What the server last said, kept (dimmed) while the choices are read again, so that nothing shifts under the pointer;
  // `reading` until it answers for the choices made, nothing started meanwhile.
  const [left, setLeft] = useState<LeftToTester | { error: string }>();
  const [reading, setReading] = useState(true);
  // The patch sets always applied, as last read: kept through a refusal too.
  const [applied, setApplied] = useState<Pick<LeftToTester, 'errata' | 'variantPatchSets'>>();
  // What stops a game, else what it would leave to the tester, for the scenario (if any) and patch sets chosen.
  useEffect(() => {
    let live = true;
    setReading(true);
    const answer = (l: LeftToTester | { error: string }) => {
      if (!live) return;
      setLeft(l);
      setReading(false);
      if (!('error' in l)) setApplied(l);
    };
    api.games.leftToTester.mutate({ rulesetId, scenarioId: scenario || undefined, optionalPatchSets: chosen, documents: overlay() }).then(answer, (err: unknown) => answer({ error: messageOf(err) }));
    return () => {
      live = false;
    };
  }, [rulesetId, scenario, chosen, overlay]);

  // Gaps only a person settles stop a bot: said as soon as one is chosen, with the patch sets that might fill them.
  const botGaps = Object.values(players).some((p) => p !== 'person') && left && 'errors' in left ? left.botGaps : 0;
  const unchosen = patchSets.filter(([id]) => !chosen.includes(id)).map(([, set]) => `“${set.title}”`);

  const { error, busy, submit } = useFormAction(async () => {
    const bots: Record<string, 'random' | 'greedy'> = {};
    for (const [side, p] of Object.entries(players)) if (p !== 'person') bots[side] = p;
    const { gameId } = await api.games.create.mutate({
      rulesetId,
      scenarioId: scenario || undefined,
      seed: typed.seed,
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
      {(applied || !left) && (
        <p className="meta" data-testid="launch-applied">
          Always applied: {applied ? <AppliedPatchSets errata={applied.errata} variantPatchSets={applied.variantPatchSets} /> : '…'}.
        </p>
      )}
      <ScenarioSelect scenarios={ruleset.scenarios ?? {}} value={scenario} onChange={setScenario} />
      <label>
        Seed <input aria-label="Seed" inputMode="numeric" value={seed} placeholder="random" onChange={(e) => setSeed(e.target.value)} aria-invalid={typed.wrong ? true : undefined} aria-describedby={typed.wrong ? 'play-seed-wrong' : undefined} />
      </label>
      {typed.wrong && (
        <p className="wb-error" id="play-seed-wrong" data-testid="launch-seed-wrong">
          {typed.wrong}
        </p>
      )}
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
            <select aria-label={`Player of ${s.name ?? id}`} value={players[id] ?? 'person'} onChange={(e) => setPlayers((p) => ({ ...p, [id]: e.target.value as Player }))}>
              {PLAYERS.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.label}
                </option>
              ))}
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
      {!scenario && (
        <p className="wb-error" data-testid="launch-blocked">
          A game starts from a scenario, and this ruleset has none yet: write one in a setup document (its start turn and placements).
        </p>
      )}
      <Blocking rulesetId={rulesetId} left={left} onJump={(path, line, column) => (onClose(), onJump(path, line, column))} />
      {botGaps > 0 && (
        <p className="wb-error" data-testid="launch-bot-gaps">
          A bot cannot take a side: the ruleset has {counted(botGaps, 'gap')} a game meets that only a person can settle
          {unchosen.length ? `; choose ${unchosen.join(' or ')} above to fill them, or let people play every side` : '; let people play every side'}.
        </p>
      )}
      {scenario && !blocked(left) && <LeftToTesterNote left={left} reading={reading} />}
      <DialogActions error={error} submit={busy ? 'Starting…' : 'Start game'} disabled={busy || reading || !scenario || blocked(left) || botGaps > 0 || typed.wrong !== undefined} onCancel={onClose} />
    </Modal>
  );
}

const blocked = (left: LeftToTester | { error: string } | undefined) => !!left && 'errors' in left && left.errors > 0;

/** The errors games.create would refuse the game for, each opening its place in the workbench (one in the ruleset extended, that ruleset's). */
function Blocking({ rulesetId, left, onJump }: { rulesetId: string; left: LeftToTester | { error: string } | undefined; onJump: Jump }) {
  if (!left || !('errors' in left) || left.errors === 0) return null;
  const prefix = `${rulesetId}/`;
  return (
    <section className="play-blocked" data-testid="launch-blocked" aria-label="What stops a game">
      <p className="wb-error">
        A game cannot start: the ruleset has {counted(left.errors, 'error')}, to fix first{left.errors > left.blocking.length ? ` (the first ${left.blocking.length} here, all under Problems)` : ''}:
      </p>
      <ul>
        {left.blocking.map((d, i) => {
          const where = `${d.document}:${d.line}:${d.column}`;
          const own = d.document.startsWith(prefix);
          const [base, ...rest] = d.document.split('/');
          return (
            <li key={`${where} ${i}`}>
              {own ? (
                <button type="button" className="wb-link" onClick={() => onJump(d.document.slice(prefix.length), d.line, d.column)}>
                  {where}
                </button>
              ) : (
                <a href={`/rulesets/${base}?doc=${encodeURIComponent(rest.join('/'))}&line=${d.line}&column=${d.column}`}>{where}</a>
              )}{' '}
              {d.message}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** What the game leaves to the tester: the work the engine does not do, named; what it only reminds of, counted and listed on request. */
function LeftToTesterNote({ left, reading }: { left: LeftToTester | { error: string } | undefined; reading: boolean }) {
  if (!left) return <p className="meta">Reading what the game leaves to you…</p>;
  // Read again for new choices: the last answer stays in its place, dimmed, until the new one comes.
  if (reading) return <div className="play-reading" aria-busy="true" title="Reading what the game leaves to you for these choices…"><LeftToTesterNote left={left} reading={false} /></div>;
  if ('error' in left) return <p className="meta">What the game leaves to you cannot be read: {left.error}</p>;
  if (!left.byHand.length && !left.reminded.length) return <p className="meta" data-testid="left-to-tester">The engine plays every step of this scenario: nothing is left to you but your moves.</p>;
  // The steps it comes in, unless its text begins with the one step's name already.
  const item = (e: LeftToTester['byHand'][number]) => (
    <li key={`${e.pointer} ${e.text}`} title={e.pointer}>
      {e.text}
      {!(e.steps.length === 1 && e.text.startsWith(e.steps[0])) && <span className="meta"> ({e.steps.join(', ')})</span>}
    </li>
  );
  return (
    <section className="play-left" data-testid="left-to-tester" aria-label="Left to the tester">
      {left.byHand.length > 0 && (
        <>
          <p>
            <strong>Left to you, the tester</strong> (the game asks you to adjudicate these by hand, with manual actions, and bots play none of them):
          </p>
          <ul>{left.byHand.map(item)}</ul>
        </>
      )}
      {left.reminded.length > 0 && (
        <details>
          <summary>
            {counted(left.reminded.length, 'reminder')} as play goes on (special rules and manual parts of the models the engine does not apply)
          </summary>
          <ul>{left.reminded.map(item)}</ul>
        </details>
      )}
    </section>
  );
}
