// Combat procedures: an attack names the combat, the target location (hostile units of the model's
// defending classes, or a place or box it targets) and the attacking units; where the defender may add
// support, or intercept, it chooses first (defend), then the combat's model resolves the battle and
// exhausts the units it says. Models the engine does not automate are adjudicated by hand.
import type { FireTableCombat, TransitAttacks, UnitClass } from '../../generated/schema-types';
import { joinPointer } from '../../json/pointer';
import { actingAt, actingSide, actsFrom, campName, controllingCamp, frozenBy, holdsFireBy, placesOfKind, refuseHoldingFire, refuseOutOfTurn } from '../board';
import type { LocKey, PendingBattle, UnitState } from '../state';
import { camp, unitList } from '../state';
import { kept, newMap } from '../rules';
import { AREA, barredSide, beside, graphOf } from '../graph';
import type { Tx } from '../tx';
import { classOf, printed, rosterOf, unitType, unitLabels, unitLabel } from '../units';
import { fireTriggers } from '../triggers';
import { shutPlaceAt, shutToZones, zoneOfUnit } from '../zoc';
import { fireTableBattle, versusLine } from './fire-table';
import { oddsAttack } from './odds-table';
import { diceAttack } from './per-unit-dice';
import { interceptionBattle, interceptorsOf, presentAt } from './interception';
import { roleIn, supportBattle } from './support';
import { test } from '../expressions';
import { AIRDROP, ASSAULT, assaultAt, assaultFirst, refuseLandedElsewhere, refuseWithoutAssaulters, undefendedStrength } from './assault';
import { counted, noun, possessive } from '../../words';
import { attackedBefore, refuseAttackingAgain, rememberAttackers } from './again';

/**
 * Where a unit may join an attack of a model, by location index of the board's graph: the box it stands
 * in when the model targets boxes or fights within them, in its own zone of control when the model says
 * so, else beside it across a hexside its class may cross (and in its own area, on an area map).
 */
export function attackReach(tx: Tx, u: UnitState, model: FireTableCombat): readonly number[] {
  const at = actsFrom(tx.rules, tx.s, u);
  if (at === undefined) return [];
  // Units attack a box the model targets, or fights in, from within it; some support it from afar.
  const boxes = model.targetsBoxes ?? model.withinBoxes;
  if (boxes) {
    if (at.startsWith('box:') && boxes.includes(at.slice(4))) return [graphOf(tx.rules).index.get(at)!];
    return supportsFromAfar(tx, u, model, at) ? boxes.flatMap((b) => graphOf(tx.rules).index.get(`box:${b}`) ?? []) : [];
  }
  if (at.startsWith('box:')) return [];
  if (model.reach === 'zone') return zoneOfUnit(tx, u) ?? [];
  return besideReach(tx, u, at);
}

/** Where a unit on the board may attack beside it: across a hexside its class may cross, and in its own area on an area map. */
export function besideReach(tx: Tx, u: UnitState, at: LocKey): readonly number[] {
  // Kept per location for the game, by the hexsides the unit's class never crosses.
  const barred = barredSide(classOf(tx.rules, u));
  const known = kept(tx.rules, `attack-reach:${barred}`, newMap<LocKey, number[]>);
  let reach = known.get(at);
  if (!reach) {
    const g = graphOf(tx.rules);
    const here = g.index.get(at)!;
    const next = beside(g, here, barred);
    known.set(at, (reach = g.kind[here] === AREA ? [here, ...next] : next));
  }
  return reach;
}

/**
 * Whether a unit supports a battle inside the model's boxes from where it stands, whatever its reach
 * (support.fromAfar: its side's, of a support class, in one of the countries or boxes named, while the
 * condition holds).
 */
export function supportsFromAfar(tx: Tx, u: UnitState, model: FireTableCombat, at: LocKey): boolean {
  const far = model.support?.fromAfar;
  if (!far || !model.withinBoxes || roleIn(model, classOf(tx.rules, u)) !== 'support' || !far.sides.includes(camp(tx.s, u.power))) return false;
  const placed = at.startsWith('box:') ? far.boxes?.includes(at.slice(4)) : far.countries?.includes(tx.rules.countryOf(at) ?? '');
  return placed === true && (!far.when || test(tx, far.when, joinPointer(combatPointer(tx, model), 'support', 'fromAfar', 'when')));
}

