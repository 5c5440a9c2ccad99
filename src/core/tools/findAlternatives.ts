// lca_find_alternatives: lower-carbon materials for a construction's component, a material file or a material id;
// or, for a project, what would make it pass (the dashboard What if…'s figures; answered as ./projectPass.ts says).
import { alternativesForMaterial, candidateSet, componentAlternatives, isProblem, projectWhatWouldPass, type AlternativesResult } from '../alternatives';
import type { CodeTable } from '../codeTable';
import { documentKindOf } from '../document';
import { FAMILY_IDS, familyLabel } from '../families';
import { format, type Msg } from '../l10n';
import { resolveInWorkspace } from '../workspace';
import { defineTool } from './define';
import { JOB, jobOut, passOut, PASS_PROPERTIES } from './projectPass';
import { eitherOf, FAMILY_OPTIONAL, FAMILY_PROPERTIES, familyOut, flagProp, GWP_PROPERTIES, gwpOut, gwpSchema, idProp, int, limitProp, list, needService, nullable, num, obj, oneOfValues, orNull, pathProp, periodProp, readDocument, round, sentence, str, textProp, unitLabel } from './shared';
import { ToolInputError } from './types';
import { periodForCall } from '../workspace';

function alternativesOut(r: AlternativesResult, codes: CodeTable): Record<string, unknown> {
  return {
    periodYears: r.period,
    subject: {
      id: r.subject.id,
      material: r.subject.name,
      ...familyOut(r.family),
      job: jobOut(r.subject.job),
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
            ...(r.construction.problems.length ? { notComputed: r.construction.problems.map((p) => ({ index: p.index, reason: sentence(p.reason) })) } : {}),
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
      job: jobOut(a.job),
      basis: sentence(a.basis.words),
      ...(a.check ? { worthChecking: sentence(a.check) } : {}),
      gwp: gwpOut(a.gwp),
      change: { ...gwpOut(a.effect.component), percent: a.effect.percent === undefined ? null : round(a.effect.percent) },
      ...(a.effect.construction
        ? { constructionAfter: { ...gwpOut(a.effect.construction.after), percent: a.effect.construction.percent === undefined ? null : round(a.effect.construction.percent) } }
        : {}),
    })),
    notComparable: r.notComparable.map((n) => ({ id: n.id, material: n.name, source: n.source, reason: sentence(n.reason) })),
    counts: r.counts,
    ...(r.family.sameOnly
      ? {
          sameFamilyOnly: `Only materials that do the same job are offered (${format(familyLabel(r.family.id))} in the same form, insulation at equal thermal resistance); ${r.counts.otherKinds} of other families and ${r.counts.otherJobs} of the family in another form or role are not, and ${r.counts.same} within 0.5 % are the same, not alternatives. Those with worthChecking need that check before they count as a like-for-like swap.`,
          ...(r.alternatives.length ? {} : { noneLower: `Nothing that does the same job (${format(familyLabel(r.family.id))}) is lower.` }),
        }
      : { sameFamilyOnly: r.family.id === 'unknown' ? 'The family of the material is not known: candidates of every family are listed (set one with a tag such as "family:masonry").' : 'Every family, as asked (anyFamily).' }),
    unit: 'kg CO2e; ranked by inScope = A1-A3 + B4 + C3 + C4 over the period (D apart)',
  };
}

