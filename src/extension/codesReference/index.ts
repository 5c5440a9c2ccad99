// "LCA: Show Codes Reference": a read-only Markdown view of the active environment's code tables (modules,
// indicators, units, EPD types, module status, building types, stages), each code with the source it came from.
import * as vscode from 'vscode';
import { MODULES } from '../../core/codes';
import type { CodeSource, CodeTable } from '../../core/codeTable';
import type { LcaSession } from '../session';
import { label } from '../../core/l10n';
import { DIMENSIONS } from '../../core/units';
import * as l10n from '../l10n';
import { registerCommand } from '../commands';

function sourceWord(s: CodeSource): string {
  if (s === 'service') return l10n.t('service');
  if (s === 'override') return l10n.t('override');
  return l10n.t('assumed');
}

/** A name from a table: translated when it is one of the assumed table's English names, else as served. */
const named = (text: string): string => l10n.say(label(text));

export function codesReferenceMarkdown(table: CodeTable): string {
  const src = sourceWord;
  const say = l10n.say;
  const lines: string[] = [
    l10n.t('# LCA codes reference'),
    '',
    l10n.t(
      'Environment: **{0}**. Sources: **service** = {1}; **override** = {2}; **assumed** = {3}.',
      table.environment || l10n.t('none'),
      say(table.describeSource('service')),
      say(table.describeSource('override')),
      say(table.describeSource('assumed')),
    ),
    '',
    l10n.t('## Life cycle modules (`moduleTypeEnum`)'),
    '',
    l10n.t('| code | module | name | source |'),
    '|---|---|---|---|',
  ];
  const assumedCode = l10n.t(' *(assumed code)*');
  for (const m of table.modules) {
    const assumed = m.source === 'assumed' && MODULES.find((x) => x.code === m.code)?.assumed;
    lines.push(`| ${m.code} | ${m.label} | ${named(m.name)}${assumed ? assumedCode : ''} | ${src(m.source)} |`);
  }
  lines.push('', l10n.t('## Indicators (EN 15804+A2)'), '', l10n.t('| type | name | unit | description | source |'), '|---|---|---|---|---|');
  for (const i of table.indicators) lines.push(`| ${i.type} | ${i.name} | ${i.unit} | ${named(i.description)} | ${src(i.source)} |`);
  lines.push('', l10n.t('## Unit codes'), '', l10n.t('| code | label | name | dimension | source |'), '|---|---|---|---|---|');
  for (const u of table.units) lines.push(`| ${u.code} | ${u.label} | ${named(u.name)} | ${say(DIMENSIONS[u.dimension])} | ${src(u.source)} |`);
  const labels = (title: string, list: CodeTable['epdTypes']): void => {
    lines.push('', `## ${title}`, '', l10n.t('| code | label | source |'), '|---|---|---|');
    for (const x of list) lines.push(`| ${x.code} | ${named(x.label)} | ${src(x.source)} |`);
  };
  labels(l10n.t('EPD types (`epdInfo.epdProductIndustryType`)'), table.epdTypes);
  labels(l10n.t('Module status (`moduleStatusEnum`)'), table.moduleStatus);
  labels(l10n.t('Building types (project `type`)'), table.buildingTypes);
  labels(l10n.t('Project stages (project `stage`)'), table.stages);
  return lines.join('\n') + '\n';
}

/** "LCA: Show Codes Reference". */
export function registerCodesReference(context: vscode.ExtensionContext, { session }: { session: LcaSession }): void {
  context.subscriptions.push(
    registerCommand(
      'lca.showCodes',
      async () => {
        const doc = await vscode.workspace.openTextDocument({ language: 'markdown', content: codesReferenceMarkdown(session.codes) });
        await vscode.window.showTextDocument(doc, { preview: true });
        return doc;
      },
      () => l10n.t('Could not show the codes reference'),
    ),
  );
}