/** The units of a battle inside a box that support it from outside (support.fromAfar). */
const fromOutside = (tx: Tx, model: FireTableCombat, target: LocKey, units: readonly UnitState[]) =>
  model.support?.fromAfar ? units.filter((u) => actsFrom(tx.rules, tx.s, u) !== target) : [];

/** Whether no more units support a battle inside a box from outside it than the model allows. */
export const withinMostFromAfar = (tx: Tx, model: FireTableCombat, target: LocKey, units: readonly UnitState[]) =>
  fromOutside(tx, model, target, units).length <= (model.support?.fromAfar?.most ?? Infinity);

/** Refuses more units supporting a battle inside a box from outside it than the model allows. */
function refuseTooManyFromAfar(tx: Tx, model: FireTableCombat, pointer: string, target: LocKey, units: readonly UnitState[]) {
  if (withinMostFromAfar(tx, model, target, units)) return;
  const afar = fromOutside(tx, model, target, units);
  const most = model.support!.fromAfar!.most;
  tx.refuse('too-many-from-afar', `at most ${counted(most, 'unit')} ${noun(most, 'supports', 'support')} a battle in ${tx.rules.label(target)} from outside it, not ${unitLabels(tx, afar.map((u) => u.id))}`, joinPointer(pointer, 'support', 'fromAfar', 'most'));
}

/** Where a combat model stands in the ruleset. */
const combatPointer = (tx: Tx, model: FireTableCombat) => joinPointer('/mechanics/combat', Object.entries(tx.rules.r.mechanics?.combat ?? {}).find(([, m]) => m === model)?.[0] ?? '');

/** Refuses a unit's joining an attack on a target out of its reach, saying what its reach is. */
function refuseOutOfReach(tx: Tx, u: UnitState, model: FireTableCombat, target: LocKey, pointer: string): never {
  const who = unitLabel(tx.rules, u);
  const boxes = model.targetsBoxes ? 'targetsBoxes' : model.withinBoxes ? 'withinBoxes' : undefined;
  if (boxes) tx.refuse('out-of-reach', `${who} is not in ${tx.rules.label(target)}: an attack there is made by units in it`, joinPointer(pointer, boxes));
  if (model.reach === 'zone') tx.refuse('out-of-reach', `${tx.rules.label(target)} is out of ${possessive(who)} reach (its zone of control)`, joinPointer(pointer, 'reach'));
  tx.refuse('out-of-reach', `${tx.rules.label(target)} is out of ${possessive(who)} reach (beside it)`, pointer);
}

const OTHERS = '';

/** With whom a power's units may attack: the power itself when the model keeps it apart, else every other power of its side (OTHERS). */
export const fightsWith = (model: FireTableCombat, power: string) => (model.apart?.powers.includes(power) ? power : OTHERS);

/** Whether a unit has the factor at all (a gap counts: the tester is asked for it). */
export const hasFactor = (tx: Tx, u: UnitState, name: string) => (rosterOf(tx.rules, u)?.factors?.[name] ?? unitType(tx.rules, u)?.factors?.[name]) !== undefined;

/** Units at a location hostile to a side's camp that defend it in a model: of its defending classes, where it names them. */
export const targetsAt = (tx: Tx, side: string, at: LocKey, model: Pick<FireTableCombat, 'defenders'>) =>
  actingAt(tx.rules, tx.s, at).filter((u) => camp(tx.s, u.power) !== side && (!model.defenders || model.defenders.includes(classOf(tx.rules, u))));

/**
 * The units an attack of the model fights at a location: none where it strikes a place and only the attacker
 * fires (a city bombing: the units there are neither fired at nor fire, and their air units may intercept), else
 * the hostile units there of its defender classes.
 */
const unitsFought = (tx: Tx, side: string, at: LocKey, model: FireTableCombat) => (model.targetsPlaces && model.fires === 'attacker' ? [] : targetsAt(tx, side, at, model));

