'use client';
// The test games of one ruleset, newest first, each a link back into play, a way to delete one, and
// each replayed on the ruleset's drafts as they are now: where an edit changes how it goes. Below them,
// the playtesters' notes on them, then the balance of the drafts: bots play many games.
import { useQuery } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import { Fragment, useState } from 'react';
import { useTRPC } from '@/editor/TrpcProvider';
import { api, messageOf } from '@/editor/workbench/api';
import { ConfirmDialog } from '@/editor/workbench/ConfirmDialog';
import { counted } from '@/engine/words';
import type { AppRouter } from '@/server/router';
import './play.css';
import { BalanceLab } from './BalanceLab';
import { importGameFile } from './game-file';
import { RerunDetail, RerunSummary, type RerunReport } from './Rerun';

type Game = inferRouterOutputs<AppRouter>['games']['list']['games'][number];

/** A game replayed on the drafts now: its report, or why none could be made. */
type Replayed = { report: RerunReport; error?: undefined } | { report?: undefined; error: string };

export function GameList({ rulesetId }: { rulesetId: string }) {
  const trpc = useTRPC();
  const list = useQuery(trpc.games.list.queryOptions({ rulesetId }, { refetchOnWindowFocus: false }));
  const notes = useQuery(trpc.games.notesOf.queryOptions({ rulesetId }, { refetchOnWindowFocus: false }));
  // As drafted: the balance lab plays the drafts by default, and the scenarios and patch sets it offers are theirs.
  const ruleset = useQuery(trpc.rulesets.get.queryOptions({ id: rulesetId, drafts: true }, { refetchOnWindowFocus: false, staleTime: Infinity, retry: false }));
  const [error, setError] = useState<string>();
  // By game: undefined while it replays.
  const [reruns, setReruns] = useState<Record<string, Replayed | undefined>>({});
  const replay = async (ids: string[]) => {
    setReruns((r) => ({ ...r, ...Object.fromEntries(ids.map((id) => [id, undefined])) }));
    for (const gameId of ids) {
      const done = await api.games.rerun.query({ gameId }).then(
        (report): Replayed => ({ report }),
        (err): Replayed => ({ error: messageOf(err) }),
      );
      setReruns((r) => ({ ...r, [gameId]: done }));
    }
  };
  // Asked first in a dialog naming the game and what goes with it; a refusal stays in the dialog.
  const [deleting, setDeleting] = useState<Game>();
  const remove = async (gameId: string) => {
    await api.games.delete.mutate({ gameId });
    setDeleting(undefined);
    setError(undefined);
    await Promise.all([list.refetch(), notes.refetch()]);
  };
  const importFile = async (input: HTMLInputElement) => {
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    try {
      window.location.assign(await importGameFile(file));
    } catch (err) {
      setError(messageOf(err));
    }
  };
  const games = list.data?.games ?? [];
  // Games imported for a ruleset this studio does not have: each plays on the snapshot it carries.
  const missing = ruleset.error?.data?.code === 'NOT_FOUND';
  return (
    <section className="play-list">
      <h1>Test games of {ruleset.data?.ruleset?.title ?? rulesetId}</h1>
      <p className="meta">
        {missing ? (
          <>This studio has no ruleset “{rulesetId}”: its games here play on the rules each carries, and there are no drafts to replay them on or to balance. </>
        ) : (
          <>
            Start one from the <a href={`/rulesets/${rulesetId}`}>workbench</a> with “Launch test game”. After an edit, replay the games on the drafts as they are now
            (the same scenario, seed and patch sets) to see where the edit changes how they go.{' '}
          </>
        )}
        {games.length > 0 && !missing && (
          <button className="wb-link" onClick={() => void replay(games.map((g) => g.gameId))}>
            replay every game
          </button>
        )}
        {games.length > 0 && !missing && ' · '}
        <label className="wb-link play-import" title="A game file downloaded from a game's page, in this studio or another: it becomes a new test game here, at the same position">
          import a game file
          <input type="file" className="visually-hidden" accept=".json,application/json" onChange={(e) => void importFile(e.target)} />
        </label>
      </p>
      {list.error && <p className="error">{list.error.message}</p>}
      {error && <p className="error">{error}</p>}
      {list.data && games.length === 0 && <p className="play-note">No test games yet.</p>}
      {games.length > 0 && (
        <table>
          <thead>
            <tr>
              <th>Game</th>
              <th>Scenario</th>
              <th>Seed</th>
              <th>Patch sets</th>
              <th>Bots</th>
              <th title="The game's start and each action since, as its play-by-play lists them">Log entries</th>
              <th>Notes</th>
              <th>Last played</th>
              <th>On the drafts now</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {games.map((g) => {
              const href = `/rulesets/${rulesetId}/play/${g.gameId}`;
              const replayed = reruns[g.gameId];
              return (
                <Fragment key={g.gameId}>
                  <tr>
                    <td>
                      <a href={href}>{g.gameId.slice(0, 8)}</a>
                      {g.fromDraft && <span className="meta"> · draft</span>}
                    </td>
                    <td title={g.scenarioId}>{g.scenarioName}</td>
                    <td>{g.seed}</td>
                    <td>{g.optionalPatchSets.join(', ') || '—'}</td>
                    <td>{Object.entries(g.bots).map(([s, k]) => `${s}: ${k}`).join(', ') || '—'}</td>
                    <td>{g.logLength}</td>
                    <td>{g.notes || '—'}</td>
                    <td>{new Date(g.updatedAt).toLocaleString()}</td>
                    <td className="rerun" data-testid={`rerun-${g.gameId}`}>
                      {missing ? (
                        '—'
                      ) : !(g.gameId in reruns) ? (
                        <button className="wb-link" onClick={() => void replay([g.gameId])}>
                          replay
                        </button>
                      ) : !replayed ? (
                        <span className="meta">replaying…</span>
                      ) : replayed.report ? (
                        <RerunSummary report={replayed.report} href={href} />
                      ) : (
                        <span className="error">{replayed.error}</span>
                      )}
                    </td>
                    <td>
                      <button className="wb-link" onClick={() => setDeleting(g)}>
                        delete
                      </button>
                    </td>
                  </tr>
                  {replayed?.report?.result.kind === 'differs' && (
                    <tr className="rerun-row">
                      <td colSpan={10}>
                        <RerunDetail report={replayed.report} />
                      </td>
                    </tr>
                  )}
                </Fragment>
              );
            })}
          </tbody>
        </table>
      )}
      {deleting && <DeleteGameDialog game={deleting} onDelete={() => remove(deleting.gameId)} onClose={() => setDeleting(undefined)} />}
      {notes.data && notes.data.length > 0 && (
        <section className="play-notes-all" id="playtest-notes" aria-label="Playtest notes">
          <h2>Playtest notes</h2>
          <ul className="play-notes">
            {notes.data.map((n) => {
              // The position the note is about: the game as it stood after its entry (the present for the newest entry).
              const logLength = games.find((g) => g.gameId === n.gameId)?.logLength ?? 0;
              const at = n.seq + 1 < logLength ? `?at=${n.seq + 1}` : '';
              return (
                <li key={n.id}>
                  <a href={`/rulesets/${rulesetId}/play/${n.gameId}${at}`}>
                    game {n.gameId.slice(0, 8)}, entry #{n.seq}
                  </a>{' '}
                  <span className="meta">{new Date(n.createdAt).toLocaleString()}</span>
                  <div className="play-note-text">{n.text}</div>
                </li>
              );
            })}
          </ul>
        </section>
      )}
      {!missing && <BalanceLab rulesetId={rulesetId} ruleset={ruleset.data?.ruleset ?? undefined} completeness={ruleset.data?.completeness ?? undefined} />}
    </section>
  );
}

function DeleteGameDialog({ game, onDelete, onClose }: { game: Game; onDelete: () => Promise<void>; onClose: () => void }) {
  const name = game.gameId.slice(0, 8);
  return (
    <ConfirmDialog title="Delete test game" confirm={`Delete game ${name}`} onConfirm={onDelete} onClose={onClose}>
      <p>
        Delete test game <code>{name}</code> ({game.scenarioName}, seed {game.seed}, last played {new Date(game.updatedAt).toLocaleString()}) for good? Its{' '}
        {counted(game.logLength, 'log entry', 'log entries')}
        {game.notes ? ` and ${counted(game.notes, 'playtest note')}` : ''} {game.logLength + game.notes > 1 ? 'go' : 'goes'} with it, and its position and play-by-play can no longer be opened or replayed: this cannot be undone
        (a game file downloaded from it stays, and can be imported again).
      </p>
    </ConfirmDialog>
  );
}