const changeSchema = obj({ ...GWP_PROPERTIES, percent: nullable('number') });
const ALTERNATIVE = obj(
  {
    id: str, material: str, source: str, declaredUnit: str, gwpA1A3PerUnit: num, amount: num, amountUnit: str, conversion: str,
    lifespanYears: nullable('number'), lifespanFrom: str, replacements: int, family: oneOfValues(FAMILY_IDS), job: JOB, basis: str, worthChecking: str, gwp: gwpSchema, change: changeSchema, constructionAfter: changeSchema,
  },
  ['worthChecking', 'constructionAfter'],
);
const ALTERNATIVES = obj(
  {
    file: str,
    periodYears: num,
    subject: obj({ id: str, material: str, ...FAMILY_PROPERTIES, job: JOB, component: int, amount: num, unit: str, lifespanYears: nullable('number'), gwp: gwpSchema }, [...FAMILY_OPTIONAL, 'component']),
    construction: obj({ name: str, per: str, before: orNull(gwpSchema), notComputed: list(obj({ index: int, reason: str })) }, ['notComputed']),
    alternatives: list(ALTERNATIVE),
    notComparable: list(obj({ id: str, material: str, source: str, reason: str })),
    counts: obj({ candidates: int, matching: int, comparable: int, listed: int, notComparable: int, otherKinds: int, otherJobs: int, same: int }),
    sameFamilyOnly: str,
    noneLower: str,
    unit: str,
  },
  ['file', 'construction', 'noneLower'],
);
const PROJECT = obj({ projectId: str, project: nullable('string'), periodYears: num, stages: list(str), unit: str, ...PASS_PROPERTIES }, ['combination']);