/** The opposing side that controls a place of the model's target kinds at a location, or undefined. */
function placeDefender(tx: Tx, side: string, model: FireTableCombat, at: LocKey): string | undefined {
  const controller = controllingCamp(tx.rules, tx.s, at);
  if (!controller || controller === side || !tx.rules.sides.includes(controller)) return undefined;
  return placesOfKind(tx.rules, model.targetsPlaces!).includes(at) ? controller : undefined;
}

/** Whether the units a side would attack at a location shelter there from the model's attacks: their camp controls a place there of the kinds the model names. */
export function shelteredFrom(tx: Tx, side: string, model: FireTableCombat, at: LocKey): boolean {
  const defenders = model.shelteredAt ? targetsAt(tx, side, at, model) : [];
  return defenders.length > 0 && controllingCamp(tx.rules, tx.s, at) === camp(tx.s, defenders[0].power) && placesOfKind(tx.rules, model.shelteredAt!).includes(at);
}

/** The side a box of the model's targets is attacked against: the first side opposing the attacker's. */
function boxDefender(tx: Tx, side: string, model: FireTableCombat, at: LocKey): string | undefined {
  return at.startsWith('box:') && model.targetsBoxes!.includes(at.slice(4)) ? tx.rules.sides.find((other) => other !== side) : undefined;
}

/** The camp defending a target: where the model targets places or boxes, the side they are attacked against; else that of the units there. */
function defenderOf(tx: Tx, side: string, model: FireTableCombat, at: LocKey, defenders: readonly UnitState[]): string | undefined {
  if (model.targetsPlaces) return placeDefender(tx, side, model, at);
  if (model.targetsBoxes) return boxDefender(tx, side, model, at);
  return defenders.length ? camp(tx.s, defenders[0].power) : undefined;
}

/**
 * Why a location may not be attacked now: it lies in the country of a power outside the zones of control
 * (a neutral, zoc.outside), which no zone reaches until it is invaded, and an attack goes where its units'
 * zones reach ("can attack any hex into which they exert a ZOC"). Undefined when it may be attacked.
 */
export function beyondZones(tx: Tx, target: LocKey): string | undefined {
  const i = graphOf(tx.rules).index.get(target);
  if (i === undefined || shutToZones(tx)?.[i] !== 1) return undefined;
  const country = tx.rules.countryOf(target) ?? '';
  // A place standing for the territory of a power the map draws no country for, or a country.
  const placeOf = shutPlaceAt(tx, target);
  const power = placeOf ?? tx.rules.countryPower(country);
  const status = power && tx.s.powers[power]?.status;
  const name = placeOf ? tx.rules.party(placeOf) : (tx.rules.r.map?.countries?.[country]?.name ?? country);
  return `${tx.rules.label(target)} lies in ${name}${status ? `, ${tx.rules.nameIn('statuses', status).toLowerCase()}` : ''}: no zone of control reaches into it until it is invaded, so it may be entered, not attacked`;
}

/** Where a side may attack in a model whose targets are places or boxes: the locations of the places an opposing side controls, or the boxes. */
export function fixedTargets(tx: Tx, side: string, model: FireTableCombat): LocKey[] {
  if (model.targetsBoxes) return model.targetsBoxes.map((id) => `box:${id}`).filter((at) => graphOf(tx.rules).index.has(at));
  return placesOfKind(tx.rules, model.targetsPlaces!).filter((at, i, all) => all.indexOf(at) === i && placeDefender(tx, side, model, at) !== undefined);
}

/**
 * An attack declared: checked, then fought, or left waiting for the defender's choice of support. One
 * made in `transit` (on a unit as it moves) is not one of the step's attacks: its target and units may
 * be attacked, and attack, again in the step; the transit model may limit the defence's support.
 */
