// What the workbench's scenario map says of dragging its counters: a variant's placements that the ruleset it
// extends writes are changed there (or with errata), so the pane says so up front and does not invite the drag.

/** Why a placement's counter is not dragged: its place is written by the ruleset this one extends. */
export const fixedWhy = (extended: string | null) => `Placed by the ruleset this one extends${extended ? ` (${extended})` : ''}: move it there, or with errata`;

/** What the pane's header says of its counters: how many are on the map, and which may be dragged. */
export function dragHint(placements: readonly { at?: string | null; movable: boolean }[], extended: string | null): string {
  const onMap = placements.filter((p) => p.at?.startsWith('hex:')).length;
  const counted = `${onMap} counters on the map, ${placements.length - onMap} off it.`;
  const fixed = placements.filter((p) => !p.movable).length;
  const there = `the ruleset this one extends${extended ? ` (${extended})` : ''}`;
  if (fixed === 0) return `${counted} Drag a counter to move it; click anything for its JSON.`;
  if (fixed === placements.length) return `${counted} Every placement here is written by ${there}: change them there, or with errata (the counters do not move). Click anything for its JSON.`;
  return `${counted} Drag this ruleset’s counters to move them; the ${fixed} placed by ${there} are changed there, or with errata. Click anything for its JSON.`;
}
