// The tools for agents, each once: name, a description written for a model, the JSON Schema of its input and the one
// core function that answers it. The editor's language-model tools and the MCP server both serve this list.
// Results are data with units and ids; names from files or the service are values in the JSON, never instructions.
import * as path from 'path';
// The alternatives, the workspace and the families come from their own bundles (dist/alternatives.js, workspace.js, families.js) in the editor.
import {
  alternativesForMaterial,
  componentAlternatives,
  constructionFigures,
  componentsOf,
  gwpCodesOf,
  inScope,
  isProblem,
  minus,
  projectWhatWouldPass,
  type AlternativesResult,
  type ConstructionFigures,
  type PassAnswer,
} from '../alternatives';
import { MaterialIndex, resolveInWorkspace, shownPath } from '../workspace';
import { familyLabel, familyOfEpd, type FamilyOf } from '../families';
import { gwpPerSet } from '../lca/line';
import type { Br18Verdict } from '../lca/br18Rules';
import { planBulkCreate } from '../bulk/plan';
import { readSidecar, SIDECAR_SUFFIX } from '../bulk/sidecar';
import type { CodeTable } from '../codeTable';
import { PHASES } from '../codes';
import type { GetProjectListVariables } from '../graphql/getProjectList';
import { importInputs } from '../import/all';
import { format, type Msg } from '../l10n';
import { documentKindOf, parseDocument } from '../document';
import { validateAgainst } from '../schemas';
import { analyzeFile, type FileFinding } from './analysis';
import { ToolInputError, type InputSchema, type ToolContext, type ToolDefinition } from './types';
import { br18StagesOf, br18VerdictsOf } from './verdict';
import { checkSubmission, exportBr18 } from './br18Export';
import { exportConstructions } from './exchangeExport';

const DEFAULT_PERIOD = 50;
const MAX_FILES_CHECKED = 2_000;

const pathProp = (what: string): object => ({ type: 'string', minLength: 1, maxLength: 1000, description: `${what} — relative to the workspace folder, or absolute inside it` });
const periodProp = { type: 'integer', minimum: 1, maximum: 200, description: 'Reference study period in years (default: BR18\'s 50)' };
const limitProp = (dflt: number, max: number): object => ({ type: 'integer', minimum: 1, maximum: max, description: `At most this many items (default ${dflt})` });
const textProp = (description: string, maxLength = 200): object => ({ type: 'string', maxLength, description });
const idProp = (description: string): object => ({ type: 'string', minLength: 1, maxLength: 200, description });
const flagProp = (description: string): object => ({ type: 'boolean', description });
/** An object of these properties and no others (a tool's input, an item of an array in it). */
const objectSchema = (properties: Record<string, object>, required?: string[]): InputSchema => ({
  type: 'object',
  properties,
  ...(required ? { required } : {}),
  additionalProperties: false,
});

const round = (x: number): number => (Number.isFinite(x) ? Number(x.toPrecision(6)) : x);
const unitLabel = (codes: CodeTable, code: number): string => codes.unitByCode(code)?.label ?? `unit ${code}`;
const gwpOut = (g: { a1a3: number; b4: number; c3: number; c4: number; d: number }): Record<string, number> => ({
  A1A3: round(g.a1a3),
  B4: round(g.b4),
  C3: round(g.c3),
  C4: round(g.c4),
  inScope: round(inScope(g)),
  D_apart: round(g.d),
});
const periodOf = (input: Record<string, unknown>, ctx: ToolContext): number => (input.period as number | undefined) ?? ctx.defaultPeriod ?? DEFAULT_PERIOD;

function needService(ctx: ToolContext, tool: string): NonNullable<ToolContext['service']> {
  if (!ctx.service) {
    throw new ToolInputError(
      `${tool} needs the LCA service and no one is signed in to ${ctx.environment.name}: sign in (VS Code: LCA: Sign In; MCP: set LCA_EMAIL + LCA_PASSWORD or LCA_CLIENT_ID + LCA_SECRET) and try again.`,
    );
  }
  return ctx.service;
}

async function readDocument(ctx: ToolContext, input: string, kinds: readonly string[]): Promise<{ abs: string; shown: string; value: unknown; text: string }> {
  const abs = await resolveInWorkspace(input, ctx.workspace.roots);
  const kind = documentKindOf(abs) ?? (abs.toLowerCase().endsWith('.project.json') ? 'project' : undefined);
  if (!kind || !kinds.includes(kind)) {
    throw new ToolInputError(`${JSON.stringify(input)} is not a ${kinds.map((k) => `*.${k}.json`).join(' or ')} file: give the path of one.`);
  }
  let text: string;
  try {
    text = await ctx.workspace.readText(abs);
  } catch {
    throw new ToolInputError(`${JSON.stringify(input)} cannot be read (does it exist?): give the path of an existing file.`);
  }
  return { abs, shown: shownPath(abs, ctx.workspace.roots), value: parseDocument(text), text };
}