export function attack(tx: Tx, side: string, combatId: string, target: LocKey, unitIds: string[], transit?: TransitAttacks) {
  const s = tx.s;
  const inTransit = transit !== undefined;
  const pointer = joinPointer('/mechanics/combat', combatId);
  const model = tx.rules.r.mechanics?.combat?.[combatId];
  if (!model) return tx.refuse('unknown-combat', `the ruleset has no combat "${combatId}"`, '/mechanics/combat');
  if (model.model === 'odds-table') return oddsAttack(tx, side, combatId, model, target, unitIds);
  if (model.model === 'per-unit-dice') return diceAttack(tx, side, combatId, model, target, unitIds);
  if (model.model !== 'fire-table') tx.refuse('manual-combat', `combat model "${model.model}" is not automated: the tester adjudicates it with manual actions`, pointer);
  if (model.attackingSides && !model.attackingSides.includes(side)) tx.refuse('not-attacker', `${tx.rules.party(side)} makes no attack of ${combatId} (only ${model.attackingSides.map((x) => tx.rules.party(x)).join(', ')})`, joinPointer(pointer, 'attackingSides'));
  const defenders = unitsFought(tx, side, target, model);
  const against = versusLine(tx, model, defenders);
  // An assault's location is attacked against the side holding it, whether or not its units stand there.
  const assault = assaultAt(tx, side, combatId, target);
  const defending = defenderOf(tx, side, model, target, defenders) ?? (assault ? controllingCamp(tx.rules, s, target) : undefined);
  if (defending === undefined) {
    if (model.targetsPlaces) tx.refuse('no-target', `${tx.rules.label(target)} holds no ${model.targetsPlaces.join(' or ')} place an opposing side controls`, joinPointer(pointer, 'targetsPlaces'));
    if (model.targetsBoxes) tx.refuse('no-target', `${combatId} attacks only in ${model.targetsBoxes.map((b) => tx.rules.label(`box:${b}`)).join(' or ')}`, joinPointer(pointer, 'targetsBoxes'));
    refuseNoDefenders(tx, side, target, model, pointer);
  }
  const first = assault ? undefined : assaultFirst(tx, side, combatId, target);
  if (first) tx.refuse('assault-first', `the units landed ${first.by === 'sea' ? 'in assault' : 'by airdrop'} at ${tx.rules.label(target)} attack it first, in ${first.combat}`, first.by === 'sea' ? ASSAULT : AIRDROP);
  if (!inTransit && s.step.targets.includes(target)) tx.refuse('already-attacked', `${tx.rules.label(target)} has already been attacked this step`, pointer);
  refuseBeyondZones(tx, target);
  if (shelteredFrom(tx, side, model, target)) tx.refuse('sheltered', `the units at ${tx.rules.label(target)} shelter there from ${combatId}: their side controls a ${model.shelteredAt!.join(' or ')} there`, joinPointer(pointer, 'shelteredAt'));
  const attackers = attackingUnits(tx, side, unitIds, pointer, inTransit).map((u) => {
    const id = u.id;
    const cls = classOf(tx.rules, u);
    if (!roleIn(model, cls)) tx.refuse('cannot-attack', `${unitLabel(tx.rules, u)} is a ${cls} unit, which takes no part in an attack of ${combatId}`, joinPointer(pointer, 'attackers'));
    const landed = assault?.units.includes(id) === true && u.at === target;
    refuseLandedElsewhere(tx, side, combatId, u, target);
    if (!landed && !attackReach(tx, u, model).includes(graphOf(tx.rules).index.get(target) ?? -1)) refuseOutOfReach(tx, u, model, target, pointer);
    if (!hasFactor(tx, u, against?.line.factor ?? model.factor)) {
      tx.refuse('no-factor', `${unitLabel(tx.rules, u)} has no ${against ? `${against.line.factor} factor, which fires against ${against.line.kinds.join(' or ')}` : `${model.factor} factor`}`, against ? joinPointer(pointer, 'versus', against.k, 'factor') : joinPointer(pointer, 'factor'));
    }
    return u;
  });
  if (assault) refuseWithoutAssaulters(tx, assault, unitIds);
  refuseTooManyFromAfar(tx, model, pointer, target, attackers);
  const groups = new Set(attackers.map((u) => fightsWith(model, u.power)));
  if (groups.size > 1) {
    const alone = [...groups].filter((g) => g !== OTHERS).map((p) => tx.rules.r.powers?.[p]?.name ?? p);
    tx.refuse('apart', `${alone.join(' and ')} units attack only alongside their own power's`, joinPointer(pointer, 'apart'));
  }
  if (!attackers.some((u) => roleIn(model, classOf(tx.rules, u)) === 'attack')) {
    tx.refuse('support-only', `${model.support?.classes.join(' and ')} units only support: an attack of ${combatId} needs ${model.attackers ? `a ${model.attackers.join(' or ')} unit` : 'a unit of another class'}`, joinPointer(pointer, 'support'));
  }
  if (!inTransit) declared(tx, combatId, side, target, attackers, defenders);
  else attacked(tx, combatId, side, target, attackers, defenders);
  // The defending side chooses its support, or its interceptors, where it has some, before the battle is fought.
  // In transit, the defender's units of the model's range support the defence, or intercept where the combat fights the air at its target first (8.3.5.2).
  const range = transit?.supportRange;
  // Where the units at the target intercept, the defender may assign others to it (`assigned`, or in transit, those of the range).
  const intercept = model.interception !== undefined && (model.interception.at === undefined || range !== undefined || model.interception.assigned === true);
  const there = model.interception?.at === 'target' ? presentAt(tx, model, side, target) : [];
  const candidates = intercept
    ? interceptorsOf(tx, model, defending, target, defenders, range ?? model.interception!.range).filter((u) => !there.includes(u))
    : defenders.length ? supportersOf(tx, model, target, defenders).filter((u) => range === undefined || printed(tx, u, 'range') === range) : [];
  const by = candidates.length ? actingSide(tx.rules, s, candidates[0].power) : undefined;
  if (by) {
    const cite = tx.rules.cite(joinPointer(pointer, intercept ? 'interception' : 'support'));
    s.defense = { combat: combatId, side, target, attackers: unitIds, by, candidates: candidates.map((u) => u.id), cite, ...(intercept ? { intercept } : {}) };
    const text = `${tx.rules.party(by)} may ${intercept ? 'intercept the attack on' : 'support the defence of'} ${tx.rules.label(target)} with ${unitLabels(tx, s.defense.candidates)}`;
    tx.emit(() => ({ kind: 'defense', combat: combatId, target, side: by, units: candidates.map((u) => u.id), chosen: false, cite, text }));
    return;
  }
  fight(tx, combatId, model, side, target, attackers, defending, defenders, there);
}

