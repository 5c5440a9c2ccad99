// The Library tree's items: labels, descriptions (GWP, source, readability), tooltips, icons and context values that
// menus match, for each kind of node.
import * as vscode from 'vscode';
import { loadFamilies } from '../bundles';
import { escapeMd } from '../../core/display';
import { emptyItem } from '../emptyItem';
import * as l10n from '../l10n';
import { sourceWords } from './sourceWords';
import type { Catalog, Readability } from './catalog';
import { isObject } from '../../core/guards';
import { constructionGwp, gwpText, materialGwp, perDeclared, quantityText } from './figures';
import { num } from '../../core/guards';
import { loginOfIdentity } from '../../core/identity';
import type { CodeTable } from '../../core/codeTable';
import { componentsOf, type LibraryNode } from './treeNodes';
import type { LcaSession } from '../session';

/** Groups of more materials than this start collapsed. */
const SOURCE_EXPANDED_UP_TO = 50;

/** The tree item of a node; `session.signedIn` tells whether unknown materials can be looked up (else the label says so). */
export function libraryTreeItem(node: LibraryNode, catalog: Catalog, session: Pick<LcaSession, 'signedIn'>): vscode.TreeItem {
  switch (node.kind) {
    case 'group':
      return groupItem(node);
    case 'source':
      return sourceItem(node);
    case 'material':
      return materialItem(node, catalog);
    case 'construction':
      return constructionItem(node, catalog);
    case 'component':
      return componentItem(node, catalog.codes, session.signedIn);
    case 'empty':
      return emptyItem(node.key, node.message);
  }
}

type NodeOf<K extends LibraryNode['kind']> = Extract<LibraryNode, { kind: K }>;

function groupItem(node: NodeOf<'group'>): vscode.TreeItem {
  const label = node.group === 'constructions' ? l10n.t('Constructions') : l10n.t('Materials');
  const item = new vscode.TreeItem(label, vscode.TreeItemCollapsibleState.Expanded);
  item.id = `group:${node.group}`;
  item.description = String(node.count);
  item.iconPath = new vscode.ThemeIcon(node.group === 'constructions' ? 'layers' : 'package');
  item.contextValue = `lca.libraryGroup.${node.group}`;
  return item;
}

function sourceItem(node: NodeOf<'source'>): vscode.TreeItem {
  // Large groups start collapsed so that a library of thousands opens as a list of its files.
  const item = new vscode.TreeItem(node.label, node.count > SOURCE_EXPANDED_UP_TO ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.Expanded);
  item.id = node.key;
  item.description = String(node.count);
  item.iconPath = new vscode.ThemeIcon(node.uri ? 'file' : 'cloud');
  item.resourceUri = node.uri;
  item.contextValue = node.uri ? 'lca.librarySource.file' : 'lca.librarySource';
  item.tooltip = node.uri ? vscode.workspace.asRelativePath(node.uri) : node.label;
  return item;
}