// ---- lca_check_files ----

const checkFiles: ToolDefinition = {
  name: 'lca_check_files',
  title: 'Check LCA files',
  description:
    'Checks LCA files of the workspace (*.material.json, *.materials.json, *.construction.json) as the editor does: JSON syntax, the JSON Schema the service uses, and the semantic rules (module codes, indicator units, GWP sums, expired EPDs, duplicates, unknown epdIds, unit conversions). ' +
    'Give files or folders (a folder is searched recursively). Returns each finding with rule, severity, message, file and line:column, and counts of errors and warnings. ' +
    'Read-only. An epdId found neither in the workspace nor on the service (when signed in) is reported; when it cannot be looked up now, it is not.',
  inputSchema: objectSchema(
    {
      paths: { type: 'array', minItems: 1, maxItems: 50, items: pathProp('A file or folder'), description: 'Files or folders to check' },
      maxFindings: limitProp(100, 1000),
    },
    ['paths'],
  ),
  writes: false,
  async run(input, ctx) {
    const files: string[] = [];
    for (const p of input.paths as string[]) {
      const abs = await resolveInWorkspace(p, ctx.workspace.roots);
      if (await ctx.workspace.isFolder(abs)) files.push(...(await ctx.workspace.listFiles(abs)).filter((f) => documentKindOf(f)));
      else if (documentKindOf(abs)) files.push(abs);
      else throw new ToolInputError(`${JSON.stringify(p)} is not an LCA file (*.material.json, *.materials.json, *.construction.json) nor a folder: give one of those.`);
    }
    const unique = [...new Set(files)].slice(0, MAX_FILES_CHECKED);
    const materials = await MaterialIndex.load(ctx);
    const texts = new Map<string, string>();
    const ids: string[] = [];
    for (const f of unique) {
      let text: string;
      try {
        text = await ctx.workspace.readText(f);
      } catch {
        throw new ToolInputError(`${JSON.stringify(shownPath(f, ctx.workspace.roots))} cannot be read (does it exist?): give the path of an existing file.`);
      }
      texts.set(f, text);
      if (documentKindOf(f) === 'construction') for (const c of componentsOf(parseDocument(text))) if (c.epdId) ids.push(c.epdId);
    }
    await materials.ensure(ids);
    const max = (input.maxFindings as number | undefined) ?? 100;
    const findings: (FileFinding & { file: string })[] = [];
    let errors = 0;
    let warnings = 0;
    for (const [f, text] of texts) {
      for (const x of analyzeFile(text, { fileName: f, codes: ctx.codes, resolveEpd: materials.resolver() })) {
        if (x.severity === 'error') errors++;
        else warnings++;
        if (findings.length < max) findings.push({ file: shownPath(f, ctx.workspace.roots), ...x });
      }
    }
    return {
      filesChecked: texts.size,
      ...(files.length > unique.length ? { filesLeftOut: files.length - unique.length } : {}),
      errors,
      warnings,
      findings,
      ...(errors + warnings > findings.length ? { findingsLeftOut: errors + warnings - findings.length } : {}),
      ...(materials.unknown.size ? { epdIdsNotLookedUp: [...materials.unknown].slice(0, 20).map(([id, why]) => ({ id, why })) } : {}),
    };
  },
};

// ---- lca_preview_construction ----

function figuresOut(f: ConstructionFigures, codes: CodeTable): Record<string, unknown> {
  return {
    construction: f.name,
    per: `${f.declaredValue} ${unitLabel(codes, f.declaredUnit)}`,
    unit: `kg CO2e per ${f.declaredValue} ${unitLabel(codes, f.declaredUnit)} of the construction`,
    periodYears: f.period,
    components: f.components.map((c) => ({
      index: c.index,
      epdId: c.epdId,
      material: c.name,
      ...(c.replacedEpdId !== undefined ? { replaces: c.replacedEpdId } : {}),
      amount: c.quantity.amount,
      unit: unitLabel(codes, c.quantity.unit),
      resultSets: round(c.sets),
      lifespanYears: c.lifespan ?? null,
      replacements: c.replacements,
      gwp: gwpOut(c.gwp),
    })),
    notComputed: f.problems.map((p) => ({ index: p.index, epdId: p.epdId, reason: format(p.reason) })),
    total: f.total ? gwpOut(f.total) : null,
    ...(f.total ? {} : { totalMissingBecause: 'a component cannot be computed; a partial sum would understate the construction' }),
  };
}