/** Refuses an attack on a location holding no hostile units that defend it (of the model's defending classes, where it names them). */
function refuseNoDefenders(tx: Tx, side: string, target: LocKey, model: Pick<FireTableCombat, 'defenders'>, pointer: string): never {
  const classes = model.defenders ? `${model.defenders.join(' or ')} ` : '';
  return tx.refuse('no-target', `${tx.rules.label(target)} holds no ${classes}units hostile to ${tx.rules.party(side)}`, model.defenders ? joinPointer(pointer, 'defenders') : pointer);
}

/** Refuses an attack where a zone of control may not reach (zoc.outside: a neutral's country). */
function refuseBeyondZones(tx: Tx, target: LocKey) {
  const beyond = beyondZones(tx, target);
  if (beyond) tx.refuse('beyond-zones', beyond, '/mechanics/zoc/outside');
}

/**
 * The units defending a location attacked in a model that attacks units where they stand (odds table,
 * per-unit dice): refused where none stands, or where no zone of control reaches.
 */
export function defendersOf(tx: Tx, side: string, target: LocKey, model: Pick<FireTableCombat, 'defenders'>, pointer: string): UnitState[] {
  const defenders = targetsAt(tx, side, target, model);
  if (!defenders.length) refuseNoDefenders(tx, side, target, model, pointer);
  refuseBeyondZones(tx, target);
  return defenders;
}

/** Whether a unit may attack in a model naming its attacking classes and attack factor (odds table, per-unit dice). */
export const armedFor = (tx: Tx, u: UnitState, model: { attackers?: UnitClass[]; attackFactor: string }) =>
  (!model.attackers || model.attackers.includes(classOf(tx.rules, u))) && hasFactor(tx, u, model.attackFactor);

