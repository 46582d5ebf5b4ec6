'use client';
// How the games went, turn by turn: as each turn began, in how many games a victory check would have
// reached each level (a game over counts with its outcome). Read from the authored victory conditions,
// so a condition already met at the start, or a lead that fades, shows at a glance.
import type { SimulationRun } from '@/server/simulation-runs';

type Report = NonNullable<SimulationRun['report']>;

/** Shades by side (levels of the first side to appear in blues, the second in reds), none in sand. */
const SHADES = [
  ['#1f3d5c', '#6f9cc9', '#b7cfe6', '#dde8f3'],
  ['#7a1f1f', '#c8604a', '#eba692', '#f6d6cc'],
  ['#3d5c1f', '#6f964a', '#b0d18f', '#d5e8c3'],
];
const NONE = '#d9d2c2';
const HEIGHT = 150;

/** The chart of a report, `width` pixels wide, under a caption (the default one says what it shows). */
export function BalanceTurns({ report, width = 640, caption }: { report: Report; width?: number; caption?: string }) {
  const { byTurn, levels } = report;
  if (byTurn.length === 0) return null;
  const shown = levels.filter((l) => byTurn.some((t) => t.counts[l.key]));
  const sides = [...new Set(levels.map((l) => l.side).filter((x): x is string => !!x))];
  const used = new Map<string, number>();
  const colour = new Map(
    shown.map((l) => {
      if (!l.side) return [l.key, NONE];
      const k = sides.indexOf(l.side) % SHADES.length;
      const n = used.get(l.side) ?? 0;
      used.set(l.side, n + 1);
      return [l.key, SHADES[k][Math.min(n, 3)]];
    }),
  );
  // A level every game stands at as the first turn begins is the set-up's, which reads like an outcome unless said.
  const startTotal = Object.values(byTurn[0].counts).reduce((a, b) => a + b, 0);
  const atStart = shown.find((l) => l.side && startTotal > 0 && byTurn[0].counts[l.key] === startTotal);
  const column = width / byTurn.length;
  const every = Math.ceil(byTurn.length / 12);
  return (
    <figure className="balance-turns" aria-label="Turn by turn">
      <figcaption className="meta">{caption ?? 'As each turn began, the level a victory check would have reached (a game over counts with its outcome):'}</figcaption>
      <svg viewBox={`0 0 ${width} ${HEIGHT + 16}`} width={width} height={HEIGHT + 16} role="img" aria-label={caption ?? 'Levels reached turn by turn'}>
        {byTurn.map(({ turn, counts }, i) => {
          const total = Object.values(counts).reduce((a, b) => a + b, 0);
          let y = HEIGHT;
          return (
            <g key={turn}>
              {shown.map((l) => {
                const n = counts[l.key] ?? 0;
                if (!n) return null;
                const h = (n / total) * HEIGHT;
                y -= h;
                return (
                  <rect key={l.key} x={i * column + 1} y={y} width={column - 2} height={h} fill={colour.get(l.key)}>
                    <title>{`Turn ${turn} begins: ${l.label} in ${n} of ${total} games (${((100 * n) / total).toFixed(0)}%)`}</title>
                  </rect>
                );
              })}
              {i % every === 0 && (
                <text x={i * column + column / 2} y={HEIGHT + 12} textAnchor="middle" fontSize="10" fill="#555">
                  {turn}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <p className="balance-legend meta">
        {shown.map((l) => (
          <span key={l.key}>
            <i style={{ background: colour.get(l.key) }} /> {l.label}
          </span>
        ))}{' '}
        · turns along the bottom
      </p>
      {atStart && (
        <p className="meta" data-testid="level-at-start">
          Every game begins at {atStart.label}: the set-up already meets it. What counts is the level reached when the ruleset checks victory, not the level as each turn begins.
        </p>
      )}
    </figure>
  );
}