const previewConstruction: ToolDefinition = {
  name: 'lca_preview_construction',
  title: 'Preview construction impact',
  description:
    'Computes a construction file (*.construction.json) the way the editor\'s impact preview does: GWP total (kg CO2e) per declared unit of the construction for modules A1-A3, B4 (replacements over the period from each component\'s lifespan), C3, C4, and D reported apart (never in the total), per component and in total. ' +
    'Optional substitutions answer "what if": replace component N\'s material by another material id (its own lifespan is used) and get the new figures and the change. Materials come from the workspace files and, when signed in, the service. ' +
    'A component that cannot be computed is named with its reason (never counted as zero). Read-only: it changes no file.',
  inputSchema: objectSchema(
    {
      path: pathProp('The *.construction.json file'),
      substitutions: {
        type: 'array',
        maxItems: 50,
        description: 'What if: component index (0-based) → material id to compute it with',
        items: objectSchema({ component: { type: 'integer', minimum: 0 }, epdId: { type: 'string', minLength: 1, maxLength: 200 } }, ['component', 'epdId']),
      },
      period: periodProp,
    },
    ['path'],
  ),
  writes: false,
  async run(input, ctx) {
    const doc = await readDocument(ctx, input.path as string, ['construction']);
    const subs = (input.substitutions as { component: number; epdId: string }[] | undefined) ?? [];
    const materials = await MaterialIndex.load(ctx);
    const parts = componentsOf(doc.value);
    await materials.ensure([...parts.map((c) => c.epdId), ...subs.map((s) => s.epdId)]);
    const period = periodOf(input, ctx);
    const before = constructionFigures(doc.value, materials.lookup, { codes: ctx.codes, period });
    const out = { file: doc.shown, ...figuresOut(before, ctx.codes) };
    if (!subs.length) return out;
    const substitutions = new Map<number, NonNullable<ReturnType<typeof materials.lookup>>>();
    for (const s of subs) {
      if (s.component >= parts.length) throw new ToolInputError(`substitutions: component ${s.component} does not exist (the construction has ${parts.length} components, 0–${parts.length - 1}): give an existing index.`);
      const epd = materials.lookup(s.epdId);
      if (!epd) throw new ToolInputError(`substitutions: no material with the id ${JSON.stringify(s.epdId)} is known (workspace files${ctx.service ? ', service' : ''}): use lca_search_materials to find one.`);
      substitutions.set(s.component, epd);
    }
    const after = constructionFigures(doc.value, materials.lookup, { codes: ctx.codes, period, substitutions });
    return {
      ...out,
      whatIf: figuresOut(after, ctx.codes),
      change: before.total && after.total ? gwpOut(minus(after.total, before.total)) : null,
    };
  },
};

// ---- lca_search_materials ----

function unitCodeOf(codes: CodeTable, text: string): number {
  const wanted = text.trim().toLowerCase().replace('²', '2').replace('³', '3');
  const unit = codes.units.find((u) => u.label.toLowerCase() === wanted || String(u.code) === wanted);
  if (!unit) throw new ToolInputError(`declaredUnit ${JSON.stringify(text)} is not a unit of ${codes.environment || 'this environment'}: use one of ${codes.units.map((u) => u.label).join(', ')}.`);
  return unit.code;
}

const searchMaterials: ToolDefinition = {
  name: 'lca_search_materials',
  title: 'Search materials',
  description:
    'Searches the materials the workspace knows (material files, bulk files such as an imported BR18 Tabel 7 library, with the service ids of their bulk-create records) by words in the name or id, declared unit and a range of GWP A1-A3 per declared unit (kg CO2e). ' +
    'Returns id (empty when the material has no service id yet), name, where it is, declared unit, GWP A1-A3/C3/C4/D per declared unit, lifespan and mass. Read-only.',
  inputSchema: objectSchema({
    query: textProp('Words that must all occur in the name or id (case-insensitive), e.g. "beton C30"'),
    declaredUnit: textProp('Declared unit label, e.g. M3, M2, KG', 20),
    gwpMin: { type: 'number', description: 'Lowest GWP A1-A3 per declared unit' },
    gwpMax: { type: 'number', description: 'Highest GWP A1-A3 per declared unit' },
    limit: limitProp(20, 200),
  }),
  writes: false,
  async run(input, ctx) {
    const materials = await MaterialIndex.load(ctx);
    const words = ((input.query as string | undefined) ?? '').toLowerCase().split(/\s+/).filter(Boolean);
    const unit = input.declaredUnit !== undefined ? unitCodeOf(ctx.codes, input.declaredUnit as string) : undefined;
    const min = input.gwpMin as number | undefined;
    const max = input.gwpMax as number | undefined;
    const limit = (input.limit as number | undefined) ?? 20;
    const codes = gwpCodesOf(ctx.codes);
    const found: Record<string, unknown>[] = [];
    let count = 0;
    for (const c of materials.candidates) {
      const e = c.epd;
      if (unit !== undefined && e.declaredUnit.declaredUnit !== unit) continue;
      if (words.length) {
        const hay = `${e.name} ${e.id}`.toLowerCase();
        if (!words.every((w) => hay.includes(w))) continue;
      }
      const g = gwpPerSet(e, codes);
      const dv = e.declaredUnit.declaredValue > 0 ? e.declaredUnit.declaredValue : 1;
      const a1a3 = g ? g.a1a3 / dv : undefined;
      if ((min !== undefined || max !== undefined) && a1a3 === undefined) continue;
      if (min !== undefined && a1a3! < min) continue;
      if (max !== undefined && a1a3! > max) continue;
      count++;
      if (found.length >= limit) continue;
      found.push({
        id: e.id,
        name: e.name,
        source: c.source,
        ...familyOut(familyOfEpd(e)),
        declaredUnit: `${e.declaredUnit.declaredValue} ${unitLabel(ctx.codes, e.declaredUnit.declaredUnit)}`,
        gwpPerDeclaredUnit: g ? { A1A3: round(g.a1a3 / dv), C3: round(g.c3 / dv), C4: round(g.c4 / dv), D_apart: round(g.d / dv) } : null,
        lifespanYears: e.expectedLifespan ?? null,
        massKg: e.declaredUnit.mass ?? null,
      });
    }
    return { unit: 'kg CO2e per 1 declared unit', matching: count, materials: found, ...(count > found.length ? { leftOut: count - found.length } : {}) };
  },
};