/** Refuses a unit an attack in such a model: of a class it does not attack with, or without the attack factor. */
export function refuseUnarmed(tx: Tx, u: UnitState, id: string, model: { attackers?: UnitClass[]; attackFactor: string }, pointer: string) {
  const cls = classOf(tx.rules, u);
  if (model.attackers && !model.attackers.includes(cls)) tx.refuse('cannot-attack', `${unitLabel(tx.rules, u)} is a ${cls} unit, which makes no attack of ${id}`, joinPointer(pointer, 'attackers'));
  if (!hasFactor(tx, u, model.attackFactor)) tx.refuse('no-factor', `${unitLabel(tx.rules, u)} has no ${model.attackFactor} factor`, joinPointer(pointer, 'attackFactor'));
}

/**
 * The units named for an attack, each once, every one the side's to command, in play, not holding fire,
 * not exhausted, (but in transit) not having attacked yet this step, nor kept from attacking again by it.
 */
export function attackingUnits(tx: Tx, side: string, unitIds: readonly string[], pointer: string, inTransit = false): UnitState[] {
  const s = tx.s;
  if (unitIds.length === 0 || new Set(unitIds).size !== unitIds.length) tx.refuse('bad-attackers', 'name each attacking unit once', pointer);
  const before = attackedBefore(tx);
  return unitIds.map((id) => {
    const u = Object.hasOwn(s.units, id) ? s.units[id] : undefined;
    if (!u) return tx.refuse('unknown-unit', `no unit "${id}" in play`, '/roster');
    refuseHoldingFire(tx, u);
    if (actingSide(tx.rules, s, u.power) !== side || camp(s, u.power) !== side) tx.refuse('not-yours', `${tx.rules.party(side)} may not attack with ${unitLabel(tx.rules, u)}`, joinPointer('/powers', u.power));
    refuseOutOfTurn(tx, side, u, 'attack with');
    if (!inTransit && s.step.attackers.includes(id)) tx.refuse('already-attacked', `${unitLabel(tx.rules, u)} has already attacked this step`, pointer);
    if (u.exhausted) tx.refuse('exhausted', `${unitLabel(tx.rules, u)} is exhausted by an earlier battle: it takes part in no attack until its side's units are readied`, exhaustedBy(tx, classOf(tx.rules, u)));
    refuseAttackingAgain(tx, u, before);
    return u;
  });
}

/** An attack of the step declared: its target and units attack no more this step (nor in a later one that bars them), and the defenders' countries hear of it. */
export function declared(tx: Tx, combat: string, side: string, target: LocKey, attackers: readonly UnitState[], defenders: readonly UnitState[]) {
  tx.s.step.targets.push(target);
  tx.s.step.attackers.push(...attackers.map((u) => u.id));
  rememberAttackers(tx, attackers);
  attacked(tx, combat, side, target, attackers, defenders);
}

/** Says which units attack ("announcing the attack in its entirety"), and fires the triggers on the countries of units attacked. */
export function attacked(tx: Tx, combat: string, side: string, target: LocKey, attackers: readonly UnitState[], defenders: readonly UnitState[]) {
  const units = attackers.map((u) => u.id);
  tx.emit(() => ({ kind: 'attack', combat, target, side, units, cite: tx.rules.cite(joinPointer('/mechanics/combat', combat)), text: `Attack on ${tx.rules.label(target)} by ${tx.rules.party(side)}: ${unitLabels(tx, units)}` }));
  const countries = new Set(defenders.flatMap((d) => tx.rules.r.powers?.[d.power]?.countries ?? []));
  const powers = [...new Set(attackers.map((u) => u.power))];
  for (const country of countries) fireTriggers(tx, { event: 'units-attacked', country, party: side, powers });
}

/**
 * The `defend` action: the defending side names the units supporting the defence, or intercepting the
 * attackers (none, some or all it may), and the battle is fought.
 */