function materialItem(node: NodeOf<'material'>, catalog: Catalog): vscode.TreeItem {
  const m = node.material;
  const item = new vscode.TreeItem(m.name, vscode.TreeItemCollapsibleState.None);
  item.id = node.key;
  const gwp = materialGwp(m, catalog.codes);
  // Materials are not looked up one by one for the tree (there may be thousands): marked by who created or read
  // each id (another identity's: not readable; nobody known: not yet confirmed), and once the service refused it.
  const readable = m.id ? catalog.readable('material', m.id, false, m) : 'yes';
  const note = readabilityNote(readable, m.learnedBy);
  item.description = `${gwpText(gwp)} · ${sourceWords(m.source).word}${note ? ` · ${note}` : ''}`;
  item.iconPath = new vscode.ThemeIcon(m.uri ? 'file' : 'cloud');
  item.contextValue = contextOf('material', m.uri, m.id, readable);
  item.resourceUri = m.uri;
  const tip = new vscode.MarkdownString();
  tip.appendMarkdown(`**${escapeMd(m.name)}**\n\n`);
  tip.appendMarkdown(`- ${l10n.t('Id: {0}', m.id ? `\`${m.id}\`` : l10n.t('not on the service yet'))}\n`);
  tip.appendMarkdown(`- ${l10n.t('Declared unit: {0}', escapeMd(perDeclared(m.epd.declaredUnit.declaredValue, m.epd.declaredUnit.declaredUnit, catalog.codes)))}\n`);
  tip.appendMarkdown(`- ${l10n.t('GWP A1-A3: {0}', escapeMd(gwpText(gwp)))}\n`);
  tip.appendMarkdown(`- ${l10n.t('Family: {0}', escapeMd(l10n.say(loadFamilies().familyWords(loadFamilies().familyOfEpd(m.epd)))))}\n`);
  tip.appendMarkdown(`- ${l10n.t('File: {0}', escapeMd(fileText(m.uri, m.index)))}\n`);
  tip.appendMarkdown(`- ${l10n.t('Source: {0}', sourceWords(m.source).word)}\n`);
  if (note) tip.appendMarkdown(`- ${escapeMd(note)}\n`);
  item.tooltip = tip;
  item.command = { command: 'lca.openLibraryItem', title: l10n.t('Open'), arguments: [node] };
  return item;
}

function constructionItem(node: NodeOf<'construction'>, catalog: Catalog): vscode.TreeItem {
  const c = node.construction;
  const item = new vscode.TreeItem(c.name, componentsOf(c).length ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None);
  item.id = node.key;
  const gwp = constructionGwp(c, catalog);
  const readable = c.id ? catalog.readable('construction', c.id, true, c) : 'yes';
  const note = readabilityNote(readable, c.learnedBy);
  // Constructions of one name (a file, its copy from a round trip, the service's) are told apart by file or id.
  const which = node.sameName ? (c.uri ? vscode.workspace.asRelativePath(c.uri) : c.id ? l10n.t('id {0}', c.id) : undefined) : undefined;
  item.description = [gwpText(gwp), sourceWords(c.source).word, which, note].filter(Boolean).join(' · ');
  item.iconPath = new vscode.ThemeIcon('layers');
  item.contextValue = contextOf('construction', c.uri, c.id, readable);
  item.resourceUri = c.uri;
  const record = isObject(c.record) ? c.record : {};
  const du = isObject(record.declaredUnit) ? record.declaredUnit : {};
  const tip = new vscode.MarkdownString();
  tip.appendMarkdown(`**${escapeMd(c.name)}**\n\n`);
  tip.appendMarkdown(`- ${l10n.t('Id: {0}', c.id ? `\`${c.id}\`` : l10n.t('not on the service yet (Push Construction creates it)'))}\n`);
  tip.appendMarkdown(`- ${l10n.t('Declared unit: {0}', escapeMd(perDeclared(num(du.declaredValue), num(du.declaredUnit), catalog.codes)))}\n`);
  tip.appendMarkdown(`- ${l10n.t('GWP A1-A3: {0}', escapeMd(gwpText(gwp)))}${gwp.note ? ` (${escapeMd(gwp.note)})` : ''}\n`);
  tip.appendMarkdown(`- ${l10n.t('Components: {0}', componentsOf(c).length)}\n`);
  tip.appendMarkdown(`- ${l10n.t('File: {0}', escapeMd(fileText(c.uri)))}\n`);
  tip.appendMarkdown(`- ${l10n.t('Source: {0}', sourceWords(c.source).word)}\n`);
  if (note) tip.appendMarkdown(`- ${escapeMd(note)}\n`);
  item.tooltip = tip;
  return item;
}

function componentItem(node: NodeOf<'component'>, codes: CodeTable, signedIn: boolean): vscode.TreeItem {
  const m = node.material;
  if (!m && node.failure) return failedComponentItem(node, node.failure, codes);
  const label =
    m?.name ??
    (node.lookingUp
      ? signedIn
        ? l10n.t('Looking up {0}…', node.epdId)
        : l10n.t('Material {0} (sign in to look it up)', node.epdId)
      : l10n.t('Unknown material {0}', node.epdId));
  const item = new vscode.TreeItem(label, vscode.TreeItemCollapsibleState.None);
  item.id = node.key;
  item.description = quantityText(node.quantity, codes);
  item.iconPath = new vscode.ThemeIcon(m ? 'symbol-constant' : node.lookingUp && signedIn ? 'loading~spin' : 'warning');
  item.contextValue = m ? 'lca.component.linked' : 'lca.component';
  const tip = new vscode.MarkdownString();
  tip.appendMarkdown(`**${escapeMd(label)}**\n\n- ${l10n.t('Material id: {0}', `\`${node.epdId}\``)}\n- ${l10n.t('Amount per declared unit: {0}', escapeMd(quantityText(node.quantity, codes)))}\n`);
  if (m) tip.appendMarkdown(`- ${l10n.t('GWP A1-A3 of the material: {0}', escapeMd(gwpText(materialGwp(m, codes))))}\n`);
  item.tooltip = tip;
  item.command = { command: 'lca.openLibraryItem', title: l10n.t('Open'), arguments: [node] };
  return item;
}

/** A component whose material the service could not be asked for (offline, 5xx): an error with Retry. */
function failedComponentItem(node: NodeOf<'component'>, failure: string, codes: CodeTable): vscode.TreeItem {
  const label = l10n.t('Could not look up material {0}: {1}', node.epdId, failure);
  const item = new vscode.TreeItem(label, vscode.TreeItemCollapsibleState.None);
  item.id = node.key;
  item.description = quantityText(node.quantity, codes);
  item.iconPath = new vscode.ThemeIcon('error', new vscode.ThemeColor('errorForeground'));
  item.contextValue = 'lca.component.lookupFailed';
  const tip = new vscode.MarkdownString();
  tip.appendMarkdown(`**${escapeMd(label)}**\n\n- ${l10n.t('Material id: {0}', `\`${node.epdId}\``)}\n- ${l10n.t('Amount per declared unit: {0}', escapeMd(quantityText(node.quantity, codes)))}\n\n`);
  tip.appendMarkdown(escapeMd(l10n.t('Click (or Retry) to look it up again; details are in the log (LCA: Show Log).')));
  item.tooltip = tip;
  item.command = { command: 'lca.retryMaterialLookup', title: l10n.t('Retry'), arguments: [node] };
  return item;
}

function fileText(uri: vscode.Uri | undefined, index?: number): string {
  if (!uri) return l10n.t('only on the service');
  const rel = vscode.workspace.asRelativePath(uri);
  return index === undefined ? rel : `${rel} [${index}]`;
}

/**
 * contextValue: `lca.material` / `lca.construction`, `.file` when a workspace file holds it, then for a known service
 * id `.linked` when the signed-in identity can read it (Inspect and Pull are offered), `.unverified` while that is not
 * known (nobody is known to have created or read it, or the service is being asked), `.foreign` when the service
 * refused it to this identity or another identity created or read it (another tenant's id).
 */
function contextOf(kind: 'material' | 'construction', uri: vscode.Uri | undefined, id: string | undefined, readable: Readability = 'yes'): string {
  const link = !id ? '' : readable === 'yes' ? '.linked' : readable === 'no' || readable === 'other' ? '.foreign' : '.unverified';
  return `lca.${kind}${uri ? '.file' : ''}${link}`;
}

/** A note for the description and tooltip of a record the signed-in identity cannot (or may not) read. */
function readabilityNote(readable: Readability, learnedBy: string | undefined): string | undefined {
  if (readable === 'no') return l10n.t('not readable by you on this service (another tenant’s id?)');
  if (readable === 'other' && learnedBy) return l10n.t('not readable by you: created or read by {0}', loginOfIdentity(learnedBy));
  if (readable === 'other' || readable === 'unknown') return l10n.t('not yet confirmed readable by you');
  return undefined;
}
