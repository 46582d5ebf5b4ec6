"use client";
// The test games of one ruleset, newest first, each a link back into play, a way to delete one, and
// each replayed on the ruleset's drafts as they are now: where an edit changes how it goes.
import { useQuery } from "@tanstack/react-query";
import { Fragment, useState } from "react";
import { useTRPC } from "@/editor/TrpcProvider";
import { api, messageOf } from "@/editor/workbench/api";
import "./play.css";
import { RerunDetail, RerunSummary, type RerunReport } from "./Rerun";

export function GameList({ rulesetId }: { rulesetId: string }) {
  const trpc = useTRPC();
  const list = useQuery(
    trpc.games.list.queryOptions(
      { rulesetId },
      { refetchOnWindowFocus: false },
    ),
  );
  const [error, setError] = useState<string>();
  // Replays on the drafts now, by game: the report, or why it could not be made; undefined while it runs.
  const [reruns, setReruns] = useState<
    Record<string, { report?: RerunReport; error?: string } | undefined>
  >({});
  const replay = async (ids: string[]) => {
    setReruns((r) => ({
      ...r,
      ...Object.fromEntries(ids.map((id) => [id, undefined])),
    }));
    for (const gameId of ids) {
      const done = await api.games.rerun.query({ gameId }).then(
        (report) => ({ report }),
        (err) => ({ error: messageOf(err) }),
      );
      setReruns((r) => ({ ...r, [gameId]: done }));
    }
  };
  const remove = async (gameId: string, entries: number) => {
    if (
      !window.confirm(
        `Delete test game ${gameId.slice(0, 8)} and its ${entries} log entries? This cannot be undone.`,
      )
    )
      return;
    try {
      await api.games.delete.mutate({ gameId });
      setError(undefined);
    } catch (err) {
      setError(messageOf(err));
    }
    await list.refetch();
  };
  return (
    <section className="play-list">
      <h1>Test games of {rulesetId}</h1>
      <p className="meta">
        Start one from the <a href={`/rulesets/${rulesetId}`}>workbench</a> with
        “Launch test game”. After an edit, replay the games on the drafts as
        they are now (the same scenario, seed and patch sets) to see where the
        edit changes how they go.{" "}
        {list.data && list.data.games.length > 0 && (
          <button
            className="wb-link"
            onClick={() => void replay(list.data.games.map((g) => g.gameId))}
          >
            replay every game
          </button>
        )}
      </p>
      {list.error && <p className="error">{list.error.message}</p>}
      {error && <p className="error">{error}</p>}
      {list.data && list.data.games.length === 0 && (
        <p className="play-note">No test games yet.</p>
      )}
      {list.data && list.data.games.length > 0 && (
        <table>
          <thead>
            <tr>
              <th>Game</th>
              <th>Scenario</th>
              <th>Seed</th>
              <th>Patch sets</th>
              <th>Bots</th>
              <th>Log</th>
              <th>Last played</th>
              <th>On the drafts now</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {list.data.games.map((g) => (
              <Fragment key={g.gameId}>
                <tr>
                  <td>
                    <a href={`/rulesets/${rulesetId}/play/${g.gameId}`}>
                      {g.gameId.slice(0, 8)}
                    </a>
                    {g.fromDraft && <span className="meta"> · draft</span>}
                  </td>
                  <td>{g.scenarioId}</td>
                  <td>{g.seed}</td>
                  <td>{g.optionalPatchSets.join(", ") || "—"}</td>
                  <td>
                    {Object.entries(g.bots)
                      .map(([s, k]) => `${s}: ${k}`)
                      .join(", ") || "—"}
                  </td>
                  <td>{g.logLength}</td>
                  <td>{new Date(g.updatedAt).toLocaleString()}</td>
                  <td className="rerun" data-testid={`rerun-${g.gameId}`}>
                    {!(g.gameId in reruns) ? (
                      <button
                        className="wb-link"
                        onClick={() => void replay([g.gameId])}
                      >
                        replay
                      </button>
                    ) : reruns[g.gameId] === undefined ? (
                      <span className="meta">replaying…</span>
                    ) : reruns[g.gameId]!.report ? (
                      <RerunSummary
                        report={reruns[g.gameId]!.report!}
                        href={`/rulesets/${rulesetId}/play/${g.gameId}`}
                      />
                    ) : (
                      <span className="error">{reruns[g.gameId]!.error}</span>
                    )}
                  </td>
                  <td>
                    <button
                      className="wb-link"
                      onClick={() => void remove(g.gameId, g.logLength)}
                    >
                      delete
                    </button>
                  </td>
                </tr>
                {reruns[g.gameId]?.report?.result.kind === "differs" && (
                  <tr className="rerun-row">
                    <td colSpan={9}>
                      <RerunDetail report={reruns[g.gameId]!.report!} />
                    </td>
                  </tr>
                )}
              </Fragment>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