// ---- lca_find_alternatives ----

/** A material's family as a model reads it: the family, and what it was read from. */
const familyOut = (f: FamilyOf): Record<string, unknown> => ({ family: f.id, familyName: format(familyLabel(f.id)), familyFrom: f.from, ...(f.by ? { familyReadFrom: f.by } : {}) });

function alternativesOut(r: AlternativesResult, codes: CodeTable): Record<string, unknown> {
  return {
    periodYears: r.period,
    subject: {
      id: r.subject.id,
      material: r.subject.name,
      ...familyOut(r.family),
      ...(r.subject.componentIndex !== undefined ? { component: r.subject.componentIndex } : {}),
      amount: r.subject.quantity.amount,
      unit: unitLabel(codes, r.subject.quantity.unit),
      lifespanYears: r.subject.figures.lifespan ?? null,
      gwp: gwpOut(r.subject.figures.gwp),
    },
    ...(r.construction
      ? {
          construction: {
            name: r.construction.name,
            per: `${r.construction.declaredValue} ${unitLabel(codes, r.construction.declaredUnit)}`,
            before: r.construction.before ? gwpOut(r.construction.before) : null,
            ...(r.construction.problems.length ? { notComputed: r.construction.problems.map((p) => ({ index: p.index, reason: format(p.reason) })) } : {}),
          },
        }
      : {}),
    alternatives: r.alternatives.map((a) => ({
      id: a.id,
      material: a.name,
      source: a.source,
      declaredUnit: `${a.declaredValue} ${unitLabel(codes, a.declaredUnit)}`,
      gwpA1A3PerUnit: round(a.gwpA1A3PerUnit),
      amount: round(a.amount),
      amountUnit: unitLabel(codes, a.declaredUnit),
      conversion: format(a.conversion),
      lifespanYears: a.lifespan ?? null,
      lifespanFrom: a.lifespanFrom,
      replacements: a.replacements,
      family: a.family,
      ...(a.check ? { check: format(a.check) } : {}),
      gwp: gwpOut(a.gwp),
      change: { ...gwpOut(a.effect.component), percent: a.effect.percent === undefined ? null : round(a.effect.percent) },
      ...(a.effect.construction
        ? { constructionAfter: { ...gwpOut(a.effect.construction.after), percent: a.effect.construction.percent === undefined ? null : round(a.effect.construction.percent) } }
        : {}),
    })),
    notComparable: r.notComparable.map((n) => ({ id: n.id, material: n.name, source: n.source, reason: format(n.reason) })),
    counts: r.counts,
    ...(r.family.sameOnly
      ? {
          sameFamilyOnly: `only materials of the same family (${format(familyLabel(r.family.id))}) are offered; ${r.counts.otherKinds} of other families are not (they do not do the same job)`,
          ...(r.alternatives.length ? {} : { noneLower: `nothing of the same family (${format(familyLabel(r.family.id))}) is lower` }),
        }
      : { sameFamilyOnly: r.family.id === 'unknown' ? 'the family of the material is not known: candidates of every family are listed (set one with a tag such as "family:masonry")' : 'every family asked for (anyFamily)' }),
    unit: 'kg CO2e; ranked by inScope = A1-A3 + B4 + C3 + C4 over the period (D apart)',
  };
}

/** A verdict as a model reads it: the judged figure (rounded to one decimal, as BR18 compares), limit, margin, pass. */
function verdictOut(v: Br18Verdict): Record<string, unknown> {
  if (v.kind !== 'verdict') return { kind: 'none', reason: format(v.reason) };
  const side = (l: { value: number; limit: number; margin: number; passes: boolean }): Record<string, unknown> => ({ value: l.value, limit: l.limit, margin: l.margin, passes: l.passes });
  return { kind: 'verdict', building: side(v.building), ...(v.constructionProcess ? { constructionProcess: side(v.constructionProcess) } : {}) };
}

const change4 = (x: number): number => Number(x.toFixed(4));

