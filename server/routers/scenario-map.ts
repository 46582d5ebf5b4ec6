// The workbench's map of a scenario, on the draft as the designer sees it (unsaved texts overlaid): where
// its placements put their units, whether one may start elsewhere, and what a condition names on the board
// and whether it holds at the scenario's start. Each answer says which document, and where in it, to edit.
import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import type { Condition, ResolvedRuleset } from '../../engine';
import type { Location, Source } from '../../engine/generated/schema-types';
import { createGame, type Game } from '../../engine/game';
import { matchCondition } from '../../engine/game/condition-places';
import { compileRules } from '../../engine/game/rules';
import { movePlacement, setupPlacements } from '../../engine/game/setup-edit';
import { getAt, isPrefix, joinPointer } from '../../engine/json/pointer';
import { designerRefined, provisionalAt } from '../../engine/provenance';
import { publicProcedure, router } from '../trpc';
import { checkedRuleset, documents, idField, loadWith, rulesetId } from './authoring';

const unprocessable = (message: string) => new TRPCError({ code: 'UNPROCESSABLE_CONTENT', message });

/** The draft resolved, with where each of its parts is written: a document of this ruleset, or null for another's. */
function draft(id: string, texts: Record<string, string>) {
  const loaded = loadWith(checkedRuleset(id), texts);
  if (!loaded.ruleset || !loaded.hash) throw unprocessable(`${id} does not resolve: fix its manifest first`);
  const origin = (pointer: string) => {
    const o = loaded.origins.find(pointer);
    return o?.document.startsWith(`${id}/`) ? { document: o.document.slice(id.length + 1), pointer: o.pointer } : null;
  };
  return { ruleset: loaded.ruleset, hash: loaded.hash, diagnostics: loaded.diagnostics, origin };
}

/** Games of recent drafts by content hash and scenario: pointing at condition after condition reuses one. */
const recent = new Map<string, Game>();
const KEPT = 8;

function startOf(d: ReturnType<typeof draft>, scenario: string): Game {
  const key = `${d.hash}|${scenario}`;
  let game = recent.get(key);
  if (!game) {
    const created = createGame(d.ruleset, scenario, 1, { rulesetHash: d.hash });
    if (!created.ok) throw unprocessable(`Scenario "${scenario}" does not start: ${created.problems.map((p) => p.message).join('; ')}`);
    game = created.game;
    recent.set(key, game);
    if (recent.size > KEPT) recent.delete(recent.keys().next().value!);
  }
  return game;
}

const onDraft = z.strictObject({ id: rulesetId, documents });

/** The scenario named, when the draft has it; else its first. */
function scenarioOf(d: ReturnType<typeof draft>, named: string | undefined): string | undefined {
  const ids = Object.keys(d.ruleset.scenarios ?? {});
  return named && ids.includes(named) ? named : ids[0];
}

/**
 * The source of a placement the designer has moved on the map: provisional, keeping the rule (and its words)
 * that the choice refines, with a note saying where the data had put it ("placed by the designer within:
 * Anywhere in France", "moved by the designer from hex 1909"). A placement without a source of its own reads
 * its scenario's. Undefined when the placement's own source is provisional already (a designer's choice,
 * moved again: its note still says what the data held).
 */
export function designerSource(ruleset: ResolvedRuleset, scenario: string, index: number): Source | undefined {
  const s = ruleset.scenarios?.[scenario];
  const p = s?.placements[index];
  if (!p) return undefined;
  const what = p.location.constraint ? `placed by the designer within: ${p.location.constraint.text}` : `moved by the designer from ${whereIs(ruleset, p.location)}`;
  return designerRefined(p.source ?? s.source, what);
}

/** A location as the note of a moved placement names it. */
function whereIs(ruleset: ResolvedRuleset, l: Location): string {
  if (l.hex !== undefined) return `hex ${l.hex}`;
  if (l.place !== undefined) return `${ruleset.map?.places?.[l.place]?.name ?? l.place}${ruleset.map?.places?.[l.place]?.hex ? ` (hex ${ruleset.map.places[l.place].hex})` : ''}`;
  if (l.area !== undefined) return `area ${ruleset.map?.areas?.[l.area]?.name ?? l.area}`;
  if (l.box !== undefined) return `box ${ruleset.map?.boxes?.[l.box]?.name ?? l.box}`;
  if (l.carriedBy !== undefined) return `aboard ${ruleset.roster?.[l.carriedBy]?.name ?? l.carriedBy}`;
  return 'where it was';
}

