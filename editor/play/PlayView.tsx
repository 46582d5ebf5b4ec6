'use client';
// A test game in play: the board with its counters, where the sequence stands, the legal actions of
// the side to act, the play-by-play with every die and table explained, undo, the tester's prompts.
// Everything comes from the server, so a reload resumes the game exactly.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTRPC } from '@/editor/TrpcProvider';
import { downloadGameFile, downloadPlayByPlay } from './game-file';
import { GameOver } from './GameOver';
import './play.css';
import { queryParam, setQuery } from '@/editor/url';
import { api, messageOf } from '@/editor/workbench/api';
import type { Action, GameEvent, LogEntry, Refusal } from '@/engine/game';
import type { AppRouter } from '@/server/router';
import { provisionalAt } from '@/engine/provenance';
import { capitalize, counted, possessive } from '@/engine/words';
import { actingLabel, heldWords, powerChange, type Acting } from './acting';
import { ActionList } from './ActionList';
import { Board } from './Board';
import { countersOf, namesOf, type Counter } from './counters';
import { powerColors } from './power-colors';
import { EventList, type NoteOf } from './EventDetail';
import { AppliedPatchSets } from './AppliedPatchSets';
import { Rulings } from './Rulings';
import { playedFromWords } from './source-words';
import { EntryNotes, HistoryBar, Log, LOG_SHOWN, type Note } from './Log';
import { attacksAt, destinationsOf, drawn, groupDestinations, locationsOf, type Holder, type PlayMarks, type UnitDrag } from './marks';
import { ManualForm } from './ManualForm';
import { Players, type Player } from './Players';
import { RemoveNoteDialog, UndoDialog } from './PlayConfirm';
import { QuestionForm, TaskForm } from './Prompts';
import { Locations, TryMove } from './UnitPickers';
import { describe, lapseNote, locLabel, stocksLine, whereIs } from './words';

type GameView = inferRouterOutputs<AppRouter>['games']['state'];

export function PlayView({ rulesetId, gameId }: { rulesetId: string; gameId: string }) {
  const trpc = useTRPC();
  const game = useQuery(trpc.games.state.queryOptions({ gameId }, { refetchOnWindowFocus: false, retry: false }));
  // A game opened under another ruleset's address is shown under its own, as its links are.
  const own = game.data?.rulesetId;
  useEffect(() => {
    if (own && own !== rulesetId) window.history.replaceState(null, '', `/rulesets/${encodeURIComponent(own)}/play/${encodeURIComponent(gameId)}${window.location.search}`);
  }, [own, rulesetId, gameId]);
  if (game.error) {
    return (
      <p className="error">
        Could not open game {gameId}: {game.error.message} · <a href={`/rulesets/${encodeURIComponent(rulesetId)}/play`}>test games of {rulesetId}</a> · <a href="/">library</a>
      </p>
    );
  }
  if (!game.data) return <p className="play-note">Opening game {gameId}…</p>;
  return <Game g={game.data} />;
}

