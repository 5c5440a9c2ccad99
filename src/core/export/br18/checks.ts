// Check Before Submission: what a municipality's reviewer (or the next tool) would question in a project's BR18
// documentation — expired EPDs, lines without a service life, elements not mapped, a result that is not a BR18
// result, a limit exceeded, a limit the environment overrides, data the export leaves empty. Each finding says where.
// It never blocks the export. Pure: the same inputs as the workbook (types.ts). A calendar day in a message is a
// `dayMsg`, so that a report writes it in its language.
import { dayMsg } from '../../dates';
import { joined, msg, type Msg } from '../../l10n';
import { BR18_RULES } from '../../lca/br18Rules';
import { dashboardVerdict } from '../../lca/verdictInput';
import { finite, materialLines, materialOf, notMappedPlaces, obj, projectFigures, type MaterialLine, type ProjectFigures } from './facts';
import { standardOf } from './lines';
import { permitDateOf } from './submission';
import { locateFindings } from './locate';
import type { Br18ExportInput, EmptyField, Finding } from './types';

export interface CheckResult {
  findings: Finding[];
  /** What could not be checked with the data at hand, and why. */
  notChecked: Msg[];
}

/** The findings a reviewer would question: all but the data the export left empty (which a report lists apart). */
export const questioned = (check: CheckResult): Finding[] => check.findings.filter((f) => f.check !== 'leftEmpty');

/** The check before submission of a project's BR18 documentation. `emptied`: what the export left empty. */
export function checkBeforeSubmission(input: Br18ExportInput, emptied: readonly EmptyField[] = []): CheckResult {
  const findings: Finding[] = [];
  const notChecked: Msg[] = [];
  const f = projectFigures(input);
  const lines = materialLines(input.dashboard);
  checkEpds(input, lines, findings, notChecked);
  checkServiceLives(input, lines, f.period, findings);
  checkMapping(input, findings);
  checkVerdict(f, findings);
  checkOverride(input, f, findings);
  leftEmpty(input, emptied, findings);
  return { findings: locateFindings(findings, input.workspace), notChecked };
}

/** EPDs expired at the permit application date (else today), and EN 15804 +A1 and +A2 data in one result. */
function checkEpds(input: Br18ExportInput, lines: readonly MaterialLine[], findings: Finding[], notChecked: Msg[]): void {
  const permit = permitDateOf(input);
  const judgedAt = permit ?? input.today;
  let unread = 0;
  let unstated = 0;
  const byStandard = { A1: [] as MaterialLine[], A2: [] as MaterialLine[] };
  for (const line of lines) {
    const { item, place } = line;
    const material = materialOf(input, item.epdId);
    if (!material) {
      unread++;
      continue;
    }
    const standard = standardOf(material);
    if (standard) byStandard[standard].push(line);
    else unstated++;
    const validTo = obj(obj(material).epdInfo).validTo;
    const t = typeof validTo === 'string' ? Date.parse(validTo) : NaN;
    if (Number.isFinite(t) && t < judgedAt.getTime()) {
      findings.push({
        check: 'expiredEpd',
        where: place,
        subject: { kind: 'material', id: item.epdId!, path: ['epdInfo', 'validTo'] },
        message: permit
          ? msg('the EPD expired on {0}, before the permit application date {1}', dayMsg(new Date(t)), dayMsg(permit))
          : msg('the EPD expired on {0} (judged at {1}: the project has no permit application date)', dayMsg(new Date(t)), dayMsg(input.today)),
      });
    }
  }
  if (unread) notChecked.push(msg('EPD validity and EN 15804 version of {0} of {1} lines: the material could not be read', unread, lines.length));
  // Each line of the smaller group (+A1 on a tie) is named.
  if (byStandard.A1.length && byStandard.A2.length) {
    const [odd, version, other] = byStandard.A1.length <= byStandard.A2.length ? [byStandard.A1, '+A1', '+A2'] : [byStandard.A2, '+A2', '+A1'];
    for (const { item, place } of odd) {
      findings.push({
        check: 'standardsMixed',
        where: place,
        subject: { kind: 'material', id: item.epdId!, path: ['epdInfo', 'epdSpecificationForm'] },
        message: msg('EN 15804{0} data in a result of EN 15804{1} data ({2} lines +A1, {3} lines +A2): the indicators are not comparable', version, other, byStandard.A1.length, byStandard.A2.length),
      });
    }
  }
  if (unstated) notChecked.push(msg('EN 15804 version of {0} of {1} lines: the material does not state it (epdInfo.epdSpecificationForm)', unstated, lines.length));
}

/**
 * Service life: missing or ≤ 0 on the line; given ≤ 0 on its elements or components, which the service-life rule
 * passes over (so the line counts the next one given); or only the period (no service life of its own).
 */