export const scenarioMapRouter = router({
  /**
   * The scenarios, and one's placements (the first scenario when none is named) with the board's named places;
   * and the map's kind, since the pane draws only hex maps.
   */
  placements: publicProcedure.input(onDraft.extend({ scenario: idField.optional() })).mutation(({ input }) => {
    const d = draft(input.id, input.documents);
    const scenarios = Object.entries(d.ruleset.scenarios ?? {}).map(([id, s]) => ({ id, name: s.name }));
    const mapKind = d.ruleset.map?.kind ?? null;
    const scenario = scenarioOf(d, input.scenario);
    /** The ruleset this one extends, whose placements are changed there or with errata. */
    const extended = typeof d.ruleset.extends === 'string' ? d.ruleset.extends : null;
    if (!scenario) return { scenarios, mapKind, extended, scenario: null, placements: [], places: [] };
    const rules = compileRules(d.ruleset, d.hash, scenario);
    if ('error' in rules) throw unprocessable(`Scenario "${scenario}" cannot be shown: ${rules.error}`);
    const placements = setupPlacements(rules).map((p) => {
      const at = joinPointer('/scenarios', scenario, 'placements', p.index);
      const provisional = provisionalAt(d.ruleset, at);
      // Where its location is written by the ruleset this one extends, a drag would be refused (move's not-this-ruleset).
      return { ...p, ...(p.at ? { where: rules.label(p.at) } : {}), origin: d.origin(at), movable: d.origin(joinPointer(at, 'location')) !== null, ...(provisional ? { provisional: { note: provisional.note } } : {}) };
    });
    const places = Object.entries(d.ruleset.map?.places ?? {}).flatMap(([id, p]) => {
      const at = rules.placeLoc.get(id);
      return at ? [{ id, name: p.name, at, origin: d.origin(joinPointer('/map/places', id)) }] : [];
    });
    return { scenarios, mapKind, extended, scenario, placements, places };
  }),

  /** Where a placement's units would start at a hex or area, and the JSON that says so; or the rule that refuses it. */
  move: publicProcedure
    .input(onDraft.extend({ scenario: idField, index: z.int().min(0), to: z.string().regex(/^(hex|area):[0-9A-Za-z_.-]{1,80}$/, 'a hex (hex:<number>) or an area (area:<id>)') }))
    .mutation(({ input }) => {
      const d = draft(input.id, input.documents);
      const moved = movePlacement(startOf(d, input.scenario), input.index, input.to);
      if ('refusal' in moved) return { ok: false as const, refusal: { ...moved.refusal, origin: d.origin(moved.refusal.cite.pointer) } };
      const placement = joinPointer('/scenarios', input.scenario, 'placements', input.index);
      const origin = d.origin(joinPointer(placement, 'location'));
      if (!origin) return { ok: false as const, refusal: { code: 'not-this-ruleset', message: 'this placement comes from the ruleset this one extends: change it there, or with errata', cite: { pointer: '' }, origin: null } };
      // The drop is the designer's choice: the placement says so, unless it already does.
      const source = designerSource(d.ruleset, input.scenario, input.index);
      const sourceAt = source && d.origin(joinPointer(placement, 'source'));
      return { ok: true as const, origin, location: moved.location, ...(source && sourceAt ? { source: { origin: sourceAt, value: source } } : {}) };
    }),

  /** What the condition at a pointer of the draft names on the board, and whether each part holds at the start of a scenario (the first when none is named). */
  match: publicProcedure.input(onDraft.extend({ scenario: idField.optional(), pointer: z.string().max(500).regex(/^\//, 'a JSON Pointer') })).mutation(({ input }) => {
    const d = draft(input.id, input.documents);
    const condition = getAt(d.ruleset, input.pointer);
    if (condition === null || typeof condition !== 'object') throw new TRPCError({ code: 'NOT_FOUND', message: `No condition at ${input.pointer}` });
    // A half-written condition (an `all` without its list) cannot be evaluated; its markers say why.
    if (d.diagnostics.some((p) => p.severity === 'error' && isPrefix(input.pointer, p.pointer))) return { why: 'the condition has errors: see its markers', named: [] };
    const scenario = scenarioOf(d, input.scenario);
    if (!scenario) throw unprocessable(`${input.id} has no scenario to start from`);
    const game = startOf(d, scenario);
    return matchCondition(game, game.initial, condition as Condition, input.pointer);
  }),
});