function Game({ g }: { g: GameView }) {
  const { rulesetId } = g;
  const trpc = useTRPC();
  const qc = useQueryClient();
  // The ruleset the game was created from (names, colours, sides), as its map is.
  const ruleset = useQuery(trpc.games.ruleset.queryOptions({ gameId: g.gameId }, { refetchOnWindowFocus: false, staleTime: Infinity }));
  const board = useQuery({ ...trpc.games.map.queryOptions({ gameId: g.gameId }), refetchOnWindowFocus: false, staleTime: Infinity, retry: false });
  const r = ruleset.data;
  const sides = Object.keys(r?.sides ?? {}).length ? Object.keys(r?.sides ?? {}) : [...new Set(Object.values(g.state.powers).map((p) => p.side).filter((s): s is string => !!s))];
  const [chosenSide, setChosenSide] = useState<string>();
  const side = chosenSide && sides.includes(chosenSide) ? chosenSide : (g.status.sides[0] ?? sides[0]);
  // Once the game moves on, a side picked that is not to act gives way to the side that is: one playing both
  // sides is not left on a side with nothing to do.
  const acting = g.status.sides.join(' ');
  useEffect(() => setChosenSide((chosen) => (chosen && acting && !acting.split(' ').includes(chosen) ? undefined : chosen)), [g.logLength, acting]);
  const legal = useQuery({ ...trpc.games.legalActions.queryOptions({ gameId: g.gameId, side: side ?? '' }), enabled: !!side, refetchOnWindowFocus: false });
  /** The last action refused, and the log's length when it was: shown only while the game still has that length (not once anything is played). */
  const [refusal, setRefusal] = useState<Refusal & { action?: string; logLength: number }>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [selected, setSelected] = useState<string>();
  /** The tester picks a unit (or none): a refusal of what was tried before is done with. */
  const choose = useCallback((unit?: string) => {
    setSelected(unit);
    setRefusal(undefined);
  }, []);
  /** Units chosen to move with the selected one (its stack moved together): only while that unit stays selected. */
  const [together, setTogether] = useState<{ with: string; units: string[] }>();
  /** What the tester's last change did, and the log's length it left: shown only while the game still has that length (not after an undo elsewhere). */
  const [last, setLast] = useState<{ events: GameEvent[]; logLength: number }>();
  const setLastEvents = useCallback((events: GameEvent[], logLength: number) => setLast({ events, logLength }), []);
  const [pointed, setPointed] = useState<Action>();
  /** What the bots did when last let play. */
  const [botsNote, setBotsNote] = useState<string>();
  /** Who acted when the tester last changed the game: the page says when another power acts since. */
  const [actedAs, setActedAs] = useState<Acting>();
  // A position in the game's history (the log's length then), shown read only; undefined for the present.
  const [viewAt, setViewAt] = useState<number | undefined>(() => {
    const at = Number(queryParam('at'));
    return Number.isInteger(at) && at >= 1 ? at : undefined;
  });
  const viewing = viewAt !== undefined && viewAt < g.logLength ? viewAt : undefined;
  const past = useQuery({ ...trpc.games.state.queryOptions({ gameId: g.gameId, at: viewing ?? 1 }, { refetchOnWindowFocus: false }), enabled: viewing !== undefined });
  const shown = viewing !== undefined && past.data?.logLength === viewing ? past.data : g;
  // The play-by-play: its last entries, back to the one viewed when older, or all of it when asked.
  const [wholeLog, setWholeLog] = useState(false);
  const logFrom = wholeLog ? 0 : Math.max(0, Math.min(g.logLength - LOG_SHOWN, (viewing ?? Infinity) - 1));
  const log = useQuery({ ...trpc.games.log.queryOptions({ gameId: g.gameId, from: logFrom }, { refetchOnWindowFocus: false }), placeholderData: (previous) => previous });
  // After a reload (nothing done on this page yet), the newest entry's events.
  const newest = (log.data?.entries as LogEntry[] | undefined)?.at(-1);
  const lastEvents = last ? (last.logLength === g.logLength ? last.events : []) : newest && newest.seq > 0 && newest.seq === g.logLength - 1 ? newest.events : [];
  const notes = useQuery(trpc.games.notes.queryOptions({ gameId: g.gameId }, { refetchOnWindowFocus: false }));
  const view = useCallback((at: number | undefined) => {
    setViewAt(at);
    setQuery({ at: at === undefined ? undefined : String(at) });
    setSelected(undefined);
    setPointed(undefined);
  }, []);

  const colorOf = useMemo(() => powerColors(r), [r]);
  // Who holds a location: its control record, else (an area) its country's power; a side in its own colour.
  const control = shown.state.control;
  const holderOf = useCallback(
    (at: string): Holder | undefined => {
      const country = at.startsWith('area:') ? r?.map?.areas?.[at.slice(5)]?.country : undefined;
      const id = control[at] ?? (country ? r?.map?.countries?.[country]?.power : undefined);
      if (!id) return undefined;
      const side = r?.sides?.[id];
      return { id, name: side?.name ?? r?.powers?.[id]?.name ?? id, color: side?.color ?? colorOf(id) };
    },
    [control, r, colorOf],
  );
  const noteOf = useCallback<NoteOf>((pointer) => (r ? provisionalAt(r, pointer)?.note : undefined), [r]);
  const combatModel = useCallback((combat: string) => r?.mechanics?.combat?.[combat]?.model, [r]);
  // What the position shows the side in view beyond the counters, when the tester asks (the present
  // only), offered where the ruleset has the model.
  const zoned = !!r?.mechanics?.zoc;
  const supplied = !!r?.mechanics?.supply;
  const [showZones, setShowZones] = useState(false);
  const [showSupply, setShowSupply] = useState(false);
  const seen = useQuery({ ...trpc.games.overview.queryOptions({ gameId: g.gameId, side: side ?? '' }, { refetchOnWindowFocus: false }), enabled: !!side && viewing === undefined && (showZones || showSupply) });
  const overview = viewing === undefined ? seen.data : undefined;
  const unsupplied = useMemo(() => (showSupply && overview ? new Set(overview.unsupplied) : undefined), [showSupply, overview]);
  const placed = useQuery(trpc.games.provisionalPlacements.queryOptions({ gameId: g.gameId }, { refetchOnWindowFocus: false, staleTime: Infinity })).data;
  const counters = useMemo(() => countersOf(shown.state, colorOf, r, { unsupplied, placed }), [shown.state, colorOf, r, unsupplied, placed]);
  const counterById = useMemo(() => new Map(counters.map((c) => [c.id, c])), [counters]);
  /** A unit as the engine's events name it ("1st Armor (Germany)"); an id no unit has, as it is. */
  const nameOf = useMemo(() => namesOf(counters), [counters]);
  /** An action in words: its units by their names, its areas and boxes by the map's. */
  const said = useCallback((a: Action) => describe(a, nameOf, r?.map), [nameOf, r?.map]);
  const byLocation = useMemo(() => {
    const m = new Map<string, Counter[]>();
    for (const c of counters) m.set(c.at, [...(m.get(c.at) ?? []), c]);
    return m;
  }, [counters]);

  const refresh = useCallback(() => qc.invalidateQueries({ queryKey: trpc.games.pathKey() }), [qc, trpc]);

  const { power, step } = g.status;
  /**
   * Sends a change to the game: busy meanwhile, the game read again after it (a failure shown as the
   * error); what `send` returns runs once the page shows the new position. Who acted then is kept.
   */
  const change = useCallback(
    async (send: () => Promise<(() => void) | void>) => {
      setBusy(true);
      setError(undefined);
      setActedAs({ power, step });
      try {
        const after = await send();
        await refresh();
        after?.();
      } catch (err) {
        // The page read a position the game has left (an undo elsewhere): what it last did is no longer the game's,
        // and it shows the game as it stands once read again.
        const moved = (err as { data?: { code?: string } } | undefined)?.data?.code === 'CONFLICT';
        setError(moved ? `${messageOf(err).replace(/: reload it$/, '')}: the game changed elsewhere, and the page now shows it as it stands; nothing was done` : messageOf(err));
        setLast(undefined);
        await refresh();
      } finally {
        setBusy(false);
      }
    },
    [refresh, power, step],
  );

  /**
   * Makes actions in turn, all or none (one, or a stack's moves); resolves true when the engine took them.
   * A refusal names the action refused, and, of several, that none was made.
   */
  const act = useCallback(
    async (action: Action | Action[], what?: string) => {
      const actions = Array.isArray(action) ? action : [action];
      let taken = false;
      await change(async () => {
        setBotsNote(undefined);
        const result = await api.games.actAll.mutate({ gameId: g.gameId, actions, expectedLogLength: g.logLength });
        if (result.ok) {
          setLastEvents(result.events as GameEvent[], result.logLength);
          if (result.botsHeld) setBotsNote('The bots wait: you acted in their place. They play on when you let them.');
          taken = true;
        } else {
          // An answer whose action is then refused: the refusal is the action's, withdrawn, a ruling kept logged before it.
          const refused = result.withdrawn
            ? `${said(result.withdrawn as Action)} (withdrawn once answered${(result.logLength ?? 0) > g.logLength ? '; the ruling you kept stands' : ''})`
            : actions.length > 1
              ? `${said(actions[result.index])} (${result.index + 1} of ${actions.length} moves made together: none was made)`
              : (what ?? said(actions[0]));
          setRefusal({ ...result.refusal, action: refused, logLength: result.logLength ?? g.logLength });
        }
      });
      return taken;
    },
    [change, g.gameId, g.logLength, said, setLastEvents],
  );

  // The position now, in a game not over: the only one a click on the map, or a form, makes an action in (a finished game refuses them all).
  const live = viewing === undefined && !g.status.over;
  // Bot sides to act now: after an undo into their turn, or where their last run stopped at its cap.
  const botsToAct = live ? g.status.sides.filter((id) => g.bots[id]) : [];
  // What the bots are asked to do while they play (a run to the end takes seconds): said beside the buttons.
  const [botsPlaying, setBotsPlaying] = useState<string>();
  const letBotsPlay = async (toEnd: boolean) => {
    setBotsPlaying(toEnd ? 'The bots are playing the game out…' : `The bots are playing (at most ${g.botActionsPerRun} actions)…`);
    await change(async () => {
      const run = await api.games.botsPlay.mutate({ gameId: g.gameId, expectedLogLength: g.logLength, toEnd });
      setLastEvents(run.events as GameEvent[], run.logLength);
      return () => setBotsNote(`The bots made ${counted(run.actions, 'action')}${run.halt ? ` and stopped: ${haltText(run.halt, sideName)}` : ''}.`);
    });
    setBotsPlaying(undefined);
  };

  // Turned on, the sides played by people pass at once the steps they can do nothing in, from here on.
  const setPassing = (pass: boolean) =>
    change(async () => {
      const run = await api.games.passEmptySteps.mutate({ gameId: g.gameId, pass, expectedLogLength: g.logLength });
      if (run.actions) setLastEvents(run.events as GameEvent[], run.logLength);
    });

  // A side handed to a person or a bot: nothing is played by it; a bot now to act plays when let.
  const setPlayer = (side: string, player: Player) =>
    change(async () => {
      await api.games.setPlayer.mutate({ gameId: g.gameId, side, player, expectedLogLength: g.logLength });
      setBotsNote(undefined);
    });

  // A download changes nothing: the game is not read again after it, and only a failure is shown.
  const download = (save: () => Promise<void>) => {
    setError(undefined);
    save().catch((err) => setError(messageOf(err)));
  };

  // The side in view waits to place units, and may leave them to chance: each goes where it may, drawn at random, as logged placements.
  const placing = viewing === undefined && g.status.sides.includes(side) && !!legal.data?.actions.length && legal.data.actions.every((a) => a.action.type === 'place');
  const placeTheRest = () =>
    change(async () => {
      const run = await api.games.placeRest.mutate({ gameId: g.gameId, side, expectedLogLength: g.logLength });
      setLastEvents(run.events as GameEvent[], run.logLength);
      return () => setBotsNote(`${counted(run.actions, 'unit')} placed at random.`);
    });

  // A note is the tester's own writing: saved at once, deleted only when asked (or with its entry, on undo).
  const addNote = async (seq: number, text: string) => {
    let saved = false;
    await change(async () => {
      await api.games.addNote.mutate({ gameId: g.gameId, seq, text });
      saved = true;
    });
    return saved;
  };
  // Each asked first in a dialog naming what goes (see PlayConfirm); the dialog closes as the change starts.
  const [asking, setAsking] = useState<{ undoTo: number } | { note: Note }>();
  const removeNote = (note: Note) => change(async () => void (await api.games.removeNote.mutate({ gameId: g.gameId, noteId: note.id })));
  const undo = (toLogLength: number) =>
    change(async () => {
      await api.games.undo.mutate({ gameId: g.gameId, toLogLength });
      setLast(undefined);
      setBotsNote(undefined);
    });

  // A unit waiting to be set up is placed there; in a combat step, one sent at a place attacks it, alone, in the combat
  // of an attack listed there (else the step's first), so a refusal says why it may not; any other is moved.
  const tryMove = useCallback(
    (unit: string, to: string, rail = false) => {
      const u = g.state.units[unit];
      const moverSide = (u && g.state.powers[u.power]?.side) ?? side ?? '';
      const attackThere = legal.data?.actions.find((a) => a.action.type === 'attack' && a.action.target === to)?.action;
      const combat = attackThere?.type === 'attack' ? attackThere.combat : g.status.combats[0];
      const move: Action =
        u?.at === 'unplaced' ? { type: 'place', side: moverSide, unit, at: to }
        : combat !== undefined ? { type: 'attack', side: moverSide, combat, target: to, units: [unit] }
        : rail ? { type: 'move', side: moverSide, unit, to, rail }
        : { type: 'move', side: moverSide, unit, to };
      void act(move, move.type === 'attack' ? `${said(move)} with ${nameOf(unit)}` : said(move));
    },
    [act, g.state, g.status.combats, legal.data, side, said, nameOf],
  );
  // Where the selected unit may go by the actions listed: a click there makes that action, anywhere else tries a move.
  const gapOfSelected = selected && viewing === undefined ? legal.data?.waiting.find((w) => w.units.includes(selected)) : undefined;
  const destinations = useMemo(() => (selected && viewing === undefined && legal.data ? destinationsOf(legal.data.actions, selected) : undefined), [selected, viewing, legal.data]);
  // The units at the selected one's place on the map that may move with it: those of the side in view with a move listed, as it has.
  const stackmates = useMemo(() => {
    const listed = legal.data?.actions;
    const at = selected && viewing === undefined && listed ? g.state.units[selected]?.at : undefined;
    const moves = (unit: string) => groupDestinations(listed!, [unit]).size > 0;
    return at && drawn(at).length && moves(selected!) ? (byLocation.get(at) ?? []).filter((c) => c.id !== selected && moves(c.id)).map((c) => c.id) : [];
  }, [selected, viewing, legal.data, g.state, byLocation]);
  const companions = useMemo(() => (selected && together?.with === selected ? together.units.filter((u) => stackmates.includes(u)) : []), [selected, together, stackmates]);
  // Where they may all go together, by their moves listed, when some go with the selected unit.
  const groupReach = useMemo(() => (selected && companions.length && legal.data ? groupDestinations(legal.data.actions, [selected, ...companions]) : undefined), [selected, companions, legal.data]);
  // `overland`: not by rail, where the list has a rail move there (the form's "by rail" unticked).
  const onLocation = useCallback(
    (at: string, overland = false) => {
      if (!live || !selected) return;
      if (companions.length) {
        // Only where every unit ticked has a move listed: one unit's move elsewhere could open the way for the rest
        // (an invasion, a hex taken), which a click on an unmarked place should not set off for a stack.
        if (!groupReach?.has(at)) {
          setRefusal({ code: 'not-listed', message: `not every unit ticked has a move listed to ${locLabel(at, nameOf, r?.map)}: click a place marked green, or move them one at a time`, cite: { pointer: '' }, action: `move of ${[selected, ...companions].map(nameOf).join(', ')}`, logLength: g.logLength });
          return;
        }
        const moverSide = g.state.powers[g.state.units[selected]?.power ?? '']?.side ?? side;
        void act([selected, ...companions].map((unit): Action => ({ type: 'move', side: moverSide, unit, to: at })));
        return;
      }
      const listed = destinations?.get(at);
      if (listed && !(overland && (listed.action as { rail?: boolean }).rail)) void act(listed.action as Action, listed.label);
      else tryMove(selected, at);
    },
    [live, selected, companions, groupReach, destinations, act, tryMove, g.state, side, nameOf, r?.map],
  );
  // In a step that runs combats, a unit sent at a place attacks it (tryMove).
  const attacking = live && g.status.combats.length > 0;
  // A click on a counter standing where the selected unit may go goes there (to join the stack), as does one on an
  // enemy's counter in a step that runs combats (an attack there); any other picks that unit.
  const onPickUnit = useCallback(
    (unit: string) => {
      const at = g.state.units[unit]?.at;
      const target = attacking ? attacksAt(g.state, selected, unit) : undefined;
      if (target !== undefined) onLocation(target);
      else if (unit !== selected && at !== undefined && (groupReach ?? destinations)?.has(at)) onLocation(at);
      else choose(unit);
    },
    [g.state, selected, attacking, groupReach, destinations, onLocation, choose],
  );

  const s = shown.status;
  // While the game waits on a choice (the defender's support after an attack, losses), a question or tasks, the hint under the map says so.
  const held = live ? heldWords(s) : undefined;
  // A counter dragged to a place tries what a click on it and then on the place does: only where a move can be
  // made now, a unit on the map of a side to act in a movement step (elsewhere a drag pans the map, as before).
  const drag = useMemo(
    (): UnitDrag => ({
      can: (unit) => {
        const u = g.state.units[unit];
        const owner = u && g.state.powers[u.power]?.side;
        return live && !held && g.status.procedure === 'movement' && !!owner && g.status.sides.includes(owner) && drawn(u.at).length > 0;
      },
      start: choose,
      drop: (unit, at) => {
        if (at !== undefined && at !== g.state.units[unit]?.at) onLocation(at);
      },
    }),
    [g.state, g.status, live, held, choose, onLocation],
  );
  const viewedEntry = viewing !== undefined ? (log.data?.entries as LogEntry[] | undefined)?.find((e) => e.seq === viewing - 1) : undefined;
  // The locations of the action pointed at in the list, or in the history of the entry viewed.
  const marks = useMemo((): PlayMarks => {
    const action: PlayMarks = pointed ? locationsOf(pointed, g.state) : viewedEntry ? locationsOf(viewedEntry.action, shown.state) : {};
    if (showZones && overview) action.zones = new Set(overview.zones);
    if (groupReach) return { ...action, reach: groupReach };
    if (!destinations) return action;
    const byRail = (at: string) => (destinations.get(at)?.action as { rail?: boolean }).rail === true;
    const places = [...destinations.keys()];
    return { ...action, reach: new Set(places.filter((at) => !byRail(at))), rail: new Set(places.filter(byRail)) };
  }, [pointed, g.state, viewedEntry, shown.state, destinations, groupReach, showZones, overview]);
  // An unplaced unit with no placement listed: whose units are placed now, for the tester to read before trying.
  const placingNow = useMemo(() => {
    if (!selected || destinations?.size || g.state.units[selected]?.at !== 'unplaced') return undefined;
    const powers = new Set((legal.data?.actions ?? []).flatMap(({ action }) => (action.type === 'place' ? [g.state.units[action.unit]?.power] : [])));
    return [...powers].flatMap((p) => (p ? [r?.powers?.[p]?.name ?? p] : []));
  }, [selected, destinations, legal.data, g.state, r?.powers]);
  // How the page names the map's locations: the off-map boxes too where the hex map draws them.
  const [article, place, places] = board.data?.kind === 'area' ? ['an', 'area', 'areas'] : board.data?.kind === 'hex' && board.data.boxes.length ? ['a', 'hex or box', 'hexes or boxes'] : ['a', 'hex', 'hexes'];
  // A side, or a power fighting for itself (a neutral attacked); until the ruleset is read, an ellipsis rather than the id its name will replace.
  const sideName = (id: string) => (r ? (r.sides?.[id]?.name ?? r.powers?.[id]?.name ?? id) : '…');
  const playedFrom = playedFromWords(g.fromDraft, g.bases);
  // The power the side in view acts for now, and whether another acted at the tester's last change.
  const inView = s.sides.includes(side);
  const actingFor = inView ? actingLabel(s, sideName) : undefined;
  const powerChanged = inView ? powerChange(actedAs, s, sideName) : undefined;
  const confirming =
    asking && 'note' in asking ? (
      <RemoveNoteDialog note={asking.note} onRemove={async () => (setAsking(undefined), await removeNote(asking.note))} onClose={() => setAsking(undefined)} />
    ) : asking ? (
      <UndoDialog to={asking.undoTo} logLength={g.logLength} notes={notes.data ?? []} changes={g.playerChanges} sideName={sideName} onUndo={async () => (setAsking(undefined), await undo(asking.undoTo))} onClose={() => setAsking(undefined)} />
    ) : null;

  /** "at hex 1808": where a unit stands (where an area shares its power's name, "at Germany" tells them apart). */
  const unitPlace = (id: string) => {
    const c = counterById.get(id);
    return c ? whereIs(c.at, nameOf, r?.map) : '';
  };
  /** "14th Infantry (Germany) ½ at hex 1808": a unit as a picker lists it. */
  const unitName = (id: string) => {
    const c = counterById.get(id);
    return c ? `${c.label}${c.reduced ? ' ½' : ''} ${unitPlace(id)}` : id;
  };

  return (
    <div className="play-root" data-log-length={g.logLength} data-hash={g.hash}>
      {/* The map's counters and marks come before the actions in the tab order: a way past them. */}
      <a className="skip-link" href={viewing !== undefined ? '#play-viewed' : '#play-actions'}>
        {viewing !== undefined ? 'Skip to the entry viewed' : 'Skip to the actions'}
      </a>
      <header className="play-head">
        <div>
          <h1>
            {g.rulesetTitle}: {g.scenarioName}
          </h1>
          <span className="meta">
            game <code>{g.gameId}</code> · seed {g.seed} ·{' '}
            <AppliedPatchSets errata={g.errata} variantPatchSets={g.variantPatchSets} />{' '}
            · {g.optionalPatchSets.length ? `patch sets: ${g.optionalPatchSets.join(', ')}` : 'no optional patch sets'}
            {playedFrom && ` · ${playedFrom}`} · {Object.keys(g.bots).length ? `bots: ${Object.entries(g.bots).map(([k, v]) => `${sideName(k)} ${v}`).join(', ')}` : 'no bots'} ·{' '}
            {g.inLibrary ? <a href={`/rulesets/${rulesetId}`}>workbench</a> : <span title="This game was imported from a file: it plays on the rules it carries">not in this library</span>} · <a href={`/rulesets/${rulesetId}/play`}>all test games</a> ·{' '}
            <button className="wb-link" onClick={() => download(() => downloadGameFile(g.gameId))} title="The game as one file (its ruleset snapshot, seed, options and log), for another studio to import from its list of test games">
              download game file
            </button>{' '}
            ·{' '}
            <button className="wb-link" onClick={() => download(() => downloadPlayByPlay(g.gameId, rulesetId, `${g.rulesetTitle}: ${g.scenarioName}, game ${g.gameId} (seed ${g.seed})`, said))} title="The play-by-play as text: each entry, its events and the notes on it">
              play-by-play as text
            </button>
          </span>
        </div>
        <p className="play-status" data-testid="play-status">
          Turn {s.turn}
          {s.lastTurn ? ` of ${s.lastTurn}` : ''} ({s.turnLabel}) · {s.phase ?? (s.unplaced.length ? `setup, ${counted(s.unplaced.length, 'unit')} to place` : s.over ? 'the end' : 'between steps')}
          {s.step ? ` · ${s.step}` : ''}
          {' · '}{s.over ? 'game over' : s.question ? 'a question to answer' : s.tasks.length ? `${counted(s.tasks.length, 'task')} to adjudicate by hand` : s.sides.length ? `to act: ${s.sides.map(sideName).join(', ')}${s.power ? ` for ${sideName(s.power)}` : ''}` : 'nobody to act'} · log {shown.logLength}
        </p>
        {s.waiting && (
          <p className="play-waiting" role="status" data-testid="play-waiting">
            Waiting for {s.waiting}.
          </p>
        )}
        {s.stocks.length > 0 && (
          <p className="play-note" data-testid="stocks">
            Stocks: {stocksLine(s.stocks, sideName)}
            {s.stocks.some((x) => s.lapsing.includes(x.resource)) && ` · ${lapseNote(s.lapsing)}`}
          </p>
        )}
      </header>

      {(g.provisional.count > 0 || g.gaps > 0) && (
        // One line, the examples of its values opened on request: the map stays on the first screen.
        <details className="play-banner" role="note" data-testid="provisional-banner">
          <summary>
            This game uses {counted(g.provisional.count, 'provisional value')} (a designer's fills, not the rulebook's); the ruleset{g.optionalPatchSets.length ? ` with ${g.optionalPatchSets.join(', ')}` : ''} has {counted(g.gaps, 'gap')}.
          </summary>
          {g.provisional.examples.length > 0 && (
            <p>
              For example{' '}
              {g.provisional.examples.map((e, i) => (
                <span key={e}>
                  {i > 0 && ', '}
                  <code>{e}</code>
                  {g.provisional.notes?.[e] && ` (“${g.provisional.notes[e]}”)`}
                </span>
              ))}
              .
            </p>
          )}
        </details>
      )}
      {s.over && <GameOver words={s.over.words} why={s.over.why} />}
      {error && (
        <p className="wb-error" role="alert">
          {error}
        </p>
      )}

      {viewing !== undefined && <HistoryBar at={viewing} present={g.logLength} ready={shown !== g} error={past.error?.message} onView={view} />}

      <div className="play-body">
        <section className="play-board">
          <Board
            board={board}
            data={{ marked: (marks.from?.size ?? 0) + (marks.to?.size ?? 0), reach: destinations?.size ?? 0, zones: marks.zones?.size ?? 0 }}
            byLocation={byLocation}
            selected={selected}
            marks={marks}
            onPickUnit={onPickUnit}
            onLocation={onLocation}
            drag={drag}
            holderOf={holderOf}
            said={
              <>
                {/* Right under the map (above it, a refusal pushed the map down under the pointer), in view: Board puts the legends after it. */}
                {refusal?.logLength === g.logLength && (
                  <div className="play-refusal" role="alert" data-testid="refusal">
                    <strong>Refused{refusal.action ? `: ${refusal.action}` : ''}.</strong> {capitalize(refusal.message)}
                    <span className="meta">
                      {' '}
                      — {refusal.cite.rule ? `rule ${refusal.cite.rule}` : 'no rule number'}
                      {refusal.cite.pointer ? <> · <code>{refusal.cite.pointer}</code></> : null} ({refusal.code})
                    </span>{' '}
                    <button className="wb-link" onClick={() => setRefusal(undefined)}>
                      dismiss
                    </button>
                  </div>
                )}
                <p className="play-note" data-testid="selection">
                  {selected ? (
                    <>
                      Selected <strong>{nameOf(selected)}</strong> {whereIs(shown.state.units[selected]?.at ?? '?', nameOf, r?.map)}{!live ? '.' : held ? `. ${held}` : groupReach ? `: with ${counted(companions.length, 'other unit')} moving with it, they may all go to ${counted(groupReach.size, place, places)} marked green, where a click moves each there (all or none).` : destinations?.size ? `: it may go to ${counted(destinations.size, place, places)} marked green${[...destinations.values()].some((a) => (a.action as { rail?: boolean }).rail) ? ' (blue by rail)' : ''}, where a click makes the listed action; a click elsewhere tries ${attacking ? 'an attack on it with the unit' : 'a move there'}.` : placingNow ? `: no placement is listed for it now${placingNow.length ? ` (the units placed now are ${placingNow.map(possessive).join(' and ')})` : ''}; click ${article} ${place} to try one and read why.` : attacking ? `: click ${article} ${place} to try an attack on it with the unit (a refusal says why it may not).` : `: click ${article} ${place} to try moving it there.`}{' '}
                      {gapOfSelected && <span data-testid="selection-waiting">Its {destinations?.size ? 'other ' : ''}moves wait on a value the data lacks ({gapOfSelected.cite.rule ? `rule ${gapOfSelected.cite.rule}, ` : ''}“not listed” beside the map): trying one asks for it. </span>}
                      <button className="wb-link" onClick={() => choose(undefined)}>
                        clear
                      </button>
                    </>
                  ) : live ? (
                    (held ?? `Click a counter to select a unit, then ${article} ${place} to try ${attacking ? 'an attack on it' : 'a move'} (legal or not).`)
                  ) : viewing === undefined ? (
                    'The game is over: nothing more is played. Click a counter to see which unit it is; in the play-by-play below, view the position after an entry, note it, or take it back with all after it (“undo to here”) to play on.'
                  ) : (
                    'Click a counter to see which unit it is.'
                  )}
                </p>
              </>
            }
          />
          {selected && stackmates.length > 0 && (
            <p className="play-note play-show" data-testid="companions">
              Move with it:{' '}
              {stackmates.map((id) => (
                <label key={id}>
                  <input type="checkbox" checked={companions.includes(id)} onChange={(e) => setTogether({ with: selected, units: e.target.checked ? [...companions, id] : companions.filter((u) => u !== id) })} /> {nameOf(id)}
                </label>
              ))}
            </p>
          )}
          {viewing === undefined && side && (zoned || supplied) && (
            <p className="play-note play-show" data-testid="overlays">
              Show for {sideName(side)}:{' '}
              {zoned && (
                <label>
                  <input type="checkbox" checked={showZones} onChange={(e) => setShowZones(e.target.checked)} /> hostile zones of control
                </label>
              )}{' '}
              {supplied && (
                <label>
                  <input type="checkbox" checked={showSupply} onChange={(e) => setShowSupply(e.target.checked)} /> units out of supply now (outlined red)
                </label>
              )}
              {(showZones || showSupply) && overview && (
                <span className="meta play-overlay-counts" data-testid="overlay-counts">
                  {' '}
                  {showZones ? `${overview.zones.length} locations in hostile zones` : ''}
                  {showZones && showSupply ? '; ' : ''}
                  {showSupply ? `${counted(overview.unsupplied.length, 'unit')} out of supply` : ''}
                </span>
              )}
            </p>
          )}
          {/* As a click on the map: to where a listed action takes the unit (an advance, a retreat), that action; by rail, a rail move. */}
          {live && !held && <TryMove units={counters} map={r?.map} railMoves={r?.mechanics?.movement?.model === 'hex-grid' && r.mechanics.movement.rail !== undefined} attacking={attacking} onTry={(unit, to, rail) => (rail ? tryMove(unit, to, true) : onLocation(to, true))} busy={busy} selected={selected} onSelect={choose} />}
          <Locations byLocation={byLocation} map={r?.map} selected={selected} onPick={choose} />
        </section>

        <aside className="play-side">
          {viewing !== undefined ? (
            <section className="play-last" data-testid="viewed-entry" id="play-viewed" tabIndex={-1}>
              <h2>{viewedEntry ? `Entry #${viewedEntry.seq}: ${said(viewedEntry.action)}` : `Entry #${viewing - 1}`}</h2>
              {viewedEntry ? <EventList events={viewedEntry.events} noteOf={noteOf} /> : <p className="play-note">Replaying the log…</p>}
              <EntryNotes notes={notes.data ?? []} seq={viewing - 1} />
            </section>
          ) : (
            <>
              <Players sides={sides} bots={g.bots} changes={g.playerChanges} sideName={sideName} busy={busy} onSet={setPlayer} />
              {botsToAct.length > 0 && (
                <section className="play-prompt" data-testid="bots-to-act">
                  <p>
                    To act now: {botsToAct.map((id) => `${sideName(id)}, played by a ${g.bots[id]} bot`).join('; ')}.
                  </p>
                  {!botsNote && (
                    <p className="meta">
                      The bots play at most {g.botActionsPerRun} actions at a time (at launch, and after each of yours): they wait here after that many, after an undo into their turn, or after an action you make in their place.
                    </p>
                  )}
                  <div className="wb-actions">
                    <button disabled={busy} onClick={() => void letBotsPlay(false)}>
                      Let the bots play
                    </button>
                    {sides.every((id) => g.bots[id]) && (
                      <button disabled={busy} onClick={() => void letBotsPlay(true)} title="Every side is a bot's: play the game out (a whole 2WW game takes a few seconds)">
                        …to the end
                      </button>
                    )}
                    {botsPlaying && (
                      <span className="meta" role="status" data-testid="bots-playing">
                        {botsPlaying}
                      </span>
                    )}
                  </div>
                </section>
              )}
              {botsNote && <p className="play-note" data-testid="bots-note">{botsNote}</p>}
              {/* One form a question: the next (the other side's die) starts unanswered, never with the last answer. */}
              {s.question && <QuestionForm key={s.question.key} question={s.question} waiting={g.state.suspended && said(g.state.suspended.action as Action)} busy={busy} onAnswer={(a) => void act(a)} />}
              {s.tasks.map((t) => (
                <TaskForm key={t.id} task={t} busy={busy} onResolve={(a) => void act(a)} />
              ))}
              <section className="play-actions" aria-label="Legal actions" id="play-actions" tabIndex={-1}>
                <h2>
                  Actions{actingFor && <span data-testid="acting">: {actingFor}</span>}
                </h2>
                {powerChanged && (
                  <p className="play-acting-changed" role="status" data-testid="acting-changed">
                    {powerChanged}
                  </p>
                )}
                <div className="play-sides" role="tablist">
                  {sides.map((id) => (
                    <button key={id} role="tab" aria-selected={id === side} className={id === side ? 'selected' : ''} onClick={() => setChosenSide(id)}>
                      {sideName(id)}
                      {s.sides.includes(id) ? ' ●' : ''}
                    </button>
                  ))}
                </div>
                {placing && (
                  <button className="play-place-rest" disabled={busy} onClick={() => void placeTheRest()} title="Each unit the side has left to place goes to a place drawn at random among those it may go to; each placement is logged, and undo takes them back">
                    Place the rest at random
                  </button>
                )}
                {/* Each step's list starts unfiltered: a filter typed for the last step would hide this one's actions. */}
                {legal.data ? <ActionList key={`${g.status.turn} ${g.status.phase} ${g.status.step} ${side}`} gameId={g.gameId} combatModel={combatModel} sideName={sideName} unitName={unitName} unitPlace={unitPlace} actions={legal.data.actions} waiting={legal.data.waiting} endHeld={legal.data.endHeld} endWarning={legal.data.endWarning} losses={g.status.losses} idle={idleWords(g.status)} busy={busy} onAct={(a) => (setPointed(undefined), void act(a.action as Action, a.label))} onPoint={(a) => setPointed(a?.action as Action | undefined)} /> : legal.error ? <p className="wb-error">{legal.error.message}</p> : <p className="play-note">…</p>}
                <label className="play-check" title="A step in which the engine offers a side played by a person nothing but ending it is ended at once (its reminders stay in the log); steps the tester adjudicates by hand are never passed">
                  <input type="checkbox" checked={g.passEmptySteps} disabled={busy} onChange={(e) => void setPassing(e.target.checked)} /> pass steps with nothing to do
                </label>
              </section>
              {/* Adjudications are actions too, which a finished game refuses. */}
              {!g.status.over && (
                <>
                  <ManualForm state={g.state} ruleset={r} counters={counters} busy={busy} onSend={act} />
                  <Rulings rulings={g.rulings} busy={busy} onSend={act} />
                </>
              )}
              {lastEvents.length > 0 && (
                <section className="play-last">
                  <h2>Last result</h2>
                  <EventList events={lastEvents} noteOf={noteOf} />
                </section>
              )}
            </>
          )}
        </aside>
      </div>

      <section className="play-log" aria-label="Play-by-play">
        <h2>Play-by-play ({counted(g.logLength, 'entry', 'entries')})</h2>
        {confirming}
        {log.data ? <Log entries={log.data.entries as LogEntry[]} total={g.logLength} current={{ turn: g.status.turn, title: g.status.turnTitle }} busy={busy} viewing={viewing} notes={notes.data ?? []} said={said} noteOf={noteOf} onShowAll={() => setWholeLog(true)} onView={view} onUndo={(n) => setAsking({ undoTo: n })} onNote={addNote} onRemoveNote={(note) => setAsking({ note })} /> : <p className="play-note">Reading the log…</p>}
      </section>
    </div>
  );
}

/** Why no side may act, where the game is over or waits on the tester: what the actions list says instead of listing none. */
function idleWords(s: { over?: unknown; question?: unknown; tasks: readonly unknown[] }): string | undefined {
  if (s.over) return 'The game is over: no side acts. To play on, take back entries in the play-by-play (“undo to here”).';
  if (s.question) return 'The game waits on the question the engine asks: answer it to go on.';
  if (s.tasks.length) return `The game waits on ${s.tasks.length === 1 ? 'the task' : `the ${s.tasks.length} tasks`} to adjudicate by hand: do ${s.tasks.length === 1 ? 'it and mark it' : 'each and mark it'} done to go on.`;
}

/** Why the bots stopped, in words. */
function haltText(halt: { kind: string; sides?: string[]; reason?: string }, sideName: (id: string) => string): string {
  switch (halt.kind) {
    case 'human':
      return `${(halt.sides ?? []).map(sideName).join(', ') || 'nobody'} to act`;
    case 'over':
      return 'the game is over';
    case 'capped':
      return 'at the most one run makes; let them play on';
    default:
      return halt.reason ?? halt.kind;
  }
}

