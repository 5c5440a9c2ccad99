// "LCA: Show Codes Reference": a read-only Markdown view of the module, indicator and unit code tables.
import * as vscode from 'vscode';
import { INDICATORS, MODULES, UNITS } from '../../core/codes';

export function codesReferenceMarkdown(): string {
  const lines: string[] = ['# LCA codes reference', '', '## Life cycle modules (`moduleTypeEnum`)', '', '| code | module | name |', '|---|---|---|'];
  for (const m of MODULES) lines.push(`| ${m.code} | ${m.label} | ${m.name}${m.assumed ? ' *(assumed code)*' : ''} |`);
  lines.push('', '## Indicators (EN 15804+A2)', '', '| type | name | unit | description |', '|---|---|---|---|');
  for (const i of INDICATORS) lines.push(`| ${i.type} | ${i.name} | ${i.unit} | ${i.description} |`);
  lines.push('', '## Unit codes', '', '| code | label | name |', '|---|---|---|');
  for (const u of UNITS) lines.push(`| ${u.code} | ${u.label} | ${u.name} |`);
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
