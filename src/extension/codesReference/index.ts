// "LCA: Show Codes Reference": a read-only Markdown view of the active environment's code tables (modules,
// indicators, units, EPD types, module status, building types, stages), each code with the source it came from.
import * as vscode from 'vscode';
import { MODULES } from '../../core/codes';
import { activeCodes, type CodeSource, type CodeTable } from '../../core/codeTable';

const SOURCE_TEXT: Record<CodeSource, string> = { service: 'service', override: 'override', assumed: 'assumed' };

export function codesReferenceMarkdown(table: CodeTable = activeCodes()): string {
  const src = (s: CodeSource): string => SOURCE_TEXT[s];
  const lines: string[] = [
    '# LCA codes reference',
    '',
    `Environment: **${table.environment || 'none'}**. Sources: **service** = ${table.describeSource('service')}; ` +
      `**override** = ${table.describeSource('override')}; **assumed** = ${table.describeSource('assumed')}.`,
    '',
    '## Life cycle modules (`moduleTypeEnum`)',
    '',
    '| code | module | name | source |',
    '|---|---|---|---|',
  ];
  for (const m of table.modules) {
    const assumed = m.source === 'assumed' && MODULES.find((x) => x.code === m.code)?.assumed;
    lines.push(`| ${m.code} | ${m.label} | ${m.name}${assumed ? ' *(assumed code)*' : ''} | ${src(m.source)} |`);
  }
  lines.push('', '## Indicators (EN 15804+A2)', '', '| type | name | unit | description | source |', '|---|---|---|---|---|');
  for (const i of table.indicators) lines.push(`| ${i.type} | ${i.name} | ${i.unit} | ${i.description} | ${src(i.source)} |`);
  lines.push('', '## Unit codes', '', '| code | label | name | dimension | source |', '|---|---|---|---|---|');
  for (const u of table.units) lines.push(`| ${u.code} | ${u.label} | ${u.name} | ${u.dimension} | ${src(u.source)} |`);
  const labels = (title: string, list: CodeTable['epdTypes']): void => {
    lines.push('', `## ${title}`, '', '| code | label | source |', '|---|---|---|');
    for (const x of list) lines.push(`| ${x.code} | ${x.label} | ${src(x.source)} |`);
  };
  labels('EPD types (`epdInfo.epdProductIndustryType`)', table.epdTypes);
  labels('Module status (`moduleStatusEnum`)', table.moduleStatus);
  labels('Building types (project `type`)', table.buildingTypes);
  labels('Project stages (project `stage`)', table.stages);
  return lines.join('\n') + '\n';
}

export function registerCodesReference(context: vscode.ExtensionContext): void {
  context.subscriptions.push(
    vscode.commands.registerCommand('lca.showCodes', async () => {
      const doc = await vscode.workspace.openTextDocument({ language: 'markdown', content: codesReferenceMarkdown() });
      await vscode.window.showTextDocument(doc, { preview: true });
      return doc;
    }),
  );
}