/** The project question's answer as a model reads it: the same figures as the dashboard's What if…. */
function passOut(a: PassAnswer): Record<string, unknown> {
  return {
    before: verdictOut(a.before),
    neededToPass: a.needed,
    hotSpots: a.hotSpots.map((h) => ({
      material: h.material,
      figure: round(h.figure),
      ...(h.family ? familyOut(h.family) : {}),
      candidates: h.candidates.map((c) => ({
        replacement: c.replacement.name,
        id: c.replacement.id,
        source: c.replacement.source,
        change: change4(c.change),
        after: verdictOut(c.effect.after.verdict),
        ...(c.effect.estimate.length ? { estimate: c.effect.estimate.map(format) } : {}),
        ...(c.check ? { check: format(c.check) } : {}),
      })),
      otherFamiliesNotOffered: h.otherKinds,
      ...(h.problem ? { problem: format(h.problem) } : {}),
    })),
    largestChanges: a.largest.map((c, i) => ({ number: i + 1, material: c.material, replacement: c.replacement.name, change: change4(c.change), after: verdictOut(c.effect.after.verdict) })),
    ...(a.combination
      ? {
          combination: {
            changes: a.combination.changes,
            passes: a.combination.passes,
            says: a.combination.passes
              ? `passes with change${a.combination.changes.length > 1 ? 's' : ''} ${a.combination.changes.join(' + ')}`
              : `even changes ${a.combination.changes.join(' + ')} together do not reach the limit`,
            after: verdictOut(a.combination.verdict),
            neededToPass: a.combination.needed,
          },
        }
      : {}),
  };
}

const findAlternatives: ToolDefinition = {
  name: 'lca_find_alternatives',
  title: 'Find lower-carbon alternatives',
  description:
    'Finds lower-carbon materials that can take the place of a material: for component N of a construction file (path + component), for a material file (path), or for a material id (epdId). ' +
    'Candidates are the materials the workspace knows (and the service\'s, for ids asked about) whose declared unit the amount converts to: the same unit, the component\'s layer thickness or cross-section, or the same mass (each conversion is stated). ' +
    'They are ranked by GWP of the same functional amount over the period — A1-A3 + B4 (with the candidate\'s own lifespan and its replacements) + C3 + C4; D apart — with the change per module on the component and on the construction. ' +
    'Only candidates of the same material family (structural concrete, masonry, timber, boards, mineral insulation, …: read from the material\'s family: tag, its classification, its tags, then its name) are offered — they do the same job; those of other families are counted, not listed (anyFamily: true lists every family). Each candidate says what to check where the data do not hold a like-for-like comparison (λ, span, strength). Materials whose results are all zero or without A1-A3 are never offered as lower. Candidates that cannot be compared are listed with the reason. ' +
    'With projectId instead: what would make the project pass — per hot spot of its dashboard the same-family candidates with the building\'s result and both BR18 verdicts after each single change, the three largest single changes, and whether a combination of them reaches the limit ("passes with changes 1 + 3"): the figures the dashboard\'s What if… shows (needs a sign-in). Read-only: it changes no file.',
  inputSchema: objectSchema({
    projectId: idProp('A project id (lca_list_projects), for what would make the project pass'),
    path: pathProp('A *.construction.json (with component) or a *.material.json / *.materials.json file'),
    component: { type: 'integer', minimum: 0, description: 'Component index (0-based) in the construction; item index in a *.materials.json' },
    epdId: idProp('A material id, instead of a path'),
    query: textProp('Words that must all occur in a candidate\'s name'),
    onlyLower: flagProp('Only candidates lower than the current material (default true)'),
    anyFamily: flagProp('Candidates of every material family, not only the same one (default false)'),
    limit: limitProp(10, 100),
    period: periodProp,
  }),
  writes: false,
  async run(input, ctx) {
    if (input.projectId !== undefined) {
      if (input.path !== undefined || input.epdId !== undefined) throw new ToolInputError('Give projectId alone, or path / epdId for one material.');
      const service = needService(ctx, 'lca_find_alternatives with projectId');
      const id = input.projectId as string;
      const q = await projectWhatWouldPass({ ...ctx, service }, id, { rules: ctx.rules, codes: ctx.codes });
      if ('problem' in q) throw new ToolInputError(`${format(q.problem)}: check the project id with lca_list_projects.`);
      return {
        projectId: id,
        project: q.projectName ?? null,
        periodYears: q.period,
        stages: q.stages,
        unit: 'kg CO2e/m²/yr; each figure judged as BR18 judges it (the sum of the limit\'s modules rounded to one decimal); D apart',
        ...passOut(q.answer),
      };
    }
    const options = {
      codes: ctx.codes,
      period: periodOf(input, ctx),
      ...(input.query !== undefined ? { query: input.query as string } : {}),
      ...(input.onlyLower !== undefined ? { onlyLower: input.onlyLower as boolean } : {}),
      ...(input.limit !== undefined ? { limit: input.limit as number } : {}),
      ...(input.anyFamily === true ? { family: 'any' as const } : {}),
    };
    const answer = (r: AlternativesResult | { problem: Msg }): Record<string, unknown> => {
      if (isProblem(r)) throw new ToolInputError(`${format(r.problem)}: choose another component or material.`);
      return alternativesOut(r, ctx.codes);
    };
    if (input.path === undefined) {
      if (input.epdId === undefined) throw new ToolInputError('Give path (with component for a construction), epdId, or projectId.');
      const id = input.epdId as string;
      const materials = await MaterialIndex.load(ctx);
      await materials.ensure([id]);
      const epd = materials.lookup(id);
      if (!epd) {
        // Only an id the service answered "not found" for is unknown; one it could not be asked about is not.
        const why = materials.unknown.get(id);
        if (why !== undefined && ctx.service) {
          throw new Error(`the material ${JSON.stringify(id)} is not in the workspace and the service could not be asked about it (${why}): try again when the service answers`);
        }
        if (why !== undefined) throw new ToolInputError(`The material ${JSON.stringify(id)} is not in the workspace, and no one is signed in to look it up on the service: sign in (see lca_list_projects), or use lca_search_materials for the workspace's.`);
        throw new ToolInputError(`No material with the id ${JSON.stringify(id)} is known: use lca_search_materials to find one.`);
      }
      return answer(alternativesForMaterial(epd, materials.candidates, options));
    }
    const doc = await readDocument(ctx, input.path as string, ['construction', 'material', 'materials']);
    const kind = documentKindOf(doc.abs);
    if (kind === 'construction') {
      if (input.component === undefined) throw new ToolInputError(`Give component: the index (0-based) of the component of ${doc.shown} to replace.`);
      return { file: doc.shown, ...answer(await componentAlternatives(ctx, doc.value, input.component as number, options)) };
    }
    const items = kind === 'materials' ? (Array.isArray(doc.value) ? doc.value : []) : [doc.value];
    const index = kind === 'materials' ? ((input.component as number | undefined) ?? -1) : 0;
    if (index < 0 || index >= items.length) throw new ToolInputError(`Give component: the index (0–${items.length - 1}) of the material in ${doc.shown}.`);
    const source = kind === 'materials' ? `${doc.shown} #${index}` : doc.shown;
    const materials = await MaterialIndex.load(ctx);
    const known = materials.candidates.find((c) => c.source === source);
    if (!known) throw new ToolInputError(`${source} is not a material that can be read: check it with lca_check_files.`);
    return { file: doc.shown, ...answer(alternativesForMaterial(known.epd, materials.candidates, options)) };
  },
};