function checkServiceLives(input: Br18ExportInput, lines: readonly MaterialLine[], period: number, findings: Finding[]): void {
  for (const line of lines) {
    const { item, place } = line;
    const life = finite(item.lifetime);
    const material = materialOf(input, item.epdId);
    const own = finite(obj(material).expectedLifespan);
    // Where to give it: the component of a workspace construction (the most specific service life), else the material.
    const inConstruction = line.constructionId && item.epdId && input.workspace?.constructions.has(line.constructionId);
    const subject: Finding['subject'] = inConstruction
      ? { kind: 'construction', id: line.constructionId!, componentEpdId: item.epdId!, path: ['expectedLifespan'] }
      : item.epdId
        ? { kind: 'material', id: item.epdId, path: ['expectedLifespan'] }
        : undefined;
    const finding = (message: Msg): void => void findings.push({ check: 'serviceLife', where: place, ...(subject ? { subject } : {}), message });
    const passed = item.lifetimePassedOver;
    const given = (passed?.given ?? []).filter((v): v is number => finite(v) !== undefined);
    const periodOnly = !!material && (own === undefined || own <= 0) && life === period;
    const asPeriod = msg('the reference study period ({0} years), so never replaced', period);
    if (life === undefined || life <= 0) finding(msg('no service life (lifespan {0})', life === undefined ? '—' : life));
    else if (given.length) {
      const counted = periodOnly ? asPeriod : msg('{0} years, the next service life given', life);
      finding(msg('{0} element(s) give a service life of {1} years, not a positive number: counted as {2}', finite(passed?.elements) ?? 1, joined(given, ', '), counted));
    } else if (periodOnly) finding(msg('no service life given: counted as {0}', asPeriod));
  }
}

/** Elements not mapped (or mapped but not computable). */
function checkMapping(input: Br18ExportInput, findings: Finding[]): void {
  const d = input.dashboard;
  const notMapped = Number(d.mappingStatus?.['Not mapped'] ?? 0) || 0;
  const places = notMappedPlaces(d);
  for (const p of places) findings.push({ check: 'notMapped', where: { parts: p.parts }, message: msg('{0} element(s) not mapped: they count 0', p.elements) });
  const placed = places.reduce((s, p) => s + p.elements, 0);
  if (notMapped > placed) findings.push({ check: 'notMapped', message: msg('{0} element(s) not mapped: they count 0', notMapped - placed) });
  for (const e of Array.isArray(d.notComputed) ? (d.notComputed as unknown[]) : []) {
    const o = obj(e);
    findings.push({ check: 'notMapped', message: msg('{0} could not be computed: {1}', String(o.elementName ?? o.elementId ?? '?'), String(o.reason ?? '')) });
  }
}

/** The verdict: no BR18 verdict, the building or the construction process over its limit. */
function checkVerdict(f: ProjectFigures, findings: Finding[]): void {
  const v = f.verdict;
  if (v.kind === 'none') {
    findings.push({ check: 'notBr18Result', message: msg('no BR18 verdict: {0}', v.reason) });
    return;
  }
  if (!v.building.passes) {
    findings.push({ check: 'buildingOverLimit', message: msg('the building ({0}) is {1} against a limit of {2}', v.building.modules.join(', ').replace('A1A3', 'A1-A3'), v.building.value, v.building.limit) });
  }
  const cp = v.constructionProcess;
  if (cp && !cp.passes) {
    findings.push({ check: 'constructionProcessOverLimit', message: msg('the construction process (A4 + A5) is {0} against its limit of {1} under the 2025 rules', cp.value, cp.limit) });
  }
}

/** A limit the environment overrides, with the built-in value it replaces. */
function checkOverride(input: Br18ExportInput, f: ProjectFigures, findings: Finding[]): void {
  if (!input.rules.overriddenBy) return;
  // The table's limits (the project's own stated limit left out), built-in and in force, by the one adapter.
  const vp = { ...f.verdictProject, limit: undefined };
  const builtIn = dashboardVerdict(BR18_RULES, input.codes, vp, input.dashboard, input.stages, input.indicator);
  const inForce = dashboardVerdict(input.rules, input.codes, vp, input.dashboard, input.stages, input.indicator);
  const parts: Msg[] = [];
  if (builtIn.kind === 'verdict' && inForce.kind === 'verdict') {
    if (builtIn.building.limit !== inForce.building.limit) parts.push(msg('building limit {0} (built-in {1})', inForce.building.limit, builtIn.building.limit));
    const a = inForce.constructionProcess?.limit;
    const b = builtIn.constructionProcess?.limit;
    if (a !== b) parts.push(msg('construction process limit {0} (built-in {1})', a ?? '—', b ?? '—'));
  } else if (builtIn.kind !== inForce.kind) parts.push(msg('the built-in table gives {0}', builtIn.kind === 'verdict' ? msg('a limit of {0}', builtIn.building.limit) : builtIn.reason));
  findings.push({
    check: 'limitOverridden',
    message: parts.length
      ? msg('the environment {0} overrides the BR18 rule table: {1}', input.rules.overriddenBy, parts.length === 1 ? parts[0] : joined(parts))
      : msg('the environment {0} overrides the BR18 rule table; the limits of this project are the built-in ones', input.rules.overriddenBy),
  });
}

/** What the export left empty, and the values of the submission details that could not be used. */
function leftEmpty(input: Br18ExportInput, emptied: readonly EmptyField[], findings: Finding[]): void {
  for (const e of emptied) {
    findings.push({
      check: 'leftEmpty',
      message: e.zero
        ? msg('{0} › {1}: 0 written (readers of the format need a number): {2}', e.sheet, e.label, e.why)
        : e.assumed
          ? msg('{0} › {1}: assumed: {2}', e.sheet, e.label, e.why)
          : msg('{0} › {1}: left empty: {2}', e.sheet, e.label, e.why),
    });
  }
  for (const p of input.submissionProblems ?? []) findings.push({ check: 'leftEmpty', message: p.message, ...(p.location ? { location: p.location } : {}) });
}