export function defend(tx: Tx, side: string, unitIds: string[]) {
  const s = tx.s;
  const d = s.defense;
  if (!d) return tx.refuse('no-defense', 'no attack waits for the defender\'s support', '/mechanics/combat');
  const what = `${d.intercept ? 'the interception of the attack on' : 'the support of the defence of'} ${tx.rules.label(d.target)}`;
  if (d.by !== side) tx.refuse('not-yours', `${tx.rules.party(d.by)}, not ${tx.rules.party(side)}, choose ${what}`, d.cite.pointer);
  if (new Set(unitIds).size !== unitIds.length) tx.refuse('bad-supporters', 'name each unit once', d.cite.pointer);
  const model = tx.rules.r.mechanics!.combat![d.combat] as FireTableCombat;
  // Who may intercept, in words: the refusal of another says why it may not.
  const spec = model.interception;
  const who = d.intercept && spec ? ` (an interceptor is a ready ${spec.classes.join(' or ')} unit${spec.range !== undefined ? ` of range ${spec.range}` : ''} with ${tx.rules.label(d.target)} in its zone, in no battle yet this step)` : '';
  for (const id of unitIds) if (!d.candidates.includes(id)) tx.refuse('not-a-supporter', `${unitLabels(tx, [id])} may not take part in ${what}: only ${d.candidates.length ? unitLabels(tx, d.candidates) : 'none'} may${who}`, d.cite.pointer);
  refuseTooManyFromAfar(tx, model, joinPointer('/mechanics/combat', d.combat), d.target, unitIds.map((id) => s.units[id]));
  s.defense = undefined;
  const choice = `${d.intercept ? 'Interception of the attack on' : 'Support of the defence of'} ${tx.rules.label(d.target)} by ${tx.rules.party(side)}`;
  const chosen = unitIds.length ? `${choice}: ${unitLabels(tx, unitIds)}` : `${choice}: none`;
  tx.emit(() => ({ kind: 'defense', combat: d.combat, target: d.target, side, units: unitIds, chosen: true, cite: d.cite, text: chosen }));
  const defenders = unitsFought(tx, d.side, d.target, model);
  const defending = defenderOf(tx, d.side, model, d.target, defenders)!;
  const chosenUnits = unitIds.map((id) => s.units[id]);
  const attackers = d.attackers.map((id) => s.units[id]);
  if (!d.intercept) return fight(tx, d.combat, model, d.side, d.target, attackers, defending, [...defenders, ...chosenUnits]);
  // Interceptors take part in no other battle of the step; those at the target, where the model has them intercept there, do so (never among the candidates: see attack).
  s.step.attackers.push(...unitIds);
  const present = model.interception?.at === 'target' ? presentAt(tx, model, d.side, d.target) : [];
  fight(tx, d.combat, model, d.side, d.target, attackers, defending, defenders, [...chosenUnits, ...present]);
}

/**
 * The defending camp's units that may support the defence of a location: of a support class (one the
 * attackers attack with too: units assigned to the location), not there already, not exhausted nor
 * frozen, with the location in their reach, and allowed to fight beside the defenders (a power kept
 * apart receives support only from its own units).
 */
function supportersOf(tx: Tx, model: FireTableCombat, target: LocKey, defenders: UnitState[]): UnitState[] {
  if (!model.support) return [];
  const s = tx.s;
  const side = camp(s, defenders[0].power);
  const group = fightsWith(model, defenders[0].power);
  const at = graphOf(tx.rules).index.get(target) ?? -1;
  return unitList(s).filter((u) => {
    if (defenders.includes(u) || actsFrom(tx.rules, s, u) === undefined || u.exhausted || camp(s, u.power) !== side || fightsWith(model, u.power) !== group) return false;
    if (!model.support!.classes.includes(classOf(tx.rules, u)) || frozenBy(tx.rules, s, u.power) !== undefined || holdsFireBy(tx.rules, s, u.power) !== undefined || !hasFactor(tx, u, model.factor)) return false;
    return attackReach(tx, u, model).includes(at);
  });
}

/**
 * The battle, fought in its parts: the interceptors (if any) fight the attackers, the supports fight
 * each other (the model's support battle), then the battle itself. Units of the classes it exhausts are
 * marked so at its end: those exhausted before it did not fire and are not marked again.
 */
