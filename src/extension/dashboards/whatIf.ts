// The dashboard's What if… on a hot spot: the candidates come from the tools' core (dist/tools.js, loaded on first
// use) as the agents' and the editor's alternatives gather them, each with its effect on the building; a QuickPick
// lists them with the building's result after the change, and the chosen one's figures and verdicts go back to the
// page beside the current ones, with how far the project is from passing and the three largest single changes.
import * as vscode from 'vscode';
import * as l10n from '../l10n';
import type { BuildingBasis, BuildingEffect } from '../../core/alternatives';
import { TOTAL_BRANCH, type WebviewToExtension, type WhatIfAnswer } from '../../core/dashboard';
import { br18Verdict } from '../../core/lca/br18Rules';
import type { CodeTable } from '../../core/codeTable';
import { activeBr18Rules } from '../br18Rules';
import { figure } from '../library/figures';
import { loadTools, toolContextOf, type ToolDeps } from '../tools';
import { showInfo, showQuickPick } from '../ui';
import type { DashboardPanel } from './panel';

export interface WhatIfDeps {
  tools: Pick<ToolDeps, 'client' | 'environment' | 'codes'>;
  codes(): CodeTable;
}

type Item = vscode.QuickPickItem & { effect?: BuildingEffect; refusal?: string };

/** "+0.12", "−0.4", "±0": a change with its sign (a true minus). */
export function signed(n: number): string {
  const r = Number(n.toFixed(4));
  if (r === 0) return '±0';
  return r > 0 ? `+${figure(r)}` : `\u2212${figure(-r)}`;
}

/** The building's judged figure of one side: its exact value, or the sum of the counted phases when there is no verdict. */
function judged(side: BuildingEffect['before']): number {
  if (side.verdict.kind === 'verdict') return side.verdict.building.exact;
  return Object.entries(side.perPhase).reduce((s, [p, v]) => (p === 'D' ? s : s + (v ?? 0)), 0);
}

export async function whatIf(panel: DashboardPanel, request: Extract<WebviewToExtension, { type: 'whatIf' }>, deps: WhatIfDeps): Promise<WhatIfAnswer | undefined> {
  const loaded = panel.data;
  const query = panel.query;
  if (!loaded || !query || panel.target.kind !== 'project') return undefined;
  const all = loaded.response.dashboardsPerBranchPlusTotal;
  const branch = request.branch && Object.hasOwn(all, request.branch) ? request.branch : TOTAL_BRANCH;
  const dashboard = all[branch];
  if (!dashboard) return undefined;
  const tools = loadTools();
  const rules = activeBr18Rules();
  const codes = deps.codes();
  const project = panel.project;
  const facts = tools.projectFactsOf(project.detail, rules);
  const basis: BuildingBasis = {
    dashboard,
    project: project.verdict ?? { calculationTypeEnum: undefined, heatedArea: 0 },
    facts,
    stages: query.stages,
    ...(panel.indicator ? { indicator: panel.indicator } : {}),
    rules,
    codes,
  };
  const period = facts.period ?? 50;
  const work = await vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title: l10n.t('Looking for lower-carbon alternatives…') }, async () => {
    const materials = await tools.whatIfMaterials(await toolContextOf(deps.tools), dashboard);
    return {
      found: tools.whatIfOptions(basis, materials, request.material, period, request.construction),
      largest: tools.whatIfLargest(basis, materials, period),
    };
  });
  const mapped = Number(dashboard.mappingStatus?.Mapped ?? 0) || 0;
  const notMapped = Number(dashboard.mappingStatus?.['Not mapped'] ?? 0) || 0;
  const current = br18Verdict(rules, codes, basis.project, {
    perPhase: dashboard.emissionPerPhase ?? {},
    stages: query.stages,
    indicator: basis.indicator,
    mapping: dashboard.mappingStatus ? { mapped, total: mapped + notMapped } : undefined,
  });
  const answer: WhatIfAnswer = {
    material: request.material,
    ...(request.construction !== undefined ? { construction: request.construction } : {}),
    branch,
    needed: tools.distanceToPassing(current),
    largest: work.largest.map((c) => ({ material: c.material, replacement: c.replacement.name || c.replacement.id, change: c.change })),
  };
  if ('problem' in work.found) return { ...answer, problem: work.found.problem };

  const unit = l10n.t('kg CO2e/m²/yr');
  const items: Item[] = work.found.options.map((o) => {
    const a = o.alternative;
    if ('problem' in o.effect) {
      const reason = l10n.say(o.effect.problem);
      return { label: a.name || a.source, description: l10n.t('not comparable: {0}', reason), detail: a.source, refusal: l10n.t('{0} cannot be compared: {1}.', a.name || a.id, reason) };
    }
    const e = o.effect;
    const estimate = e.estimate.length ? ` · ${l10n.t('estimate')}` : '';
    return {
      label: a.name || a.source,
      description: l10n.t('Building {0} → {1} {2} ({3})', figure(Number(judged(e.before).toFixed(2))), figure(Number(judged(e.after).toFixed(2))), unit, signed(e.change)) + estimate,
      detail: `${l10n.say(a.conversion)} · ${a.source}`,
      effect: e,
    };
  });
  const picked = await showQuickPick(items, {
    title: l10n.t('What if {0} were replaced?', request.material),
    placeHolder: l10n.t('The building’s result after the change, over {0} years (D apart)', period),
    matchOnDescription: true,
    matchOnDetail: true,
  });
  if (!picked) return undefined;
  if (!picked.effect) {
    if (picked.refusal) void showInfo(picked.refusal);
    return undefined;
  }
  return { ...answer, effect: picked.effect };
}