// ---- lca_list_projects ----

const listProjects: ToolDefinition = {
  name: 'lca_list_projects',
  title: 'List projects',
  description:
    'Lists the building projects the signed-in identity can see on the LCA service, favourites first, then last updated — filtered as the Projects view filters: name or city containing a text, building type or status label, favourites, role. ' +
    'Returns id, name, building type, status, city, area (m²), role, favourite, calculation type and last update. Read-only; needs a sign-in.',
  inputSchema: objectSchema({
    name: textProp('Text the name contains'),
    buildingType: textProp('Building type label, exactly'),
    status: textProp('Project status label, exactly'),
    favorite: flagProp('Only favourites'),
    role: { type: 'string', enum: ['Owner', 'Editor', 'Viewer'] },
    city: textProp('Text the city contains'),
    limit: limitProp(50, 500),
  }),
  writes: false,
  async run(input, ctx) {
    const service = needService(ctx, 'lca_list_projects');
    const has = (k: string): string | undefined => (typeof input[k] === 'string' && (input[k] as string).trim() ? (input[k] as string) : undefined);
    const variables: GetProjectListVariables = {
      orderBy: [{ favorite: 'desc_nulls_last' }, { updatedAt: 'desc_nulls_last' }],
      whereBuildingType: has('buildingType') ? { label: { _eq: has('buildingType') } } : {},
      whereCalculation: {},
      whereFavorite: input.favorite ? { _eq: true } : {},
      whereLocation: has('city') ? { city: { _ilike: `%${has('city')}%` } } : {},
      whereName: has('name') ? { _ilike: `%${has('name')}%` } : {},
      whereProjectStatus: has('status') ? { label: { _eq: has('status') } } : {},
      whereRole: has('role') ? { _eq: has('role') } : {},
    };
    const list = await service.listProjects(variables);
    const limit = (input.limit as number | undefined) ?? 50;
    return {
      environment: ctx.environment.name,
      count: list.length,
      projects: list.slice(0, limit).map((p) => ({
        id: p.id,
        name: p.name,
        buildingType: p.buildingType?.label ?? null,
        status: p.projectStatus?.label ?? null,
        city: p.location?.city ?? null,
        areaM2: p.area ?? null,
        role: p.role ?? null,
        favorite: p.favorite ?? false,
        calculationType: p.calculation?.calculationType?.label ?? null,
        updatedAt: p.updatedAt ?? null,
      })),
      ...(list.length > limit ? { leftOut: list.length - limit } : {}),
    };
  },
};