export const findAlternatives = defineTool(
  {
    name: 'lca_find_alternatives',
    title: 'Find lower-carbon alternatives',
    description:
      'Finds lower-carbon materials that can take the place of a material: for component N of a construction file (path + component), for a material file (path), or for a material id (epdId). ' +
      'Candidates are one set, the same the editor\'s Find Lower-Carbon Alternatives and What if use: the workspace\'s materials, the editor\'s Library, and when signed in the service (the ids asked about and the materials of the constructions of the signed-in user\'s projects). ' +
      'Only what does the same job is offered: the same material family (any insulation for insulation) in a form that stands for the current one (a wall element for a wall element, not a deck; a facing brick, not rammed earth; boards, not loose fill; a 3-pane unit, not single glass or a skylight; a masonry mortar, not a screed or asphalt) in the building part of the line (a construction\'s part: tag, classification or name). ' +
      'Each candidate says its job (part, role, form), its performance basis — insulation at equal thermal resistance, the amount scaled by λ candidate / λ current (from a lambda: tag, the name\'s λ class such as 035, or a stated default per product type); a strength class or element thickness at least the current one; the same form — and worthChecking where that basis is not known or is lower (e.g. C30/37 → C25/30). ' +
      'Ranked by GWP of that amount over the period — A1-A3 + B4 (the candidate\'s own lifespan, else the current one\'s) + C3 + C4; D apart — with the change per module on the component and on the construction; within 0.5 % is the same, not an alternative. Those of other families or jobs are counted, not listed (anyFamily: true lists every family, each with what to check). Materials whose results are all zero or without A1-A3 are never offered as lower. Candidates that cannot be compared are listed with the reason. ' +
      'With projectId instead: what would make the project pass — per hot spot of its dashboard the candidates of the same job with the building\'s result and both BR18 verdicts after each single change, the three largest single changes with nothing to check, whether a combination of them reaches the limit ("passes with changes 1 + 3"), and apart the swaps worth checking with the check that stands between the building and a pass: the figures the dashboard\'s What if… shows (needs a sign-in). Read-only: it changes no file.',
    inputSchema: {
      type: 'object',
      properties: {
        projectId: idProp('A project id (lca_list_projects), for what would make the project pass'),
        path: pathProp('A *.construction.json (with component) or a *.material.json / *.materials.json file'),
        component: { type: 'integer', minimum: 0, description: 'Component index (0-based) in the construction; item index in a *.materials.json' },
        epdId: idProp('A material id, instead of a path'),
        query: textProp('Words that must all occur in a candidate\'s name'),
        onlyLower: flagProp('Only candidates lower than the current material (default true)'),
        anyFamily: flagProp('Candidates of every material family, not only the same one (default false)'),
        limit: limitProp(10, 100),
        period: periodProp,
      },
      additionalProperties: false,
    },
    outputSchema: eitherOf(ALTERNATIVES, PROJECT),
    writes: false,
  },
  async (input, ctx) => {
    if (input.projectId !== undefined) {
      if (input.path !== undefined || input.epdId !== undefined) throw new ToolInputError('Give projectId alone, or path / epdId for one material.');
      const service = needService(ctx, 'lca_find_alternatives with projectId');
      const id = input.projectId;
      const q = await projectWhatWouldPass({ ...ctx, service }, id, { rules: ctx.rules, codes: ctx.codes });
      if ('problem' in q) throw new ToolInputError(`${sentence(q.problem)}: check the project id with lca_list_projects.`);
      return {
        projectId: id,
        project: q.projectName ?? null,
        periodYears: q.period,
        stages: q.stages,
        unit: 'kg CO2e/m²/yr; each figure judged as BR18 judges it (the sum of the limit\'s modules rounded to one decimal); D apart',
        ...passOut(q.answer),
      };
    }
    // The period of the file's project (as its lens shows), unless given.
    const file = input.path !== undefined ? await resolveInWorkspace(input.path, ctx.workspace.roots) : undefined;
    const options = {
      codes: ctx.codes,
      period: await periodForCall(ctx, file, input.period),
      ...(input.query !== undefined ? { query: input.query } : {}),
      ...(input.onlyLower !== undefined ? { onlyLower: input.onlyLower } : {}),
      ...(input.limit !== undefined ? { limit: input.limit } : {}),
      ...(input.anyFamily === true ? { family: 'any' as const } : {}),
    };
    const answer = (r: AlternativesResult | { problem: Msg }): Record<string, unknown> => {
      if (isProblem(r)) throw new ToolInputError(`${sentence(r.problem)}: choose another component or material.`);
      return alternativesOut(r, ctx.codes);
    };
    if (input.path === undefined) {
      if (input.epdId === undefined) throw new ToolInputError('Give path (with component for a construction), epdId, or projectId.');
      const id = input.epdId;
      const materials = await candidateSet(ctx, { ids: [id] });
      const epd = materials.lookup(id);
      if (!epd) {
        // Only an id the service answered "not found" for is unknown; one it could not be asked about is not.
        const why = materials.unknown.get(id);
        if (why !== undefined && ctx.service) {
          throw new Error(`The material ${JSON.stringify(id)} is not in the workspace and the service could not be asked about it (${why}): try again when the service answers`);
        }
        if (why !== undefined) throw new ToolInputError(`The material ${JSON.stringify(id)} is not in the workspace, and no one is signed in to look it up on the service: sign in (see lca_list_projects), or use lca_search_materials for the workspace's.`);
        throw new ToolInputError(`No material with the id ${JSON.stringify(id)} is known: use lca_search_materials to find one.`);
      }
      return answer(alternativesForMaterial(epd, materials.candidates, options));
    }
    const doc = await readDocument(ctx, input.path, ['construction', 'material', 'materials']);
    const kind = documentKindOf(doc.abs);
    if (kind === 'construction') {
      if (input.component === undefined) throw new ToolInputError(`Give component: the index (0-based) of the component of ${doc.shown} to replace.`);
      return { file: doc.shown, ...answer(await componentAlternatives(ctx, doc.value, input.component, options)) };
    }
    const items = kind === 'materials' ? (Array.isArray(doc.value) ? doc.value : []) : [doc.value];
    const index = kind === 'materials' ? (input.component ?? -1) : 0;
    if (index < 0 || index >= items.length) throw new ToolInputError(`Give component: the index (0–${items.length - 1}) of the material in ${doc.shown}.`);
    const source = kind === 'materials' ? `${doc.shown} #${index}` : doc.shown;
    const materials = await candidateSet(ctx);
    const known = materials.candidates.find((c) => c.source === source);
    if (!known) throw new ToolInputError(`The material ${source} cannot be read: check it with lca_check_files.`);
    return { file: doc.shown, ...answer(alternativesForMaterial(known.epd, materials.candidates, options)) };
  },
);
