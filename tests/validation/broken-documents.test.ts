// Each broken document gives the expected diagnostic code, at the expected document, pointer and line,
// without crashing the validator and without hiding the other problems.
import { describe, expect, it } from 'vitest';
import { loadRuleset, RULESET_FORMAT, type Diagnostic } from '@/engine';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fsSource } from '@/engine/load/fs-source';
import { editJson, errorsOf, FIXTURES, fixtureText, lineOf, loadWith } from './helpers';

interface Case {
  name: string;
  id?: string;
  files: Record<string, string>;
  code: string;
  document: string;
  pointer?: string;
  /** The line holding this marker (its nth occurrence); omitted when the line is not the point. */
  line?: [file: string, marker: string, nth?: number];
  severity?: 'error' | 'warning';
  message?: RegExp;
}

const U = 'skirmish/units.json';
const M = 'skirmish/ruleset.json';
const MAP = 'skirmish/map.json';
const SETUP = 'skirmish/setup.json';
const SEQ = 'skirmish/sequence.json';
const VIC = 'skirmish/victory.json';
const RULES = 'skirmish/rules.json';
const COMBAT = 'skirmish/tables/combat.json';
const TERRAIN = 'skirmish/tables/terrain.json';
const ERRATA = 'skirmish-errata/errata/second-printing.json';
const ERRATA_M = 'skirmish-errata/ruleset.json';

const units = (f: (d: any) => void) => ({ [U]: editJson('skirmish/units.json', f) });
const manifest = (f: (d: any) => void) => ({ [M]: editJson('skirmish/ruleset.json', f) });
const map = (f: (d: any) => void) => ({ [MAP]: editJson('skirmish/map.json', f) });
const setup = (f: (d: any) => void) => ({ [SETUP]: editJson('skirmish/setup.json', f) });
const seq = (f: (d: any) => void) => ({ [SEQ]: editJson('skirmish/sequence.json', f) });
const vic = (f: (d: any) => void) => ({ [VIC]: editJson('skirmish/victory.json', f) });
const rules = (f: (d: any) => void) => ({ [RULES]: editJson('skirmish/rules.json', f) });
const combat = (f: (d: any) => void) => ({ [COMBAT]: editJson('skirmish/tables/combat.json', f) });
const errata = (f: (d: any) => void) => ({ [ERRATA]: editJson('skirmish-errata/errata/second-printing.json', f) });
const text = (file: string, change: (t: string) => string) => ({ [file]: change(fixtureText(file)) });

/** A small area-map ruleset held entirely in memory. */
function islands(areas: Record<string, string[]>): Record<string, string> {
  return {
    'islands/ruleset.json': JSON.stringify({ id: 'islands', title: 'Islands', source: { title: 'Islands' }, documents: { map: 'map.json' }, sides: { a: { name: 'A' } } }, null, 2),
    'islands/map.json': JSON.stringify({ map: { kind: 'area', areas: Object.fromEntries(Object.entries(areas).map(([id, adjacent]) => [id, { name: id, type: 'land', adjacent }])) } }, null, 2),
  };
}

const deeplyNested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

