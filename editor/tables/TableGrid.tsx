'use client';
// A tables document as editable grids, rows × columns, each cell coloured by where its value came from, gaps
// and missing cells plain to see. Tables that are lines of one printed chart are shown together, as printed.
// Edits go to the JSON text; the grid redraws from it. An edit the tables schema refuses at the cell, or an amount the
// checks find no amount may be (loss points below zero), is not written (the editor says why); a cell the checks find
// fault with is marked, the finding in its tooltip.
// A cell that was a gap (in the file, or earlier this session) and is a value now gets that gap back when "gap" is ticked.
// As in a spreadsheet, a cell clicked or reached by the arrow keys keeps the focus, and what is typed on it goes to its
// editor's value box, over its value, its editor opened again if Escape had left it. A gap's cell typed into is filled,
// as unticking "gap" fills it: a provisional value citing the gap's rule. Ctrl+Z and Ctrl+Shift+Z (Ctrl+Y) on the grid
// are the JSON editor's undo and redo: the grid's edits are the JSON's.
// The cell's editor is docked under the grids, not over them: it covers no row, and its growing (a refusal said) moves
// no row either, taking its room from the bottom of the grids' pane.
// A cell an erratum (one of the ruleset's patch sets) writes over shows the value games play and the erratum, and its
// editor warns that an edit there changes nothing in play.
import { useEffect, useMemo, useReducer, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { flushSync } from 'react-dom';
import type { JSONPath } from '@/engine/json/edit';
import type { Diagnostic } from '@/engine/diagnostics';
import { amountReadAt, type AmountsRead } from '@/engine/lint/amounts';
import { deepEqual } from '@/engine/facts';
import { joinPointer } from '@/engine/json/pointer';
import { useKeptScroll } from '@/editor/kept-scroll';
import { capitalize } from '@/engine/words';
import { PROVENANCE_KINDS, PROVENANCE_MEANINGS, cellView, gapOf, inputOf, typedValue, type CellInput } from './cells';
import type { GapMemory } from './gap-memory';
import { cellToWrite } from './refusal';
import { overrideOf, playedCell, type Override, type PatchSetOps } from './overrides';
import { isRecord, type Rec } from '@/engine/json/record';

const keysOf = (axis: unknown): string[] => (isRecord(axis) && Array.isArray(axis.keys) ? axis.keys.filter((k): k is string => typeof k === 'string') : []);
const axisName = (axis: unknown) => (isRecord(axis) && typeof axis.name === 'string' ? axis.name : '');
const cellOf = (table: Rec, row: string, col: string) => {
  const line = isRecord(table.cells) ? table.cells[row] : undefined;
  return isRecord(line) && Object.hasOwn(line, col) ? line[col] : undefined;
};

interface Selection {
  table: string;
  row: string;
  col: string;
}

interface Group {
  key: string;
  label: string;
  tables: [string, Rec][];
}

/** One group per printed chart, and one per table that belongs to none, in document order. */
function groupsOf(tables: [string, Rec][]): Group[] {
  const groups: Group[] = [];
  for (const [id, t] of tables) {
    const chart = typeof t.chart === 'string' ? t.chart : undefined;
    const existing = chart && groups.find((g) => g.key === `chart:${chart}`);
    if (existing) existing.tables.push([id, t]);
    else groups.push(chart ? { key: `chart:${chart}`, label: capitalize(chart.replace(/-/g, ' ')), tables: [[id, t]] } : { key: id, label: typeof t.title === 'string' ? t.title : id, tables: [[id, t]] });
  }
  return groups;
}

/** A document's findings by the pointer they name, errors first. */
function findingsByPointer(diagnostics: readonly Diagnostic[]): Map<string, Diagnostic[]> {
  const by = new Map<string, Diagnostic[]>();
  const errorsFirst = diagnostics.toSorted((a, b) => Number(b.severity === 'error') - Number(a.severity === 'error'));
  for (const d of errorsFirst) by.set(d.pointer, [...(by.get(d.pointer) ?? []), d]);
  return by;
}

interface Props {
  /** The document's path, its text now and its published file's (null when it has none). */
  path: string;
  text: string;
  file: string | null;
  diagnostics: readonly Diagnostic[];
  /** The workbench's memory of the document's gaps, fed here. */
  gaps: GapMemory;
  onEdit: (path: JSONPath, value: unknown) => void;
  /** Takes back the document's last edit (the grid's or the JSON's), or makes it again: the JSON editor's own undo. */
  onUndo: (redo: boolean) => void;
  /** The ruleset's own patch sets, and the ruleset resolved with them: what games play. */
  patchSets: readonly PatchSetOps[];
  resolved: unknown;
  /** The cells the mechanics of the ruleset as drafted read as amounts (none while it cannot be read; undefined until it is first read, when no edit is written). */
  amounts: readonly AmountsRead[] | undefined;
  /** Opens a document of the ruleset (an erratum) in the workbench. */
  onOpen: (path: string) => void;
}

/** A cell an erratum writes over: the erratum, and the cell as games play it. */
type Overridden = Override & { played: unknown };

export function TableGrid({ path, text, file, diagnostics, gaps, onEdit, onUndo, patchSets, resolved, amounts, onOpen }: Props) {
  const overridden = (table: string, row: string, col: string): Overridden | undefined => {
    const over = overrideOf(patchSets, table, row, col);
    return over && { ...over, played: playedCell(resolved, table, row, col) };
  };
  const findings = useMemo(() => findingsByPointer(diagnostics), [diagnostics]);
  // The file first, so that a gap as edited since stands over the file's.
  useEffect(() => gaps.remember(path, file), [gaps, path, file]);
  useEffect(() => gaps.remember(path, text), [gaps, path, text]);
  const parsed = useMemo(() => {
    try {
      return { value: JSON.parse(text) as unknown };
    } catch {
      return { value: undefined };
    }
  }, [text]);
  const tables = isRecord(parsed.value) && isRecord(parsed.value.tables) ? Object.entries(parsed.value.tables).filter((e): e is [string, Rec] => isRecord(e[1])) : [];
  const groups = groupsOf(tables);
  const [chosen, setChosen] = useState<string>();
  const [selection, setSelection] = useState<Selection>();
  // Counts the Enters that wrote nothing, the cell being as typed already: each draws its editor afresh, as a write does.
  const [unchanged, noteUnchanged] = useReducer((n: number) => n + 1, 0);
  const valueBox = useRef<HTMLInputElement>(null);
  const tablesRef = useRef<HTMLDivElement>(null);
  const cellButton = ({ table, row, col }: Selection) =>
    tablesRef.current?.querySelector<HTMLButtonElement>(`.wb-grid[data-table="${CSS.escape(table)}"] button[data-row="${CSS.escape(row)}"][data-col="${CSS.escape(col)}"]`);
  // A cell's button, focused: by the arrow keys, and once the cell's editor writes or closes (its box leaving the page
  // would drop the focus), for the arrows to go on from.
  const focusCell = (s: Selection) => {
    const button = cellButton(s);
    button?.focus({ preventScroll: true });
    if (button) reveal(button);
  };
  // The editor, docked under the grids, takes its room from their pane, the more as it grows (a refusal said): the
  // cell it edits is kept in sight above it, the grids otherwise left where they are.
  const scrollRef = useRef<HTMLDivElement>(null);
  /** Scrolls the grids' pane as little as shows a cell whole: in the pane, and clear of its table's heads, which stick at the pane's edges. */
  const reveal = (button: HTMLElement) => {
    const scroller = scrollRef.current;
    button.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    if (!scroller) return;
    // It scrolls by whole pixels: a cell left a fraction of one below the pane's foot (under the editor docked there) goes the rest of the way.
    const foot = scroller.getBoundingClientRect().top + scroller.clientTop + scroller.clientHeight;
    const below = button.getBoundingClientRect().bottom - foot;
    if (below > 0) scroller.scrollTop += Math.ceil(below);
    // The heads' cells, not the thead, are what stick.
    const head = button.closest('table')?.tHead?.querySelector('th')?.getBoundingClientRect();
    const rowHead = button.closest('tr')?.querySelector('th')?.getBoundingClientRect();
    const at = button.getBoundingClientRect();
    if (head && at.top < head.bottom) scroller.scrollTop -= head.bottom - at.top;
    if (rowHead && at.left < rowHead.right) scroller.scrollLeft -= rowHead.right - at.left;
  };
  // The editor is watched, not the pane: the pane resized otherwise (the Problems list folded) leaves the grids where the designer scrolled them.
  const [editorBox, setEditorBox] = useState<HTMLDivElement | null>(null);
  useEffect(() => {
    if (!selection || !editorBox) return;
    const observer = new ResizeObserver(() => {
      const button = cellButton(selection);
      if (button) reveal(button);
    });
    observer.observe(editorBox);
    return () => observer.disconnect();
  }, [selection, editorBox]);
  const group = groups.find((g) => g.key === chosen) ?? groups[0];
  // Each tab of each document keeps where its grids were scrolled to.
  useKeptScroll(scrollRef, group && `${path}|${group.key}`);
  // Ctrl+Z (Cmd+Z) takes back the last edit, Ctrl+Shift+Z or Ctrl+Y makes it again, as in the JSON editor, whose
  // undo it is; in a text box of the cell's editor they are the box's own.
  const undoKeys = (e: KeyboardEvent) => {
    const textBox = e.target instanceof HTMLTextAreaElement || (e.target instanceof HTMLInputElement && e.target.type !== 'checkbox');
    const key = e.key.toLowerCase();
    if (textBox || !(e.ctrlKey || e.metaKey) || e.altKey || (key !== 'z' && key !== 'y')) return;
    e.preventDefault();
    onUndo(key === 'y' || e.shiftKey);
  };

  if (parsed.value === undefined) return <p className="wb-note">The JSON below has a syntax error; the grid returns once it parses.</p>;
  if (!group) return <p className="wb-note">This document has no tables yet. Add one under “tables” in the JSON below.</p>;
  const selected = selection && group.tables.find(([id]) => id === selection.table)?.[1];
  const selectedPointer = selection ? joinPointer('/tables', selection.table, 'cells', selection.row, selection.col) : '';
  const selectedRead = selection && amounts && amountReadAt(amounts, selection.table, selection.col);

  return (
    <div className="wb-tables" ref={tablesRef} onKeyDown={undoKeys} data-checking={amounts === undefined || undefined}>
      <div className="wb-tables-scroll" ref={scrollRef}>
        {groups.length > 1 && (
          <div className="wb-tabs" role="tablist" aria-label="Tables in this document">
            {groups.map((g) => (
              <button key={g.key} role="tab" aria-selected={g === group} data-tables={g.tables.map(([id]) => id).join(' ')} onClick={() => setChosen(g.key)}>
                {g.label}
                {g.tables.length > 1 && <span className="meta"> ({g.tables.length} lines)</span>}
              </button>
            ))}
          </div>
        )}
        {group.tables.map(([id, table]) => (
          <Grid key={id} id={id} table={table} findings={findings} overridden={overridden} selection={selection?.table === id ? selection : undefined} onSelect={setSelection} focusCell={focusCell} onType={() => valueBox.current?.select()} />
        ))}
        <Legend />
      </div>
      {selection && selected && (
        <CellEditor
          key={`${selection.table}|${selection.row}|${selection.col}|${JSON.stringify(cellOf(selected, selection.row, selection.col))}|${unchanged}`}
          where={`${typeof selected.title === 'string' ? selected.title : selection.table}: ${axisName(selected.rows) || 'row'} ${selection.row} · ${axisName(selected.columns) || 'column'} ${selection.col}`}
          pointer={selectedPointer}
          current={cellOf(selected, selection.row, selection.col)}
          amount={selectedRead && { read: selectedRead, results: selected.results }}
          checking={amounts === undefined}
          findings={findings.get(selectedPointer) ?? []}
          overridden={overridden(selection.table, selection.row, selection.col)}
          tableSource={selected.source}
          onOpen={onOpen}
          valueRef={valueBox}
          boxRef={setEditorBox}
          initial={inputOf(cellOf(selected, selection.row, selection.col), gaps.recall(path, selection.table, selection.row, selection.col))}
          onApply={(cell) => {
            focusCell(selection);
            // A cell as the document has it already (a gap ticked back, a value retyped) is not written again: no revision.
            if (deepEqual(cell, cellOf(selected, selection.row, selection.col))) return noteUnchanged();
            onEdit(['tables', selection.table, 'cells', selection.row, selection.col], cell);
          }}
          onClose={() => {
            focusCell(selection);
            setSelection(undefined);
          }}
        />
      )}
    </div>
  );
}

function Grid({ id, table, findings, overridden, selection, onSelect, focusCell, onType }: { id: string; table: Rec; findings: Map<string, Diagnostic[]>; overridden: (table: string, row: string, col: string) => Overridden | undefined; selection?: Selection; onSelect: (s: Selection) => void; focusCell: (s: Selection) => void; onType: () => void }) {
  const rows = keysOf(table.rows);
  const cols = keysOf(table.columns);
  // A table is one stop of the Tab order, at the cell last focused (its first at the start): the arrows move within it.
  const [home, setHome] = useState<{ row: string; col: string }>();
  const homeRow = home && rows.includes(home.row) ? home.row : rows[0];
  const homeCol = home && cols.includes(home.col) ? home.col : cols[0];
  // The selected cell's typing goes to its editor's value box, its text selected: typed over, as in a spreadsheet.
  // A cell focused but no longer selected (its editor left by Escape) is selected again first, its editor drawn at
  // once for the keystroke to land in its value box.
  const keys = (e: KeyboardEvent, row: string, col: string) => {
    const typed = ((e.key.length === 1 && e.key !== ' ') || e.key === 'Backspace' || e.key === 'Delete') && !e.ctrlKey && !e.metaKey && !e.altKey;
    if (typed) {
      if (selection?.row !== row || selection.col !== col) flushSync(() => onSelect({ table: id, row, col }));
      return onType();
    }
    const step: Record<string, [number, number]> = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    const delta = step[e.key];
    if (!delta) return;
    e.preventDefault();
    const r = rows[Math.min(rows.length - 1, Math.max(0, rows.indexOf(row) + delta[0]))];
    const c = cols[Math.min(cols.length - 1, Math.max(0, cols.indexOf(col) + delta[1]))];
    onSelect({ table: id, row: r, col: c });
    focusCell({ table: id, row: r, col: c });
  };
  return (
    <section className="wb-table">
      <div className="wb-table-head">
        <strong>{typeof table.title === 'string' ? table.title : id}</strong>
        {typeof table.rule === 'string' && <span className="meta"> · rule {table.rule}</span>}
        {typeof table.description === 'string' && <div className="meta">{table.description}</div>}
      </div>
      <table className="wb-grid" data-table={id}>
        <thead>
          <tr>
            <th scope="col" className="wb-corner">
              {axisName(table.rows)} \ {axisName(table.columns)}
            </th>
            {cols.map((c) => (
              <th key={c} scope="col">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r}>
              <th scope="row">{r}</th>
              {cols.map((c) => {
                const view = cellView(cellOf(table, r, c), table.source);
                const selected = selection?.row === r && selection.col === c;
                const found = findings.get(joinPointer('/tables', id, 'cells', r, c));
                const over = overridden(id, r, c);
                const played = over && cellView(over.played, table.source);
                const lines = [...(found ?? []).map((d) => `${d.severity}: ${d.message}`), ...(played ? [overrideWords(over, played.text), `this document: ${view.text}`] : []), view.detail];
                return (
                  <td key={c} className={`wb-cell prov-${view.provenance}${view.own ? ' own' : ''}${selected ? ' selected' : ''}${found ? ` flagged-${found[0].severity}` : ''}${over ? ' overridden' : ''}`}>
                    <button data-row={r} data-col={c} title={lines.join('\n')} tabIndex={r === homeRow && c === homeCol ? 0 : -1} onFocus={() => setHome({ row: r, col: c })} onClick={() => onSelect({ table: id, row: r, col: c })} onKeyDown={(e) => keys(e, r, c)}>
                      {played ? (
                        <>
                          <s>{view.text}</s> {played.text}
                        </>
                      ) : (
                        view.text
                      )}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** "Games play 3, from the erratum “Fire table erratum” (errata/fire.json)". */
const overrideWords = (over: Override, played: string) => `Games play ${played}, from the erratum “${over.title}” (${over.patchSet})`;

/**
 * A cell's editor. A value the tables schema refuses at the cell, or that no amount may be where the mechanics read
 * one, is not written: the editor stays, with what was typed and why it is refused, until it is corrected or Escape
 * leaves the cell as it was. Once refused, the reason follows the fields as they are typed (the same checks, of one
 * cell): gone when Enter would write them, back when it would not. The value box is there on a gap too, for typing
 * into it fills the gap (typedValue).
 */
function CellEditor({ where, pointer, current, amount, checking, findings, overridden, tableSource, onOpen, valueRef, boxRef, initial, onApply, onClose }: { where: string; pointer: string; current: unknown; amount?: { read: AmountsRead; results: unknown }; checking: boolean; findings: readonly Diagnostic[]; overridden?: Overridden; tableSource: unknown; onOpen: (path: string) => void; valueRef: RefObject<HTMLInputElement | null>; boxRef: (box: HTMLDivElement | null) => void; initial: CellInput; onApply: (cell: unknown) => void; onClose: () => void }) {
  const [input, setInput] = useState(initial);
  const [refused, setRefused] = useState(false);
  const set = (change: Partial<CellInput>) => setInput((i) => ({ ...i, ...change }));
  // The checks of what the mechanics read are not known the moment the page opens: nothing is written unchecked.
  const toWrite = () => (checking ? { error: `Not written to ${where} yet: the ruleset's checks are still being read, a moment after the page opens; Enter again once this goes` } : cellToWrite(input, pointer, where, current, amount));
  const apply = () => {
    const made = toWrite();
    if ('error' in made) return setRefused(true);
    onApply(made.cell);
  };
  const verdict = refused ? toWrite() : undefined;
  const error = verdict && 'error' in verdict ? verdict.error : undefined;
  const gapFilled = !input.gap && gapOf(current);
  const keys = (e: KeyboardEvent) => {
    if (e.key === 'Enter') apply();
    if (e.key === 'Escape') onClose();
  };
  return (
    <div className="wb-cell-editor" ref={boxRef} onKeyDown={keys}>
      <strong>{where}</strong>
      <label>
        <input type="checkbox" checked={input.gap} onChange={(e) => set({ gap: e.target.checked })} /> gap
      </label>
      <input
        ref={valueRef}
        aria-label="Value"
        data-testid="cell-value"
        // As wide on a gap typed into as on the gap: a box that shrank as the typing began would jump up a line.
        size={input.gap || gapFilled ? 20 : 8}
        placeholder={input.gap ? 'type a value to fill it' : undefined}
        value={input.gap ? '' : input.value}
        onChange={(e) => setInput((i) => typedValue(i, e.target.value))}
      />
      {input.gap ? (
        <>
          <input aria-label="What is missing" placeholder="what is missing" value={input.gapText} onChange={(e) => set({ gapText: e.target.value })} />
          <input aria-label="Rule" placeholder="rule" size={6} value={input.gapRule} onChange={(e) => set({ gapRule: e.target.value })} />
          {input.category && <span className="meta">filed under {input.category}</span>}
        </>
      ) : (
        <>
          <select aria-label="Source" value={input.kind} onChange={(e) => set({ kind: e.target.value as CellInput['kind'] })}>
            <option value="table">as the table</option>
            {PROVENANCE_KINDS.map((k) => (
              <option key={k} value={k} title={PROVENANCE_MEANINGS[k]}>
                {k}
              </option>
            ))}
          </select>
          {input.kind !== 'table' && <input aria-label="Quote" placeholder="the rulebook's words" value={input.quote} onChange={(e) => set({ quote: e.target.value })} />}
          {input.kind !== 'table' && (
            <input aria-label="Why (note)" placeholder={input.kind === 'provisional' ? 'why this value, e.g. a guess to make the draft playable' : 'why: a note on the source'} size={28} value={input.note} onChange={(e) => set({ note: e.target.value })} />
          )}
          {input.kind !== 'table' && <input aria-label="Rule" placeholder="rule" size={6} value={input.rule} onChange={(e) => set({ rule: e.target.value })} />}
          {gapFilled && <span className="meta">fills the gap (tick “gap” to keep it)</span>}
        </>
      )}
      <button onClick={apply}>Apply</button>
      {error && (
        <span className="wb-error" role="alert">
          {error}
        </span>
      )}
      {overridden && (
        <span className="wb-finding warning" role="note">
          {overrideWords(overridden, cellView(overridden.played, tableSource).text)}: an edit here changes nothing in play.{' '}
          <button className="wb-link" onClick={() => onOpen(overridden.patchSet)}>
            Open the erratum
          </button>
        </span>
      )}
      {findings.map((d) => (
        <span key={`${d.code} ${d.message}`} className={`wb-finding ${d.severity}`}>
          {d.message}
        </span>
      ))}
    </div>
  );
}

function Legend() {
  return (
    <div className="wb-legend" aria-label="Cell colours">
      {[...PROVENANCE_KINDS, 'unmarked', 'gap', 'missing'].map((k) => (
        <span key={k} className={`wb-cell prov-${k}`}>
          {k}
        </span>
      ))}
    </div>
  );
}