// ---- lca_project_result ----

const topEntries = (r: Record<string, unknown> | undefined, n: number): { name: string; value: number }[] =>
  Object.entries(r ?? {})
    .map(([name, v]) => ({ name, value: Number(v) }))
    .filter((e) => Number.isFinite(e.value))
    .sort((a, b) => b.value - a.value)
    .slice(0, n);

const projectResult: ToolDefinition = {
  name: 'lca_project_result',
  title: 'Project BR18 result',
  description:
    'Gives a project\'s BR18 result from the LCA service\'s dashboard: the building\'s result (kg CO2e/m²/yr) against its limit with the verdict, margin and the change needed to pass (or why there is no verdict: LCA only, not a BR18 result, no result yet), the result per phase (A1-A3, B4, B6, C3, C4 …; D apart, never counted), per construction and the hot spots (largest first), mapping status (elements mapped or not) and EPD types. ' +
    'Give the project id (lca_list_projects lists them). Read-only; needs a sign-in.',
  inputSchema: objectSchema(
    {
      projectId: idProp('The project id'),
      stages: { type: 'array', items: { type: 'string', enum: [...PHASES] }, maxItems: PHASES.length, description: 'Phases to include (default: the project\'s)' },
      limit: limitProp(10, 100),
    },
    ['projectId'],
  ),
  writes: false,
  async run(input, ctx) {
    const service = needService(ctx, 'lca_project_result');
    const id = input.projectId as string;
    const project = await service.getProject(id).catch(() => undefined);
    const stages = (input.stages as (typeof PHASES)[number][] | undefined) ?? (br18StagesOf(ctx.rules, project) as (typeof PHASES)[number][]);
    const body = { stages };
    const [dashboard, summary] = await Promise.all([service.getDashboard(id, body), service.getDashboardSummary(id, body)]);
    const total = dashboard.dashboardsPerBranchPlusTotal.Total ?? Object.values(dashboard.dashboardsPerBranchPlusTotal)[0] ?? {};
    const n = (input.limit as number | undefined) ?? 10;
    return {
      projectId: id,
      project: summary.projectName ?? null,
      unit: summary.unit ?? 'kg CO2e/m²/yr',
      referenceAreaM2: summary.referenceArea ?? null,
      periodYears: summary.considerationPeriod ?? null,
      stages,
      br18: br18VerdictsOf(ctx.rules, ctx.codes, project, total, stages),
      perPhase: total.emissionPerPhase ?? {},
      moduleD_apart: total.emissionPerPhase?.D ?? null,
      perConstruction: topEntries(total.emissionPerConstruction, n),
      hotSpots: topEntries(total.hotSpot, n),
      mappingStatus: total.mappingStatus ?? null,
      epdTypes: total.epdTypes ?? null,
      // The service's own budget figure, where it differs from the judged one; its limit and remaining are not a verdict.
      service: { note: 'the service\'s own figures as it sent them; the BR18 verdict is `br18`', emissionBudgetUsed: total.emissionBudget?.Used ?? null },
      elements: { total: summary.elements ?? null, mapped: summary.mappedElements ?? null },
    };
  },
};

// ---- lca_import_epds ----