const CASES: Case[] = [
  // Malformed JSON: the position of the syntax error.
  { name: 'missing comma', files: text('skirmish/units.json', (t) => t.replace('"class": "land", "kind": "infantry"', '"class": "land" "kind": "infantry"')), code: 'json-syntax', document: U, line: [U, '"class": "land" "kind"'], message: /^comma expected at "kind"$/ },
  { name: 'trailing comma', files: text('skirmish/victory.json', (t) => t.replace(/"rule": "9" }\n  }/, '"rule": "9" },\n  }')), code: 'json-syntax', document: VIC, line: [VIC, '"rule": "9" },'], message: /^a comma before "}", which JSON does not allow: remove the comma$/ },
  { name: 'cut-off document', files: text('skirmish/victory.json', (t) => t.slice(0, t.length / 2)), code: 'json-syntax', document: VIC, message: /the text ends before the JSON does/ },
  { name: 'empty document', files: { [U]: '' }, code: 'json-syntax', document: U, line: [U, ''], message: /the file is empty/ },
  { name: 'comment in JSON', files: text('skirmish/setup.json', (t) => t.replace('"scenarios": {', '"scenarios": { // the only scenario')), code: 'json-syntax', document: SETUP, line: [SETUP, '// the only'] },
  { name: 'missing comma before a long key', files: text('skirmish/units.json', (t) => t.replace('"class": "land", "kind": "infantry"', '"class": "land" "infantry-of-the-line": 1, "kind": "infantry"')), code: 'json-syntax', document: U, message: /^comma expected at "infantry-of-the-lin…$/ },
  { name: 'unclosed string', files: text('skirmish/sequence.json', (t) => t.replace('"name": "A. Production"', '"name": "A. Production')), code: 'json-syntax', document: SEQ },
  // Wrong types and values.
  { name: 'movement given as a string', files: units((d) => (d.unitTypes.infantry.movement = '3')), code: 'no-matching-form', document: U, pointer: '/unitTypes/infantry/movement', line: [U, '"movement": "3"'] },
  { name: 'unknown unit class', files: units((d) => (d.unitTypes.infantry.class = 'tank')), code: 'bad-value', document: U, pointer: '/unitTypes/infantry/class', line: [U, '"class": "tank"'] },
  { name: 'steps as a fraction', files: units((d) => (d.unitTypes.infantry.steps = 1.5)), code: 'wrong-type', document: U, pointer: '/unitTypes/infantry/steps', line: [U, '"steps": 1.5'] },
  { name: 'factor name with a space', files: units((d) => (d.unitTypes.infantry.factors['anti tank'] = 1)), code: 'bad-value', document: U, pointer: '/unitTypes/infantry/factors/anti tank' },
  { name: 'a unit of two steps with no reduced factors', files: units((d) => delete d.unitTypes.infantry.reducedFactors), code: 'no-reduced-factors', severity: 'warning', document: U, pointer: '/unitTypes/infantry', message: /^Infantry has 2 steps but no reduced attack, defense factors \(reducedFactors\): a test game asks for them once one of its units is reduced, and bots stop there; give them, or a gap$/ },
  { name: 'unknown key, with a suggestion', files: units((d) => (d.unitTypes.infantry.movment = 3)), code: 'unknown-key', document: U, pointer: '/unitTypes/infantry/movment', line: [U, '"movment"'], message: /did you mean "movement"/ },
  { name: 'missing required name', files: units((d) => delete d.roster['red-1-inf'].name), code: 'missing-property', document: U, pointer: '/roster/red-1-inf', line: [U, '"red-1-inf"'] },
  { name: 'id in capitals', files: text('skirmish/units.json', (t) => t.replace('"red-1-inf": {', '"Red-1-Inf": {')), code: 'bad-value', document: U, pointer: '/roster/Red-1-Inf', line: [U, '"Red-1-Inf"'] },
  { name: 'manifest without a title', files: manifest((d) => delete d.title), code: 'missing-property', document: M, pointer: '' },
  { name: 'manifest id differs from its folder', files: manifest((d) => (d.id = 'skirmish2')), code: 'id-mismatch', document: M, pointer: '/id', line: [M, '"id": "skirmish2"'] },
  { name: 'document that does not exist', files: manifest((d) => (d.documents.units = 'unit.json')), code: 'missing-document', document: M, pointer: '/documents/units', line: [M, '"units": "unit.json"'] },
  { name: 'document path leaving the folder', files: manifest((d) => (d.documents.units = '../other/units.json')), code: 'bad-path', document: M, pointer: '/documents/units' },
  { name: 'unknown expression operator', files: vic((d) => (d.victory.levels[0].condition.op = 'owns')), code: 'bad-value', document: VIC, pointer: '/victory/levels/0/condition/op', line: [VIC, '"op": "owns"'] },
  { name: 'expression without op', files: vic((d) => delete d.victory.levels[0].condition.op), code: 'missing-property', document: VIC, pointer: '/victory/levels/0/condition' },
  { name: 'unknown step procedure', files: seq((d) => (d.sequence.phases[1].steps[0].procedure = 'teleport')), code: 'bad-value', document: SEQ, pointer: '/sequence/phases/1/steps/0/procedure', line: [SEQ, '"teleport"'] },
  { name: 'victory level id used twice', files: vic((d) => (d.victory.levels[2].id = 'red-decisive')), code: 'duplicate-id', document: VIC, pointer: '/victory/levels/2/id', message: /^level id "red-decisive" is used twice: the level at \/victory\/levels\/0 has it too$/ },
  { name: 'unknown victory check time', files: vic((d) => (d.victory.checks[0].when = 'sometimes')), code: 'bad-value', document: VIC, pointer: '/victory/checks/0/when' },
  { name: 'location with two places at once', files: setup((d) => (d.scenarios.campaign.placements[0].location = { place: 'red-city', hex: '0101' })), code: 'bad-value', document: SETUP, pointer: '/scenarios/campaign/placements/0/location' },
  { name: 'unknown season', files: setup((d) => (d.scenarios.campaign.start.season = 'monsoon')), code: 'bad-value', document: SETUP, pointer: '/scenarios/campaign/start/season', line: [SETUP, '"monsoon"'] },
  { name: 'unknown combat model', files: manifest((d) => (d.mechanics.combat.land.model = 'dice-pool')), code: 'bad-value', document: M, pointer: '/mechanics/combat/land/model', line: [M, '"dice-pool"'] },
  { name: 'fire table without its factor', files: manifest((d) => delete d.mechanics.combat.land.factor), code: 'missing-property', document: M, pointer: '/mechanics/combat/land' },
  // Dangling references and duplicate ids.
  { name: 'roster unit of an unknown type', files: units((d) => (d.roster['red-1-inf'].type = 'cavalry')), code: 'dangling-ref', document: U, pointer: '/roster/red-1-inf/type', line: [U, '"cavalry"'] },
  { name: 'roster unit of an unknown power', files: units((d) => (d.roster['red-1-inf'].power = 'greenland')), code: 'dangling-ref', document: U, pointer: '/roster/red-1-inf/power', line: [U, '"greenland"'] },
  { name: 'cost in an unknown resource', files: units((d) => (d.unitTypes.infantry.cost = { oil: 1 })), code: 'dangling-ref', document: U, pointer: '/unitTypes/infantry/cost/oil' },
  { name: 'setup unit missing from the roster', files: setup((d) => (d.scenarios.campaign.placements[0].unit = 'red-9-inf')), code: 'setup-unit-unknown', document: SETUP, pointer: '/scenarios/campaign/placements/0/unit', line: [SETUP, '"red-9-inf"'] },
  { name: 'force pool of an unknown type', files: setup((d) => (d.scenarios.campaign.forcePools.redland[0].type = 'marines')), code: 'setup-unit-unknown', document: SETUP, pointer: '/scenarios/campaign/forcePools/redland/0/type' },
  { name: 'reinforcement missing from the roster', files: setup((d) => (d.scenarios.campaign.reinforcements[0].units[0].unit = 'red-4-inf')), code: 'setup-unit-unknown', document: SETUP, pointer: '/scenarios/campaign/reinforcements/0/units/0/unit' },
  { name: 'unit placed for the wrong power', files: setup((d) => (d.scenarios.campaign.placements[0].power = 'blueland')), code: 'setup-power-mismatch', document: SETUP, pointer: '/scenarios/campaign/placements/0/power' },
  { name: 'hostile units set up together', files: setup((d) => (d.scenarios.campaign.placements[3].location = { hex: '0101' })), code: 'hostile-setup', severity: 'warning', document: SETUP, pointer: '/scenarios/campaign/placements/3/location', message: /^a Blueland unit \(blue-ford-fort\) is set up at hex 0101 with Redland's units, which are hostile to it/ },
  { name: 'a starting stock below zero', files: setup((d) => (d.scenarios.campaign.economy.redland.pp = -5)), code: 'bad-value', document: SETUP, pointer: '/scenarios/campaign/economy/redland/pp', message: /^Redland's starting pp -5 is below zero$/ },
  { name: 'unit placed twice', files: setup((d) => d.scenarios.campaign.placements.push({ ...d.scenarios.campaign.placements[0], location: { hex: '0102' } })), code: 'duplicate-id', document: SETUP, pointer: '/scenarios/campaign/placements/5/unit' },
  { name: 'duplicate key in one object', files: text('skirmish/units.json', (t) => t.replace('"armor": {', '"infantry": {')), code: 'duplicate-id', document: U, pointer: '/unitTypes/infantry', line: [U, '"infantry": {', 2] },
  { name: 'id defined in two files', files: { [TERRAIN]: editJson('skirmish/tables/terrain.json', (d) => (d.tables.fire = d.tables['terrain-effects'])) }, code: 'duplicate-id', document: TERRAIN, pointer: '/tables/fire', line: [TERRAIN, '"fire"'] },
  { name: 'phase and step sharing an id', files: seq((d) => (d.sequence.phases[2].steps[0].id = 'produce')), code: 'duplicate-id', document: SEQ, pointer: '/sequence/phases/2/steps/0/id' },
  { name: 'unknown place in a map reference', files: manifest((d) => (d.powers.redland.capital = 'red-town')), code: 'dangling-ref', document: M, pointer: '/powers/redland/capital' },
  { name: 'unknown place among several capitals', files: manifest((d) => (d.powers.redland.capital = ['red-city', 'red-town'])), code: 'dangling-ref', document: M, pointer: '/powers/redland/capital/1' },
  { name: 'several capitals, one of them twice', files: manifest((d) => (d.powers.redland.capital = ['red-city', 'red-city'])), code: 'no-matching-form', document: M, pointer: '/powers/redland/capital' },
  { name: 'place on a hex outside the grid', files: map((d) => (d.map.places.ford.hex = '0909')), code: 'dangling-ref', document: MAP, pointer: '/map/places/ford/hex', line: [MAP, '"0909"'] },
  { name: 'grid numbered backwards', files: map((d) => (d.map.grid.columns = { first: 6, last: 1 })), code: 'bad-value', document: MAP, pointer: '/map/grid/columns', message: /the first of the columns \(6\) is after the last \(1\)/ },
  { name: 'hex of an unknown terrain', files: map((d) => (d.map.hexes['0101'].terrain = 'swamp')), code: 'dangling-ref', document: MAP, pointer: '/map/hexes/0101/terrain', line: [MAP, '"swamp"'], message: /^unknown terrain "swamp"; known: "\w+"(, "[\w-]+")+$/ },
  { name: 'combat with an unknown table', files: manifest((d) => (d.mechanics.combat.land.table = 'crt')), code: 'dangling-ref', document: M, pointer: '/mechanics/combat/land/table', line: [M, '"crt"'] },
  { name: 'a cell with a result code the table does not explain', files: { [TERRAIN]: editJson(TERRAIN, (d) => (d.tables['terrain-effects'].cells.sea.cost = 'prohibted')) }, code: 'unknown-result', severity: 'warning', document: TERRAIN, pointer: '/tables/terrain-effects/cells/sea/cost', line: [TERRAIN, '"prohibted"'], message: /cell "prohibted" holds "prohibted", which is neither a number nor one of the result codes the table explains \(prohibited\)/ },
  { name: 'a misspelt factor', files: manifest((d) => (d.mechanics.combat.land.factor = 'atack')), code: 'unknown-factor', severity: 'warning', document: M, pointer: '/mechanics/combat/land/factor', line: [M, '"atack"'], message: /no unit type or unit prints an? "atack" factor: .*did you mean "attack"\?/ },
  { name: 'a misspelt table', files: manifest((d) => (d.mechanics.combat.land.table = 'fier')), code: 'dangling-ref', document: M, pointer: '/mechanics/combat/land/table', message: /unknown table "fier"; did you mean "fire"\?/ },
  { name: 'cost table with no column to build from', files: manifest((d) => (d.mechanics.production.costs = 'fire')), code: 'table-key-unknown', severity: 'warning', document: M, pointer: '/mechanics/production/costs', message: /the engine cannot read a cost to build until buildColumn names the column/ },
  { name: 'rebuild excepting an unknown status', files: manifest((d) => (d.mechanics.production.rebuild = { exceptStatuses: ['vanquished'] })), code: 'dangling-ref', document: M, pointer: '/mechanics/production/rebuild/exceptStatuses/0' },
  { name: 'placement for an unknown power', files: manifest((d) => (d.mechanics.production.placement = { byPower: { greenland: { text: 'in the reserve' } } })), code: 'dangling-ref', document: M, pointer: '/mechanics/production/placement/byPower/greenland' },
  { name: 'placement in an unknown box', files: manifest((d) => (d.mechanics.production.placement = { byPower: { redland: { text: 'in the depot', boxes: ['depot'] } } })), code: 'dangling-ref', document: M, pointer: '/mechanics/production/placement/byPower/redland/boxes/0' },
  { name: 'upgrade cost column the table lacks', files: manifest((d) => Object.assign(d.mechanics.production, { costs: 'terrain-effects', buildColumn: 'cost', upgrade: { column: 'upgrade' } })), code: 'dangling-ref', document: M, pointer: '/mechanics/production/upgrade/column', message: /unknown column of table terrain-effects "upgrade"/ },
  { name: 'support battle on an unknown table', files: manifest((d) => (d.mechanics.combat.land.support = { classes: ['air'], battle: { lines: [{ table: 'air-vs-air' }] } })), code: 'dangling-ref', document: M, pointer: '/mechanics/combat/land/support/battle/lines/0/table' },
  { name: 'interception on an unknown table', files: manifest((d) => (d.mechanics.combat.land.interception = { classes: ['air'], table: 'air-vs-air', lossUnit: 'step' })), code: 'dangling-ref', document: M, pointer: '/mechanics/combat/land/interception/table' },
  { name: 'airdrop fought in an unknown combat', files: manifest((d) => (d.mechanics.movement.airdrop = { kinds: ['infantry'], range: 2, combat: 'drop', source: { kind: 'rulebook', rule: '1' } })), code: 'dangling-ref', document: M, pointer: '/mechanics/movement/airdrop/combat' },
  { name: 'assault fought in an unknown combat', files: manifest((d) => (d.mechanics.movement.transport = { passengers: ['land'], assault: { at: ['port'], combat: 'landing', source: { kind: 'rulebook', rule: '1' } } })), code: 'dangling-ref', document: M, pointer: '/mechanics/movement/transport/assault/combat' },
  { name: 'combat striking an unknown bonus', files: manifest((d) => Object.assign(d.mechanics.combat.land, { strikes: 'bonuses', struckBonuses: ['capital-bonus', 'tribute'] })), code: 'dangling-ref', document: M, pointer: '/mechanics/combat/land/struckBonuses/1' },
  { name: 'combat in an unknown box', files: manifest((d) => Object.assign(d.mechanics.combat.land, { targetsBoxes: ['depot'] })), code: 'dangling-ref', document: M, pointer: '/mechanics/combat/land/targetsBoxes/0' },
  { name: 'step barring attacks again after an unknown step', files: seq((d) => (d.sequence.phases[1].steps[1].attackAgain = { after: ['combat-phase'] })), code: 'dangling-ref', document: SEQ, pointer: '/sequence/phases/1/steps/1/attackAgain/after/0' },
  { name: 'step running an undeclared combat', files: seq((d) => (d.sequence.phases[1].steps[1].procedure = 'combat.naval')), code: 'dangling-ref', document: SEQ, pointer: '/sequence/phases/1/steps/1/procedure' },
  { name: 'status freezing an unknown power', files: manifest((d) => (d.statuses.neutral.frozen = { powers: ['greenland'] })), code: 'dangling-ref', document: M, pointer: '/statuses/neutral/frozen/powers/0' },
  { name: 'zones of control leaving out an unknown status', files: manifest((d) => (d.mechanics.zoc.outside = { statuses: ['asleep'] })), code: 'dangling-ref', document: M, pointer: '/mechanics/zoc/outside/statuses/0' },
  { name: 'entry restriction on an unknown country', files: manifest((d) => (d.mechanics.movement.restrictions = [{ id: 'ban', countries: ['atlantis'], text: 'No one enters Atlantis.' }])), code: 'dangling-ref', document: M, pointer: '/mechanics/movement/restrictions/0/countries/0' },
  { name: 'entry restriction while an unknown status', files: manifest((d) => (d.mechanics.movement.restrictions = [{ id: 'ban', ofStatuses: ['neutral'], while: { power: 'redland', statuses: ['asleep'] }, text: 'No one enters a neutral.' }])), code: 'dangling-ref', document: M, pointer: '/mechanics/movement/restrictions/0/while/statuses/0' },
  { name: 'entry restriction on a hex off the grid', files: manifest((d) => (d.mechanics.movement.restrictions = [{ id: 'ban', hexes: ['9999'], text: 'No one enters hex 9999.' }])), code: 'dangling-ref', document: M, pointer: '/mechanics/movement/restrictions/0/hexes/0' },
  { name: 'entry restriction lifted by a roll', files: manifest((d) => (d.mechanics.movement.restrictions = [{ id: 'ban', countries: ['redland'], unless: { op: 'roll', dice: 1, sides: 6, cmp: '>=', value: 4 }, text: 'Maybe.' }])), code: 'bad-value', document: M, pointer: '/mechanics/movement/restrictions/0/unless' },
  { name: 'rail excluding an unknown country', files: manifest((d) => (d.mechanics.movement.rail = { excludes: { countries: ['atlantis'] } })), code: 'dangling-ref', document: M, pointer: '/mechanics/movement/rail/excludes/countries/0' },
  { name: 'entry restriction on an unknown side', files: manifest((d) => (d.mechanics.movement.restrictions = [{ id: 'ban', sides: ['green'], countries: ['redland'], text: 'Green may not enter Redland.' }])), code: 'dangling-ref', document: M, pointer: '/mechanics/movement/restrictions/0/sides/0' },
  { name: 'stacking apart an unknown power', files: manifest((d) => (d.mechanics.stacking.apart = { powers: ['greenland'] })), code: 'dangling-ref', document: M, pointer: '/mechanics/stacking/apart/powers/0' },
  { name: 'conflict choosing an unknown reading', files: rules((d) => (d.conflicts['ford-hex'].chosen = 'r0303')), code: 'dangling-ref', document: RULES, pointer: '/conflicts/ford-hex/chosen' },
  // Expressions naming unknown things.
  { name: 'expression naming an unknown power', files: vic((d) => (d.victory.levels[0].condition.by = 'greenland')), code: 'expression-unknown', document: VIC, pointer: '/victory/levels/0/condition/by', line: [VIC, '"greenland"'] },
  { name: 'expression naming an unknown place', files: vic((d) => (d.victory.levels[1].condition.of[1].places = ['bridge'])), code: 'expression-unknown', document: VIC, pointer: '/victory/levels/1/condition/of/1/places/0', line: [VIC, '"bridge"'] },
  { name: 'effect setting an unknown status', files: rules((d) => (d.triggers['greyland-joins-blue'].effects[1].status = 'allied')), code: 'expression-unknown', document: RULES, pointer: '/triggers/greyland-joins-blue/effects/1/status' },
  { name: 'trigger on an unknown phase', files: rules((d) => (d.triggers['ford-tension'].on = [{ event: 'phase-start', phase: 'diplomacy' }])), code: 'expression-unknown', document: RULES, pointer: '/triggers/ford-tension/on/0/phase' },
  { name: 'production bonus condition naming an unknown flag', files: manifest((d) => (d.mechanics.production.bonuses[0].when = { op: 'flag', flag: 'bridge-taken' })), code: 'expression-unknown', document: M, pointer: '/mechanics/production/bonuses/0/when/flag' },
  // Tables.
  { name: 'overlapping column keys', files: combat((d) => (d.tables.fire.columns.keys = ['1-2', '2-5', '6+'])), code: 'table-overlap', document: COMBAT, pointer: '/tables/fire/columns/keys/1' },
  { name: 'a hole between column keys', files: combat((d) => (d.tables.fire.columns.keys = ['1-2', '4-5', '6+'])), code: 'table-hole', document: COMBAT, pointer: '/tables/fire/columns/keys/1', message: /no key covers 3/ },
  { name: 'unreadable number key', files: combat((d) => (d.tables.fire.columns.keys = ['1-2', 'three', '6+'])), code: 'bad-value', document: COMBAT, pointer: '/tables/fire/columns/keys/1' },
  { name: 'cell under an unknown column', files: combat((d) => (d.tables.fire.cells['1']['7+'] = 4)), code: 'table-key-unknown', document: COMBAT, pointer: '/tables/fire/cells/1/7+' },
  { name: 'missing cell', files: combat((d) => delete d.tables.fire.cells['2']['1-2']), code: 'table-cell-missing', document: COMBAT, pointer: '/tables/fire/cells/2', severity: 'warning' },
  { name: 'a land unit set up at sea', files: setup((d) => (d.scenarios.campaign.placements[1].location = { hex: '0203' })), code: 'bad-location', document: SETUP, pointer: '/scenarios/campaign/placements/1/location', message: /a land unit \(red-2-arm\) may not stand at hex 0203: sea terrain, which is sea$/ },
  { name: 'a unit set up on terrain its class does not enter', files: { ...setup((d) => (d.scenarios.campaign.placements[1].location = { hex: '0102' })), ...manifest((d) => (d.mechanics.movement.classes.land.entersTerrain = ['clear'])) }, code: 'bad-location', document: SETUP, message: /may not stand at hex 0102: forest terrain, which land units do not enter/ },
  { name: 'a victory check after the last turn', files: vic((d) => (d.victory.checks[1].turn = { year: 1941, season: 'winter' })), code: 'turn-not-played', severity: 'warning', document: VIC, pointer: '/victory/checks/1/turn', message: /no scenario plays this turn, so the check never comes \(campaign plays spring 1940 to winter 1940\)/ },
  { name: "a scenario's own victory level naming an unknown side", files: setup((d) => (d.scenarios.campaign.victory = { checks: [{ when: 'immediately', levels: ['win'] }], levels: [{ id: 'win', name: 'Win', side: 'greens', condition: { op: 'all', of: [] } }] })), code: 'dangling-ref', document: SETUP, pointer: '/scenarios/campaign/victory/levels/0/side', line: [SETUP, '"greens"'] },
  { name: "a scenario's own victory check naming a level it lacks", files: setup((d) => (d.scenarios.campaign.victory = { checks: [{ when: 'immediately', levels: ['lose'] }], levels: [{ id: 'win', name: 'Win', condition: { op: 'all', of: [] } }] })), code: 'dangling-ref', document: SETUP, pointer: '/scenarios/campaign/victory/checks/0/levels/0' },
  { name: 'a scenario starting after its end', files: setup((d) => { d.scenarios.campaign.start = { year: 1940, season: 'winter' }; d.scenarios.campaign.end = { year: 1940, season: 'summer' }; }), code: 'scenario-turns', document: SETUP, pointer: '/scenarios/campaign/start', message: /^scenario "campaign" starts winter 1940 \(turn 4\), after its end, summer 1940 \(turn 2\)$/ },
  { name: 'a scenario ending past the calendar', files: setup((d) => (d.scenarios.campaign.end = { year: 1941, season: 'spring' })), code: 'scenario-turns', document: SETUP, pointer: '/scenarios/campaign/end', message: /^scenario "campaign" ends spring 1941 \(turn 5\), outside the ruleset's calendar \(spring 1940 \(turn 1\) to winter 1940 \(turn 4\)\)$/ },
  { name: 'negative movement allowance', files: units((d) => (d.unitTypes.armor.movement = -3)), code: 'bad-value', document: U, pointer: '/unitTypes/armor/movement', message: /movement -3 is below zero/ },
  { name: 'negative factor of a roster unit', files: units((d) => (d.roster['red-1-inf'].factors = { attack: { value: -1, source: { kind: 'provisional', note: 'x' } } })), code: 'bad-value', document: U, pointer: '/roster/red-1-inf/factors/attack', message: /attack -1 is below zero/ },
  { name: 'fractional loss points', files: combat((d) => (d.tables.fire.cells['1']['3-5'] = 2.5)), code: 'bad-value', document: COMBAT, pointer: '/tables/fire/cells/1/3-5', message: /2.5 is not a whole number, and a number of loss points must be/ },
  { name: 'a word in a movement cost that the table does not declare', files: { [TERRAIN]: editJson('skirmish/tables/terrain.json', (d) => (d.tables['terrain-effects'].cells.forest.cost = '1 MP')) }, code: 'result-undeclared', document: TERRAIN, pointer: '/tables/terrain-effects/cells/forest/cost', severity: 'warning', message: /"1 MP" is not a number, nor a result the table declares under "results" \(what it means\): play reads it as barring the move/ },
  { name: 'negative loss points', files: combat((d) => (d.tables.fire.cells['1']['1-2'] = -1)), code: 'bad-value', document: COMBAT, pointer: '/tables/fire/cells/1/1-2', message: /-1 is below zero, and a number of loss points may not be/ },
  { name: 'a word in a fire table that declares no such result', files: combat((d) => (d.tables.fire.cells['2']['3-5'] = { value: 'abc', source: { kind: 'provisional', note: 'typo' } })), code: 'result-undeclared', document: COMBAT, pointer: '/tables/fire/cells/2/3-5', severity: 'warning', message: /"abc" is not a number, nor a result the table declares under "results" \(what it means\): play would stop for the tester to apply it by hand/ },
  { name: 'negative movement cost', files: { [TERRAIN]: editJson('skirmish/tables/terrain.json', (d) => (d.tables['terrain-effects'].cells.forest.cost = '-2')) }, code: 'bad-value', document: TERRAIN, pointer: '/tables/terrain-effects/cells/forest/cost', message: /below zero, and a cost may not be/ },
  // Map adjacency.
  { name: 'a hexside between hexes that share no side', files: map((d) => (d.map.hexsides[0].between = ['0101', '0301'])), code: 'not-adjacent', document: MAP, pointer: '/map/hexsides/0/between', message: /^hexes 0101 and 0301 share no side$/ },
  { name: 'a hexside between a hex and itself', files: map((d) => (d.map.hexsides[0].between = ['0201', '0201'])), code: 'not-adjacent', document: MAP, pointer: '/map/hexsides/0/between', message: /^a hexside lies between two hexes, and 0201 is named twice$/ },
  { name: 'a hexside feature in a hex', files: map((d) => (d.map.hexes['0101'].features = ['river'])), code: 'bad-value', document: MAP, pointer: '/map/hexes/0101/features/0', message: /feature "river" lies on hexsides, not in hexes/ },
  { name: 'a medium on a hex feature', files: map((d) => (d.map.features.ford = { name: 'Ford', on: 'hex', medium: 'land' })), code: 'bad-value', severity: 'warning', document: MAP, pointer: '/map/features/ford/medium', message: /play ignores it/ },
  { name: 'a side both all sea and all land', files: map((d) => { d.map.features.channel = { name: 'Channel', on: 'hexside', medium: 'sea' }; d.map.features.isthmus = { name: 'Isthmus', on: 'hexside', medium: 'land' }; d.map.hexsides.push({ between: ['0101', '0102'], feature: 'channel' }, { between: ['0102', '0101'], feature: 'isthmus' }); }), code: 'bad-value', document: MAP, pointer: '/map/hexsides/2/feature', message: /is all land here and all sea at \/map\/hexsides\/1: it cannot be both/ },
  { name: 'an all-land side of an all-sea hex', files: map((d) => { d.map.features.isthmus = { name: 'Isthmus', on: 'hexside', medium: 'land' }; d.map.hexsides.push({ between: ['0102', '0103'], feature: 'isthmus' }); }), code: 'side-terrain', severity: 'warning', document: MAP, pointer: '/map/hexsides/1/feature', message: /^the all-land side between 0102 and 0103 is at odds with its hexes' terrain \(hex 0103 is all sea: fleets could not leave it across this side\); change the side or the terrain$/ },
  { name: 'an all-sea side between all-land hexes', files: map((d) => { d.map.features.channel = { name: 'Channel', on: 'hexside', medium: 'sea' }; d.map.hexsides.push({ between: ['0101', '0102'], feature: 'channel' }); }), code: 'side-terrain', severity: 'warning', document: MAP, pointer: '/map/hexsides/1/feature', message: /both hexes are all land: land units could not cross between them/ },
  { name: 'a river between two all-sea hexes', files: map((d) => d.map.hexsides.push({ between: ['0103', '0203'], feature: 'river' })), code: 'side-terrain', severity: 'warning', document: MAP, pointer: '/map/hexsides/1', message: /^a "river" hexside between 0103 and 0203, both all-sea hexes: most likely a hex number or a hex's terrain is mistyped$/ },
  { name: 'a hex feature on a hexside', files: map((d) => (d.map.features.river.on = 'hex')), code: 'bad-value', document: MAP, pointer: '/map/hexsides/0/feature', message: /feature "river" lies on hexes, not on hexsides/ },
  { name: 'asymmetric adjacency', id: 'islands', files: islands({ north: ['south'], south: [] }), code: 'asymmetric-adjacency', document: 'islands/map.json', pointer: '/map/areas/north/adjacent/0' },
  { name: 'a pair listed both as adjacent and as not', id: 'islands', files: { ...islands({}), 'islands/map.json': JSON.stringify({ map: { kind: 'area', areas: { north: { name: 'n', type: 'land', adjacent: ['south'], notAdjacent: ['south'] }, south: { name: 's', type: 'land', adjacent: ['north'] } } } }) }, code: 'bad-value', document: 'islands/map.json', pointer: '/map/areas/north/notAdjacent/0', message: /^"north" and "south" are listed both as adjacent and as not adjacent$/ },
  { name: 'unreachable area', id: 'islands', files: islands({ north: ['south'], south: ['north'], atoll: [] }), code: 'unreachable', document: 'islands/map.json', pointer: '/map/areas/atoll' },
  // No area adjacent to another yet (a map being drawn): each is said to be cut off, not all but the first.
  { name: 'areas adjacent to none', id: 'islands', files: islands({ north: [], south: [] }), code: 'unreachable', document: 'islands/map.json', pointer: '/map/areas/north' },
  { name: 'unreachable area on a map declared incomplete', id: 'islands', files: { ...islands({ north: ['south'], south: ['north'], atoll: [] }), 'islands/map.json': JSON.stringify({ map: { kind: 'area', gaps: [{ gap: 'the south seas are not in the text' }], areas: { north: { name: 'n', type: 'land', adjacent: ['south'] }, south: { name: 's', type: 'land', adjacent: ['north'] }, atoll: { name: 'a', type: 'land', adjacent: [] } } } }) }, code: 'unreachable', document: 'islands/map.json', pointer: '/map/areas/atoll', severity: 'warning' },
  { name: 'a placement alternative naming an unknown country', files: setup((d) => (d.scenarios[Object.keys(d.scenarios)[0]].placements[2].location.constraint.anyOf = [{ text: 'near Redlnd', nearCountries: { countries: ['redlnd'], within: 2 } }, { text: 'anywhere', inCountries: ['blueland'] }])), code: 'dangling-ref', document: SETUP, message: /unknown country "redlnd"/ },
  { name: 'rail movement in an unknown step', files: manifest((d) => (d.mechanics.movement.rail = { steps: ['night-march'] })), code: 'dangling-ref', document: M, pointer: '/mechanics/movement/rail/steps/0' },
  { name: 'a victory check looking at an unknown level', files: vic((d) => (d.victory.checks[0].levels = ['red-wins-big'])), code: 'dangling-ref', document: VIC, pointer: '/victory/checks/0/levels/0' },
  { name: 'a unit type of a moving class printing no allowance', files: units((d) => delete d.unitTypes.infantry.movement), code: 'no-allowance', severity: 'warning', document: U, pointer: '/unitTypes/infantry', message: /^Infantry prints no "movement", which its class \(land\) moves by: a test game asks for it at every move; give it, or a gap$/ },
  { name: "a class's movement in an unknown step", files: manifest((d) => (d.mechanics.movement.classes.land.steps = ['night-march'])), code: 'dangling-ref', document: M, pointer: '/mechanics/movement/classes/land/steps/0' },
  { name: 'movement into undeclared terrain', files: manifest((d) => (d.mechanics.movement.classes.land.entersTerrain = ['clear', 'swamp'])), code: 'dangling-ref', document: M, pointer: '/mechanics/movement/classes/land/entersTerrain/1' },
  { name: 'adjacent to an unknown area', id: 'islands', files: islands({ north: ['south', 'east'], south: ['north'] }), code: 'dangling-ref', document: 'islands/map.json', pointer: '/map/areas/north/adjacent/1' },
  { name: 'a place of kind capital no power names', files: map((d) => (d.map.places.ford.kinds = ['capital'])), code: 'capital-unnamed', severity: 'warning', document: MAP, pointer: '/map/places/ford/kinds/0', message: /^"ford" is of kind "capital", but no power names it its capital/ },
  // Patches and extension.
  { name: 'patch that does not apply', id: 'skirmish-errata', files: errata((d) => (d.operations[0].path = '/unitTypes/cavalry/movement')), code: 'patch-failed', document: ERRATA, pointer: '/operations/0/path', line: [ERRATA, '/unitTypes/cavalry/movement'] },
  { name: 'patch whose test fails', id: 'skirmish-errata', files: errata((d) => d.operations.unshift({ op: 'test', path: '/unitTypes/armor/movement', value: 6 })), code: 'patch-not-applied', document: ERRATA, pointer: '/operations/0/path' },
  { name: 'patch writing an invalid value', id: 'skirmish-errata', files: errata((d) => (d.operations[0].value = 'fast')), code: 'no-matching-form', document: ERRATA, pointer: '/operations/0/value', line: [ERRATA, '"fast"'], message: /^\/unitTypes\/armor\/movement, as patched: / },
  { name: 'patch set not matching its schema', id: 'skirmish-errata', files: errata((d) => (d.operations[0].op = 'replce')), code: 'patch-not-applied', document: ERRATA, pointer: '', message: /is not applied: it does not match its schema/ },
  { name: 'patch through __proto__', id: 'skirmish-errata', files: errata((d) => (d.operations[0].path = '/__proto__/polluted')), code: 'patch-failed', document: ERRATA, pointer: '/operations/0/path', message: /reserved/ },
  { name: 'extends itself', id: 'skirmish-errata', files: { [ERRATA_M]: editJson('skirmish-errata/ruleset.json', (d) => (d.extends = 'skirmish-errata')) }, code: 'extends-cycle', document: ERRATA_M, pointer: '/extends' },
  { name: 'extends an unknown ruleset', id: 'skirmish-errata', files: { [ERRATA_M]: editJson('skirmish-errata/ruleset.json', (d) => (d.extends = 'skirmishes')) }, code: 'missing-document', document: ERRATA_M, pointer: '/extends', message: /^skirmishes\/ruleset\.json does not exist$/ },
  { name: 'variant redefining instead of patching', id: 'skirmish-errata', files: { [ERRATA_M]: editJson('skirmish-errata/ruleset.json', (d) => (d.documents = { units: 'units.json' })), 'skirmish-errata/units.json': JSON.stringify({ unitTypes: { armor: { name: 'Tank', class: 'land' } } }, null, 2) }, code: 'duplicate-id', document: 'skirmish-errata/units.json', pointer: '/unitTypes/armor', message: /patch set/ },
  { name: 'unknown optional patch set', files: {}, code: 'dangling-ref', document: M, pointer: '/optionalPatchSets', message: /no optional patch set "fill"/ },
  // Hostile input.
  { name: 'a document path that is no string', files: manifest((d) => (d.documents.map = ['map.json', 5])), code: 'wrong-type', document: M, pointer: '/documents/map/1' },
  { name: 'a patch set path that is no string', id: 'skirmish-errata', files: { [ERRATA_M]: editJson('skirmish-errata/ruleset.json', (d) => d.patchSets.push(5)) }, code: 'wrong-type', document: ERRATA_M },
  { name: 'a grid offset that is no string, with hexsides to check', files: map((d) => (d.map.grid.offset = 5)), code: 'wrong-type', document: MAP, pointer: '/map/grid/offset' },
  { name: 'seasons that are no list', files: manifest((d) => (d.calendar = { ...d.calendar, seasons: 5 })), code: 'wrong-type', document: M, pointer: '/calendar/seasons' },
  { name: 'document over 5 MB', files: { [U]: JSON.stringify({ unitTypes: {}, roster: {}, pad: 'x'.repeat(5 * 1024 * 1024) }) }, code: 'document-too-large', document: U, pointer: '' },
  { name: '__proto__ key', files: text('skirmish/units.json', (t) => t.replace('"roster": {', '"roster": { "__proto__": { "polluted": true },')), code: 'reserved-key', document: U, pointer: '/roster/__proto__' },
  { name: 'constructor key', files: text('skirmish/units.json', (t) => t.replace('"unitTypes": {', '"unitTypes": { "constructor": { "name": "x", "class": "land" },')), code: 'reserved-key', document: U, pointer: '/unitTypes/constructor' },
  { name: 'nesting 100 levels deep', files: rules((d) => (d.constants.deep = { value: JSON.parse(deeplyNested(100)), description: 'x' })), code: 'too-deep', document: RULES },
  { name: 'nesting 200,000 levels deep', files: { [RULES]: `{"constants": ${deeplyNested(200_000)}}` }, code: 'too-deep', document: RULES },
];

describe('broken documents', () => {
  it('has at least 40 cases', () => expect(CASES.length).toBeGreaterThanOrEqual(40));

  for (const c of CASES) {
    it(c.name, () => {
      const options = c.name === 'unknown optional patch set' ? { optionalPatchSets: ['fill'] } : undefined;
      const { diagnostics } = loadWith(c.id ?? 'skirmish', c.files, options);
      const matching = diagnostics.filter((d) => d.code === c.code && d.document === c.document && (c.pointer === undefined || d.pointer === c.pointer));
      expect(matching, `diagnostics were:\n${diagnostics.map((d) => `${d.document}:${d.line}:${d.column} ${d.code} ${d.pointer} ${d.message}`).join('\n')}`).not.toHaveLength(0);
      const d = matching[0];
      expect(d.severity).toBe(c.severity ?? 'error');
      if (c.message) expect(d.message).toMatch(c.message);
      if (c.line) {
        const [file, marker, nth] = c.line;
        expect(d.line).toBe(lineOf(c.files[file], marker, nth));
      }
      expect(d.line).toBeGreaterThanOrEqual(1);
      expect(d.column).toBeGreaterThanOrEqual(1);
    });
  }

  it('says a cycle of two rulesets extending each other at each one’s extends, the first not said to extend one that cannot be loaded', () => {
    const { diagnostics } = loadWith('skirmish-errata', manifest((d) => (d.extends = 'skirmish-errata')));
    const said = diagnostics.filter((d) => d.pointer === '/extends').map((d) => [d.document, d.code, d.message]);
    expect(said).toEqual([
      [ERRATA_M, 'extends-cycle', 'extends "skirmish", which extends back to it: skirmish-errata → skirmish → skirmish-errata'],
      [M, 'extends-cycle', 'extends forms a cycle: skirmish-errata → skirmish → skirmish-errata'],
    ]);
  });

  it('reads a file saved with a byte-order mark (as Windows Notepad saves) as if it had none', () => {
    const root = mkdtempSync(join(tmpdir(), 'sandtable-bom-'));
    try {
      cpSync(join(FIXTURES, 'skirmish'), join(root, 'skirmish'), { recursive: true });
      const file = join(root, 'skirmish', 'units.json');
      writeFileSync(file, `\ufeff${readFileSync(file, 'utf8')}`);
      expect(errorsOf(loadRuleset(fsSource(root), 'skirmish').diagnostics)).toEqual([]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('takes water the bootstrap found between two hexes the terrain calls land as geography, not at odds with it', () => {
    const files = map((d) => {
      d.map.features.channel = { name: 'Channel', on: 'hexside', medium: 'sea' };
      d.map.hexsides.push({ between: ['0101', '0102'], feature: 'channel', source: { kind: 'bootstrap' } });
    });
    expect(loadWith('skirmish', files).diagnostics.filter((d) => d.code === 'side-terrain')).toEqual([]);
  });

  it('takes a river reaching the coast as geography, and an all-land side at sea as one slip, not two', () => {
    const files = map((d) => {
      d.map.features.isthmus = { name: 'Isthmus', on: 'hexside', medium: 'land' };
      d.map.hexsides.push({ between: ['0102', '0103'], feature: 'river' }, { between: ['0103', '0203'], feature: 'isthmus' });
    });
    const warnings = loadWith('skirmish', files).diagnostics.filter((d) => d.code === 'side-terrain');
    expect(warnings.map((d) => [d.pointer, d.message])).toEqual([['/map/hexsides/2/feature', expect.stringMatching(/^the all-land side between 0103 and 0203 is at odds/)]]);
  });

  it('reports every error, not just the first', () => {
    const files = units((d) => {
      d.unitTypes.infantry.class = 'tank';
      d.roster['red-1-inf'].type = 'cavalry';
      d.unitTypes.armor.movment = 5;
    });
    const codes = loadWith('skirmish', files).diagnostics.map((d) => d.code);
    expect(codes).toEqual(expect.arrayContaining(['bad-value', 'dangling-ref', 'unknown-key']));
  });

  it('refuses a ruleset of a newer format with that one error, and its variants with theirs', () => {
    // What a newer format adds (here a property this one lacks) is not reported: the format says why it is there.
    const files = manifest((d) => Object.assign(d, { format: RULESET_FORMAT + 1, foresight: true }));
    const error = `skirmish is written in ruleset format ${RULESET_FORMAT + 1}, newer than the format ${RULESET_FORMAT} this Sandtable reads: open it with a newer Sandtable`;
    const brief = (ds: Diagnostic[]) => ds.map((d) => [d.document, d.pointer, d.code, d.message]);
    const loaded = loadWith('skirmish', files);
    expect(loaded.ruleset).toBeUndefined();
    expect(brief(loaded.diagnostics)).toEqual([[M, '/format', 'newer-format', error]]);
    // A variant is not checked against a ruleset it cannot have: its patch sets would fail everywhere.
    expect(brief(loadWith('skirmish-errata', files).diagnostics)).toEqual([
      [ERRATA_M, '/extends', 'dangling-ref', 'extends "skirmish", which cannot be loaded'],
      [M, '/format', 'newer-format', error],
    ]);
    expect(loadWith('skirmish', manifest((d) => (d.format = RULESET_FORMAT))).diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  });

  it('takes the words a table declares under results (a fire table\'s result, a cost that bars), and a column shift below zero', () => {
    const files = {
      ...combat((d) => {
        d.tables.fire.results = { DR: { meaning: 'the defender retreats' } };
        d.tables.fire.cells['2']['3-5'] = 'DR';
      }),
      [TERRAIN]: editJson('skirmish/tables/terrain.json', (d) => (d.tables['terrain-effects'].cells.forest.shift = -1)),
    };
    expect(loadWith('skirmish', files).diagnostics.map((d) => `${d.code} ${d.pointer}`)).toEqual([]);
  });

  it('reports a misspelt collection once, then the references it leaves unresolved once for each kind of check, with their count', () => {
    const files = text(U, (t) => t.replace('"unitTypes"', '"unitTypez"'));
    const errors = errorsOf(loadWith('skirmish', files).diagnostics);
    expect(errors.map((d) => [d.code, d.message])).toEqual([
      ['setup-unit-unknown', expect.stringMatching(/^unknown unit type "\w+" \(none is declared\); 1 more such reference, at \/scenarios\/\S+$/)],
      ['unknown-key', 'unknown key "unitTypez"; did you mean "unitTypes"?'],
      ['dangling-ref', expect.stringMatching(/^unknown unit type "\w+" \(none is declared\); \d+ more such references, at \/\S+(, \/\S+)*( and \d+ more)?$/)],
    ]);
  });

  it('says what a union expects when a value is of none of its forms, and points into a missing part once', () => {
    const files = { ...manifest((d) => (d.documents.tables = 5)), ...rules((d) => (d.conflicts = { c: { question: 'q', readings: [{ id: 'a', reading: 'a' }], chosen: 'a', affects: ['/tables/fire/cells', '/tables/terrain-effects/cells'] } })) };
    const errors = errorsOf(loadWith('skirmish', files).diagnostics).map((d) => `${d.code} ${d.pointer} ${d.message}`);
    expect(errors).toContain('no-matching-form /documents/tables 5 does not match DocumentPaths (One file, or several whose contents are merged by id): expected a string or an array, not a number');
    expect(errors).toContain('dangling-ref /conflicts/c/affects/0 nothing in the resolved ruleset at /tables/fire/cells (there is no /tables at all); 1 more pointer into it, at /conflicts/c/affects/1');
    expect(errors.filter((e) => e.startsWith('dangling-ref /conflicts'))).toHaveLength(1);
  });

  it('names what a union lacks when the value has the right type, never a type it has', () => {
    const files = units((d) => (d.unitTypes.infantry.movement = { value: 3 }));
    const error = errorsOf(loadWith('skirmish', files).diagnostics).find((d) => d.pointer === '/unitTypes/infantry/movement')!;
    expect(error.code).toBe('no-matching-form');
    expect(error.message).toMatch(/^\{"value":3\} does not match CitedNumber \(.*\): it lacks "source" or "gap"$/);
  });

  it("reports the fault a union's branch found inside the value alone, not what the other branches lacked", () => {
    const files = units((d) => (d.unitTypes.infantry.movement = { value: '3', source: { kind: 'provisional' } }));
    const errors = errorsOf(loadWith('skirmish', files).diagnostics).filter((d) => d.pointer.startsWith('/unitTypes/infantry/movement'));
    expect(errors.map((d) => [d.code, d.pointer, d.message])).toEqual([['wrong-type', '/unitTypes/infantry/movement/value', 'must be number, not string']]);
    // A fault under a property of the union's own schema is no branch's: both are reported.
    const placement = setup((d) => (d.scenarios.campaign.placements[0] = { power: 'redland', location: { hex: 12 } }));
    const both = errorsOf(loadWith('skirmish', placement).diagnostics).filter((d) => d.pointer.startsWith('/scenarios/campaign/placements/0'));
    expect(both.map((d) => [d.code, d.pointer])).toEqual([['no-matching-form', '/scenarios/campaign/placements/0'], ['wrong-type', '/scenarios/campaign/placements/0/location/hex']]);
  });

  it('applies a patch set whole or not at all: one operation failing, the others it holds are not made either', () => {
    // The second operation names a place that is not there: armor keeps its printed movement, the ford its hex.
    const plain = loadWith('skirmish', {}).ruleset!;
    const loaded = loadWith('skirmish-errata', errata((d) => (d.operations[1].path = '/map/places/fjord/hex')));
    expect(loaded.ruleset!.unitTypes!.armor.movement).toEqual(plain.unitTypes!.armor.movement);
    expect(loaded.ruleset!.map!.places!.ford.hex).toEqual(plain.map!.places!.ford.hex);
    const [failed] = errorsOf(loaded.diagnostics);
    expect(failed).toMatchObject({ code: 'patch-failed', pointer: '/operations/1/path', message: expect.stringMatching(/^replace \/map\/places\/fjord\/hex: .*; so none of the operations of patch set "Second printing errata" is made \(a patch applies whole or not at all\)$/) });
    // Where it came from is as before too: armor's movement is the units file's, not the errata's.
    expect(loaded.origins.find('/unitTypes/armor/movement')?.document).not.toMatch(/errata/);
  });

  it('puts a document that cannot be read first, and the patch operations failing for want of what it holds in one error', () => {
    // Two errata operations change what the broken units file holds, one error for both; the third fails on
    // a map place that is gone, a failure of its own.
    const files = {
      ...text(U, (t) => t.replace('"class": "land", "kind": "infantry"', '"class": "land" "kind": "infantry"')),
      [MAP]: editJson(MAP, (d) => delete d.map.places.ford),
      ...errata((d) => d.operations.push({ op: 'replace', path: '/roster/red-1-inf/name', value: 'First Red' })),
    };
    const errors = errorsOf(loadWith('skirmish-errata', files).diagnostics);
    expect(errors.map((d) => [d.document, d.code, d.unread])).toEqual([[U, 'json-syntax', U], [ERRATA, 'patch-failed', undefined], [ERRATA, 'patch-failed', undefined]]);
    expect(errors[1].message).toMatch(/^replace \/unitTypes\/armor\/movement: .*; and 1 more operation of this patch set into what is absent, most likely because a document of the ruleset could not be read \(its error is the one to fix\); so none of the operations of patch set ".*" is made \(a patch applies whole or not at all\)$/);
    expect(errors[2].message).toMatch(/^replace \/map\/places\/ford\/hex: no value/);
  });

  it('names the document a missing one is, reported where the manifest names it', () => {
    const [first] = errorsOf(loadWith('skirmish', manifest((d) => (d.documents.units = 'unit.json'))).diagnostics);
    expect(first).toMatchObject({ document: M, pointer: '/documents/units', code: 'missing-document', unread: 'skirmish/unit.json' });
  });

  it('counts a key written twice in one object among the errors that keep a document unread, listed first', () => {
    const files = text(U, (t) => t.replace('"roster": {', '"roster": { "red-1-inf": { "name": "x", "power": "redland", "type": "infantry" },'));
    const [first] = errorsOf(loadWith('skirmish-errata', files).diagnostics);
    expect(first).toMatchObject({ document: U, unread: U });
  });

  it('never lets a document reach object internals', () => {
    loadWith('skirmish', CASES.find((c) => c.name === '__proto__ key')!.files);
    loadWith('skirmish-errata', CASES.find((c) => c.name === 'patch through __proto__')!.files);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