function fight(tx: Tx, combatId: string, model: FireTableCombat, side: string, target: LocKey, attackers: UnitState[], defending: string, defenders: UnitState[], interceptors: UnitState[] = []) {
  const stand = (u: UnitState) => ({ unit: u.id, from: u.at });
  const going = interceptors.length ? interceptionBattle(tx, combatId, model, side, campName(defending), target, attackers, interceptors) : attackers;
  fightOn(tx, {
    combat: combatId, side, defending, target, stage: 'support',
    attackers: going.map(stand), defenders: defenders.map(stand),
    exhausting: [...attackers, ...defenders, ...interceptors].filter((u) => !u.exhausted && model.exhausts?.includes(classOf(tx.rules, u))).map((u) => u.id),
    cite: tx.rules.cite(joinPointer('/mechanics/combat', combatId)),
  });
}

/**
 * Fights a battle on from the part it has reached. Where the losses of a part wait for their owners to
 * choose the units that take them, the battle waits with them (in the state), and goes on once they are
 * allocated (settleBattle): the next part is fought by the units they leave.
 */
function fightOn(tx: Tx, b: PendingBattle) {
  const s = tx.s;
  // An attack stopped by its interception has nothing left to fight: its losses wait on their own.
  s.battle = s.losses.length && b.attackers.length ? b : undefined;
  if (s.battle) return tx.emit(() => ({ kind: 'effect', op: 'battle-waits', cite: b.cite, text: `The battle at ${tx.rules.label(b.target)} is fought on once these losses are allocated` }));
  const model = tx.rules.r.mechanics!.combat![b.combat] as FireTableCombat;
  const inPlay = (ids: readonly string[]) => ids.map((id) => s.units[id]).filter((u) => u.at !== 'eliminated');
  const [attackers, defenders] = [inPlay(b.attackers.map((x) => x.unit)), inPlay(b.defenders.map((x) => x.unit))];
  if (b.stage === 'support') {
    // Units exhausted by an earlier battle take no part in the support battle (attackers never are: they may not attack).
    if (attackers.length) b.supports = supportBattle(tx, b, model, attackers, defenders.filter((u) => !u.exhausted));
    return fightOn(tx, { ...b, stage: 'main' });
  }
  const assault = assaultAt(tx, b.side, b.combat, b.target);
  const fixed = assault && !defenders.length ? undefendedStrength(tx, model, b.target, b.defending) : undefined;
  const winner = attackers.length ? fireTableBattle(tx, b, model, attackers, defenders, fixed) : undefined;
  if (assault) assault.outcome = winner === b.side ? 'won' : 'lost';
  exhaust(tx, inPlay(b.exhausting), joinPointer('/mechanics/combat', b.combat, 'exhausts'));
}

/** Fights on a battle that waited for losses to be allocated, once none waits. */
export function settleBattle(tx: Tx) {
  if (tx.s.battle && !tx.s.losses.length) fightOn(tx, tx.s.battle);
}

/** Marks units exhausted after a battle they fought in. */
function exhaust(tx: Tx, units: UnitState[], pointer: string) {
  if (!units.length) return;
  for (const u of units) u.exhausted = true;
  tx.emit(() => ({ kind: 'exhausted', units: units.map((u) => u.id), exhausted: true, cite: tx.rules.cite(pointer), text: `${unitLabels(tx, units.map((u) => u.id))} exhausted: no more attacks or fire until readied` }));
}

/** Where the ruleset says a unit of a class is exhausted: the first combat whose model exhausts it. */
function exhaustedBy(tx: Tx, cls: UnitClass): string {
  const combats = Object.entries(tx.rules.r.mechanics?.combat ?? {});
  const found = combats.find(([, m]) => m.model === 'fire-table' && m.exhausts?.includes(cls));
  return found ? joinPointer('/mechanics/combat', found[0], 'exhausts') : '/mechanics/combat';
}

/** The `ready` procedure: the units of the powers a step acts for are no longer exhausted. */
export function ready(tx: Tx, which: (power: string) => boolean, pointer: string) {
  const readied = unitList(tx.s).filter((u) => u.exhausted && which(u.power));
  for (const u of readied) u.exhausted = undefined;
  if (readied.length) tx.emit(() => ({ kind: 'exhausted', units: readied.map((u) => u.id), exhausted: false, cite: tx.rules.cite(pointer), text: `Readied: ${unitLabels(tx, readied.map((u) => u.id))}` }));
}