const importEpds: ToolDefinition = {
  name: 'lca_import_epds',
  title: 'Import EPDs',
  description:
    'Imports EPD files of the workspace — ILCD+EPD XML/JSON (files, folders\' files or ZIPs from ÖKOBAUDAT and other programmes), LCAx, BR18 Tabel 7 CSV, CSV/XLSX spreadsheets — into material files. ' +
    'Also LCAbyg component and project files (JSON): their user products become materials (stages summed per module) and their user constructions are reported; a construction of LCAbyg library products (BR18 Tabel 7 rows) names the rows to import with it. ' +
    'By default a dry run: says what would be written to which file from which inputs, each refused EPD with the reason and the warnings; nothing is written. With write: true it writes <name>.material.json (one EPD) or <name>.materials.json next to the first input; an existing file is only replaced with overwrite: true. Constructions of an LCAx project or an LCAbyg file are reported, not written.',
  inputSchema: objectSchema(
    {
      paths: { type: 'array', minItems: 1, maxItems: 200, items: pathProp('An EPD file'), description: 'EPD files to import' },
      write: flagProp('Write the material file (default false: a dry run)'),
      overwrite: flagProp('Replace an existing file (default false)'),
    },
    ['paths'],
  ),
  writes: true,
  async run(input, ctx) {
    const inputs = [];
    const files: string[] = [];
    for (const p of input.paths as string[]) {
      const abs = await resolveInWorkspace(p, ctx.workspace.roots);
      try {
        inputs.push({ name: path.basename(abs), bytes: await ctx.workspace.readBytes(abs) });
      } catch {
        throw new ToolInputError(`${JSON.stringify(p)} cannot be read (does it exist, and is it a file?): give the path of an EPD file.`);
      }
      files.push(abs);
    }
    const result = importInputs(inputs, { codes: ctx.codes });
    const materials = result.materials.map((m) => m.material);
    const first = files[0];
    const base = path.basename(first).replace(/\.(xml|json|zip|csv|xlsx)$/i, '');
    const target = path.join(path.dirname(first), materials.length === 1 ? `${base}.material.json` : `${base}.materials.json`);
    const shown = shownPath(target, ctx.workspace.roots);
    const exists = await ctx.workspace.exists(target);
    const report = {
      format: result.format,
      inputs: files.map((f) => shownPath(f, ctx.workspace.roots)),
      materials: materials.length,
      names: materials.slice(0, 20).map((m) => m.name),
      constructionsNotWritten: result.constructions.length,
      refused: result.refused.slice(0, 50).map((r) => ({ item: format(r.item), field: format(r.field), reason: format(r.reason) })),
      warnings: result.warnings.slice(0, 50).map((r) => ({ item: format(r.item), field: format(r.field), reason: format(r.reason) })),
      target: shown,
      targetExists: exists,
    };
    // Replacing a file is named in the plan and in the answer, never only implied by a flag.
    const replaces = exists && input.overwrite === true;
    if (!input.write) {
      const next = !materials.length ? 'nothing to write' : exists && !replaces ? `${shown} exists: call again with write: true and overwrite: true to replace it` : 'call again with write: true to write the file';
      return { dryRun: true, wouldWrite: materials.length ? shown : null, wouldOverwrite: materials.length > 0 && replaces, ...report, next };
    }
    if (!materials.length) throw new ToolInputError('Nothing to write: no EPD could be imported from these files (see a dry run for the reasons).');
    if (exists && !input.overwrite) throw new ToolInputError(`${shown} exists: pass overwrite: true to replace it, or import into another folder.`);
    await resolveInWorkspace(target, ctx.workspace.roots);
    await ctx.workspace.writeText(target, JSON.stringify(materials.length === 1 ? materials[0] : materials, null, 2) + '\n');
    return { dryRun: false, written: shown, overwrote: replaces, ...report };
  },
};

// ---- lca_bulk_create ----

const bulkCreate: ToolDefinition = {
  name: 'lca_bulk_create',
  title: 'Plan bulk create',
  description:
    'Plans a bulk create of a *.materials.json file on the LCA service: checks the file (syntax, schema, rules — a file with errors cannot be sent) and splits its materials by its bulk-create record (X.materials.created.json) into new ones and ones already created on this service by this sign-in. ' +
    'Returns the counts, a few problems with line:column, and the service it would go to. It only plans: sending is done by the person with LCA: Bulk Create Materials in VS Code (progress, cancel, a record of created ids).',
  inputSchema: objectSchema(
    {
      path: pathProp('The *.materials.json file'),
      send: flagProp('Not available here: sending needs the person (VS Code: LCA: Bulk Create Materials)'),
    },
    ['path'],
  ),
  // It only plans: sending needs the person (VS Code's Bulk Create Materials), so it is read-only.
  writes: false,
  async run(input, ctx) {
    const doc = await readDocument(ctx, input.path as string, ['materials']);
    if (input.send) {
      throw new ToolInputError(`Sending is not done by this tool: ask the person to run "LCA: Bulk Create Materials" on ${doc.shown} in VS Code (it shows progress, can be cancelled and records the created ids). Call without send for the plan.`);
    }
    const sidecarPath = doc.abs.slice(0, -'.materials.json'.length) + SIDECAR_SUFFIX;
    let sidecar;
    if (await ctx.workspace.exists(sidecarPath)) {
      const read = readSidecar(await ctx.workspace.readText(sidecarPath));
      if (read.ok) sidecar = read.sidecar;
    }
    const plan = planBulkCreate(doc.text, {
      codes: ctx.codes,
      validate: validateAgainst,
      fileName: doc.abs,
      epdUrl: ctx.environment.epdUrl,
      ...(sidecar ? { sidecar } : {}),
      ...(ctx.environment.login ? { createdBy: ctx.environment.login } : {}),
    });
    return {
      file: doc.shown,
      service: `${ctx.environment.name} (${ctx.environment.epdUrl})`,
      signedInAs: ctx.environment.login ?? null,
      materials: plan.items.length,
      new: plan.toSend.length,
      alreadyCreated: plan.created.length,
      canSend: !plan.problems && plan.toSend.length > 0,
      problems: plan.problems ? { count: plan.problems.count, first: plan.problems.samples.map((s) => format(s)) } : null,
      sent: false,
    };
  },
};

/** Every tool, in the order they are listed to a model. */
export const TOOLS: readonly ToolDefinition[] = [checkFiles, previewConstruction, searchMaterials, findAlternatives, listProjects, projectResult, importEpds, bulkCreate, checkSubmission, exportBr18, exportConstructions];
