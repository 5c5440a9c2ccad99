// lca_compare: two states side by side — two construction files, a file and an earlier commit of it, two projects, or
// a project and a pinned baseline — with the headline, the module table and the largest contributions with causes.
import { execFile } from 'child_process';
import * as path from 'path';
import { compareStates, comparisonSummary, readSide, SideProblem, type CompareState, type SideSpec } from '../compare';
import { format } from '../l10n';
import { MaterialIndex, periodForCall, resolveInWorkspace, shownPath } from '../workspace';
import { defineTool } from './define';
import { bool, int, limitProp, list, nullable, num, obj, orNull, pathProp, idProp, round, str, textProp } from './shared';
import { ToolInputError, type ToolContext } from './types';

const sideProp = {
  type: 'object',
  properties: {
    path: pathProp('A *.construction.json file'),
    ref: textProp('With path: a git commit, branch or tag to read the file at (e.g. HEAD~1)', 200),
    projectId: idProp('A project id on the service (lca_list_projects lists them)'),
    baseline: pathProp('A pinned *.baseline.lca.json file (VS Code: Pin as Baseline on a dashboard or a construction file)'),
  },
  additionalProperties: false,
} as const;

/** A file's text at a git commit, by the git of the machine (bounded: 20 MB). */
function gitShow(abs: string, ref: string): Promise<string> {
  if (!/^[\w./~^@{}-]+$/.test(ref) || ref.startsWith('-')) return Promise.reject(new ToolInputError(`ref ${JSON.stringify(ref)} is not a git commit, branch or tag name.`));
  return new Promise((resolve, reject) =>
    execFile('git', ['show', `${ref}:./${path.basename(abs)}`], { cwd: path.dirname(abs), maxBuffer: 20 * 1024 * 1024, timeout: 20_000 }, (error, stdout, stderr) =>
      error ? reject(new ToolInputError(`git cannot give ${path.basename(abs)} at ${JSON.stringify(ref)}: ${(stderr || error.message).trim().split('\n')[0]}.`)) : resolve(stdout),
    ),
  );
}

function specOf(name: string, s: { path?: string; ref?: string; projectId?: string; baseline?: string }): SideSpec {
  const given = [s.path, s.projectId, s.baseline].filter((x) => x !== undefined).length;
  if (given !== 1) throw new ToolInputError(`${name}: give exactly one of path (a construction file), projectId or baseline.`);
  if (s.ref !== undefined && s.path === undefined) throw new ToolInputError(`${name}: ref is read with path (the construction file to read at that commit).`);
  return s.path !== undefined ? { path: s.path, ...(s.ref !== undefined ? { ref: s.ref } : {}) } : s.projectId !== undefined ? { projectId: s.projectId } : { baseline: s.baseline! };
}

async function readerOf(ctx: ToolContext) {
  const materials = await MaterialIndex.load(ctx);
  const abs = (p: string) => resolveInWorkspace(p, ctx.workspace.roots);
  return {
    codes: ctx.codes,
    rules: ctx.rules,
    readText: async (p: string) => {
      const file = await abs(p);
      return ctx.workspace.readText(file).catch(() => {
        throw new ToolInputError(`${JSON.stringify(p)} cannot be read (does it exist?): give the path of an existing file.`);
      });
    },
    readAtRef: async (p: string, ref: string) => gitShow(await abs(p), ref),
    shown: (p: string) => (path.isAbsolute(p) ? shownPath(p, ctx.workspace.roots) : p),
    ensure: (ids: readonly string[]) => materials.ensure(ids),
    resolve: materials.resolve,
    periodOf: async (p: string) => periodForCall(ctx, await abs(p), undefined),
    ...(ctx.service ? { service: ctx.service } : {}),
    version: '',
  };
}

const LIMIT = orNull(obj({ value: num, limit: num, margin: num, passes: bool }));
const SIDE = obj({ name: str, source: str, figure: num, building: LIMIT, constructionProcess: LIMIT, noVerdict: nullable('string'), referenceAreaM2: nullable('number'), periodYears: int });

export const compare = defineTool(
  {
    name: 'lca_compare',
    title: 'Compare two designs or versions',
    description:
      'Compares two states of a building or a construction and says what changed, by how much, why, and whether the BR18 verdict changes. Each side is one of: a construction file (path), a construction file at a git commit (path + ref), a project on the service (projectId), or a pinned baseline (baseline: a *.baseline.lca.json file). ' +
      'Returns each side\'s figure (kg CO2e/m²/yr for projects, kg CO2e per declared unit for constructions) with its verdicts against both BR18 limits, the difference, what is not like for like (rule set, reference area, period, indicator, stages) with the part of the difference it makes, the modules (D apart, never in the total), the building parts, and the largest line contributions with their causes (added, removed, materialReplaced, quantity, serviceLife, areaPeriod, figures, outside = the part of a figure outside the breakdown lines, e.g. B6). The contributions add up to the difference. Read-only.',
    inputSchema: {
      type: 'object',
      properties: { a: { ...sideProp, description: 'Side A (the reference: before, the baseline)' }, b: { ...sideProp, description: 'Side B (after, the variant)' }, limit: limitProp(15, 200) },
      required: ['a', 'b'],
      additionalProperties: false,
    },
    outputSchema: obj({
      unit: str, a: SIDE, b: SIDE, difference: num, sumOfContributions: num,
      verdictChange: obj({ building: nullable('string'), constructionProcess: nullable('string') }),
      notLikeForLike: list(str), fromAreaOrPeriod: num, fromContent: num,
      modules: list(obj({ module: str, a: nullable('number'), b: nullable('number'), delta: nullable('number'), deltaPercent: nullable('number'), apart: bool })),
      parts: list(obj({ part: str, delta: num })),
      lines: list(obj({ part: str, construction: str, materialA: nullable('string'), materialB: nullable('string'), contribution: num, causes: list(str) })),
      linesChanged: int,
    }),
    writes: false,
  },
  async (input, ctx) => {
    const reader = await readerOf(ctx);
    let a: CompareState;
    let b: CompareState;
    try {
      [a, b] = [await readSide(specOf('a', input.a), reader), await readSide(specOf('b', input.b), reader)];
    } catch (e) {
      if (e instanceof SideProblem) throw new ToolInputError(`${e.message}.`);
      throw e;
    }
    const c = compareStates(a, b);
    if ('problem' in c) throw new ToolInputError(`${format(c.problem)}.`);
    return comparisonSummary(c, { lines: input.limit ?? 15, round });
  },
);
