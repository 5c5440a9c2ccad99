// The Library tree: constructions and materials the workspace knows (files, pulled, pushed, bulk-created, looked up
// for a construction, opened), each with GWP A1-A3 per declared unit; a construction's children are its components.
import * as vscode from 'vscode';
import * as l10n from '../l10n';
import { activeCodes } from '../../core/codeTable';
import { epdDataOf, gwpA1A3 } from '../../core/lca';
import { toDeclaredUnits } from '../../core/rules';
import { naturalCompare } from '../../core/display';
import type { Catalog, CatalogConstruction, CatalogMaterial, CatalogSource, Readability } from './catalog';
import { isObject } from '../../core/guards';

export type LibraryNode =
  | { kind: 'group'; group: 'constructions' | 'materials'; count: number }
  | { kind: 'source'; key: string; label: string; uri?: vscode.Uri; count: number }
  | { kind: 'material'; key: string; material: CatalogMaterial }
  | { kind: 'construction'; key: string; construction: CatalogConstruction }
  | { kind: 'component'; key: string; epdId: string; index: number; quantity: ComponentQuantityText; material: CatalogMaterial | undefined; lookingUp: boolean; failure?: string }
  | { kind: 'empty'; key: string; message: string };

interface ComponentQuantityText {
  amount: number | undefined;
  unit: number | undefined;
  percentage: number | undefined;
  height: number | undefined;
  width: number | undefined;
}

const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

/** Unit text by label (the meaning in the active environment), so that a code meaning KG there reads "kg". */
const UNIT_TEXT: ReadonlyMap<string, string> = new Map([
  ['M', 'm'], ['M2', 'm²'], ['M3', 'm³'], ['KG', 'kg'], ['TONNE', 't'], ['KWH', 'kWh'], ['MJ', 'MJ'], ['L', 'L'],
]);

/** "m³", "kg", … as people write units. */
export function unitText(code: number | undefined): string {
  if (code === undefined) return '?';
  const unit = activeCodes().unitByCode(code);
  if (!unit) return String(code);
  const label = unit.label.toUpperCase();
  if (label === 'NONE') return l10n.t('unit');
  if (label === 'PCS') return l10n.t('pcs');
  return UNIT_TEXT.get(label) ?? unit.label;
}

/** A figure with about three significant digits in the chosen number format: 282, 12.3 (12,3), 0.0523, -14.9. */
export function figure(n: number): string {
  if (n === 0) return '0';
  const rounded = Math.abs(n) >= 100 ? Math.round(n) : Number(n.toPrecision(3));
  return rounded.toLocaleString(l10n.locale(), { useGrouping: false, maximumFractionDigits: 20 });
}

/** "per declared unit": "m³" when declaredValue is 1, else "1000 kg". */
function perDeclared(declaredValue: number | undefined, declaredUnit: number | undefined): string {
  return declaredValue === undefined || declaredValue === 1 ? unitText(declaredUnit) : `${figure(declaredValue)} ${unitText(declaredUnit)}`;
}

/** Where a record came from, as a word in the tree: "file", "pulled", … */
function sourceText(source: CatalogSource): string {
  switch (source) {
    case 'file':
      return l10n.t('file');
    case 'pulled':
      return l10n.t('pulled');
    case 'pushed':
      return l10n.t('pushed');
    case 'created':
      return l10n.t('bulk-created');
    case 'service':
      return l10n.t('service');
    case 'opened':
      return l10n.t('opened');
  }
}

export interface GwpFigure {
  /** kg CO2e per `per`, A1-A3; undefined when it cannot be computed. */
  value: number | undefined;
  per: string;
  /** Why there is no figure, or what it leaves out. */
  note?: string;
}

export function materialGwp(m: CatalogMaterial): GwpFigure {
  return { value: m.gwpA1A3, per: perDeclared(m.epd.declaredUnit.declaredValue, m.epd.declaredUnit.declaredUnit) };
}

/** A construction's GWP A1-A3: the service's aggregate, or (for a file) the sum over its components. */
export function constructionGwp(c: CatalogConstruction, catalog: Catalog): GwpFigure {
  const record = isObject(c.record) ? c.record : {};
  const du = isObject(record.declaredUnit) ? record.declaredUnit : {};
  const per = perDeclared(num(du.declaredValue), num(du.declaredUnit));
  if (Array.isArray(record.lciaResults)) {
    const value = gwpA1A3(epdDataOf(record));
    if (value !== undefined) return { value, per };
  }
  const components = Array.isArray(record.constructionEpds) ? record.constructionEpds : [];
  if (!components.length) return { value: undefined, per, note: l10n.t('no components') };
  let sum = 0;
  for (const entry of components) {
    const component = isObject(entry) ? entry : {};
    const epdId = typeof component.epdId === 'string' ? component.epdId : undefined;
    const material = epdId ? catalog.material(epdId) : undefined;
    const cu = isObject(component.constructionUnit) ? component.constructionUnit : {};
    const unit = num(cu.unit);
    const amount = num(cu.amount);
    if (!material || material.gwpA1A3 === undefined || unit === undefined || amount === undefined) {
      return { value: undefined, per, note: material ? l10n.t('a component has no GWP') : l10n.t('a component’s material is not known yet') };
    }
    const conversion = toDeclaredUnits({ unit, amount, percentage: num(cu.percentage), height: num(cu.height), width: num(cu.width) }, material.epd.declaredUnit);
    if (!conversion.ok) return { value: undefined, per, note: l10n.say(conversion.reason) };
    sum += conversion.declaredUnits * material.gwpA1A3;
  }
  return { value: sum, per };
}

function gwpText(g: GwpFigure): string {
  return g.value === undefined ? 'GWP —' : l10n.t('{0} kg CO2e / {1}', figure(g.value), g.per);
}

function fileText(uri: vscode.Uri | undefined, index?: number): string {
  if (!uri) return l10n.t('only on the service');
  const rel = vscode.workspace.asRelativePath(uri);
  return index === undefined ? rel : `${rel} [${index}]`;
}

/**
 * contextValue: `lca.material` / `lca.construction`, `.file` when a workspace file holds it, then for a known service
 * id `.linked` when the signed-in identity can read it (Inspect and Pull are offered), `.unverified` while the
 * service is being asked, `.foreign` when the service refused it to this identity (another tenant's id).
 */
function contextOf(kind: 'material' | 'construction', uri: vscode.Uri | undefined, id: string | undefined, readable: Readability = 'yes'): string {
  const link = !id ? '' : readable === 'yes' ? '.linked' : readable === 'no' ? '.foreign' : '.unverified';
  return `lca.${kind}${uri ? '.file' : ''}${link}`;
}

/** A note for the description and tooltip of a record the signed-in identity cannot (or may not) read. */
function readabilityNote(readable: Readability): string | undefined {
  if (readable === 'no') return l10n.t('not readable by you on this service (another tenant’s id?)');
  if (readable === 'unknown') return l10n.t('not yet confirmed readable by you');
  return undefined;
}

function escapeMd(value: string): string {
  return value.replace(/[\\`*_{}[\]()#+\-.!<>|]/g, '\\$&');
}

export class LibraryTreeProvider implements vscode.TreeDataProvider<LibraryNode>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<LibraryNode | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private readonly subscription: vscode.Disposable;

  constructor(
    private readonly catalog: Catalog,
    /** Signed out, unknown materials cannot be looked up: say so instead of showing them as being looked up. */
    private readonly isSignedIn: () => boolean = () => true,
  ) {
    this.subscription = catalog.onDidChange(() => this.refresh());
  }

  refresh(): void {
    this.changed.fire(undefined);
  }

  getTreeItem(node: LibraryNode): vscode.TreeItem {
    switch (node.kind) {
      case 'group': {
        const label = node.group === 'constructions' ? l10n.t('Constructions') : l10n.t('Materials');
        const item = new vscode.TreeItem(label, vscode.TreeItemCollapsibleState.Expanded);
        item.id = `group:${node.group}`;
        item.description = String(node.count);
        item.iconPath = new vscode.ThemeIcon(node.group === 'constructions' ? 'layers' : 'package');
        item.contextValue = `lca.libraryGroup.${node.group}`;
        return item;
      }
      case 'source': {
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
      case 'material': {
        const m = node.material;
        const item = new vscode.TreeItem(m.name, vscode.TreeItemCollapsibleState.None);
        item.id = node.key;
        const gwp = materialGwp(m);
        // Materials are not looked up one by one for the tree (there may be thousands): marked only once refused.
        const readable = m.id && this.catalog.readable('material', m.id, false) === 'no' ? 'no' : 'yes';
        const note = readabilityNote(readable);
        item.description = `${gwpText(gwp)} · ${sourceText(m.source)}${note ? ` · ${note}` : ''}`;
        item.iconPath = new vscode.ThemeIcon(m.uri ? 'file' : 'cloud');
        item.contextValue = contextOf('material', m.uri, m.id, readable);
        item.resourceUri = m.uri;
        const tip = new vscode.MarkdownString();
        tip.appendMarkdown(`**${escapeMd(m.name)}**\n\n`);
        tip.appendMarkdown(`- ${l10n.t('Id: {0}', m.id ? `\`${m.id}\`` : l10n.t('not on the service yet'))}\n`);
        tip.appendMarkdown(`- ${l10n.t('Declared unit: {0}', escapeMd(perDeclared(m.epd.declaredUnit.declaredValue, m.epd.declaredUnit.declaredUnit)))}\n`);
        tip.appendMarkdown(`- ${l10n.t('GWP A1-A3: {0}', escapeMd(gwpText(gwp)))}\n`);
        tip.appendMarkdown(`- ${l10n.t('File: {0}', escapeMd(fileText(m.uri, m.index)))}\n`);
        tip.appendMarkdown(`- ${l10n.t('Source: {0}', sourceText(m.source))}\n`);
        if (note) tip.appendMarkdown(`- ${escapeMd(note)}\n`);
        item.tooltip = tip;
        item.command = { command: 'lca.openLibraryItem', title: l10n.t('Open'), arguments: [node] };
        return item;
      }
      case 'construction': {
        const c = node.construction;
        const item = new vscode.TreeItem(c.name, this.componentsOf(c).length ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None);
        item.id = node.key;
        const gwp = constructionGwp(c, this.catalog);
        const readable = c.id ? this.catalog.readable('construction', c.id) : 'yes';
        const note = readabilityNote(readable);
        item.description = `${gwpText(gwp)} · ${sourceText(c.source)}${note ? ` · ${note}` : ''}`;
        item.iconPath = new vscode.ThemeIcon('layers');
        item.contextValue = contextOf('construction', c.uri, c.id, readable);
        item.resourceUri = c.uri;
        const record = isObject(c.record) ? c.record : {};
        const du = isObject(record.declaredUnit) ? record.declaredUnit : {};
        const tip = new vscode.MarkdownString();
        tip.appendMarkdown(`**${escapeMd(c.name)}**\n\n`);
        tip.appendMarkdown(`- ${l10n.t('Id: {0}', c.id ? `\`${c.id}\`` : l10n.t('not on the service yet (Push Construction creates it)'))}\n`);
        tip.appendMarkdown(`- ${l10n.t('Declared unit: {0}', escapeMd(perDeclared(num(du.declaredValue), num(du.declaredUnit))))}\n`);
        tip.appendMarkdown(`- ${l10n.t('GWP A1-A3: {0}', escapeMd(gwpText(gwp)))}${gwp.note ? ` (${escapeMd(gwp.note)})` : ''}\n`);
        tip.appendMarkdown(`- ${l10n.t('Components: {0}', this.componentsOf(c).length)}\n`);
        tip.appendMarkdown(`- ${l10n.t('File: {0}', escapeMd(fileText(c.uri)))}\n`);
        tip.appendMarkdown(`- ${l10n.t('Source: {0}', sourceText(c.source))}\n`);
        if (note) tip.appendMarkdown(`- ${escapeMd(note)}\n`);
        item.tooltip = tip;
        return item;
      }
      case 'component': {
        const m = node.material;
        if (!m && node.failure) return this.failedComponentItem(node, node.failure);
        const label =
          m?.name ??
          (node.lookingUp
            ? this.isSignedIn()
              ? l10n.t('Looking up {0}…', node.epdId)
              : l10n.t('Material {0} (sign in to look it up)', node.epdId)
            : l10n.t('Unknown material {0}', node.epdId));
        const item = new vscode.TreeItem(label, vscode.TreeItemCollapsibleState.None);
        item.id = node.key;
        item.description = quantityText(node.quantity);
        item.iconPath = new vscode.ThemeIcon(m ? 'symbol-constant' : node.lookingUp && this.isSignedIn() ? 'loading~spin' : 'warning');
        item.contextValue = m ? 'lca.component.linked' : 'lca.component';
        const tip = new vscode.MarkdownString();
        tip.appendMarkdown(`**${escapeMd(label)}**\n\n- ${l10n.t('Material id: {0}', `\`${node.epdId}\``)}\n- ${l10n.t('Amount per declared unit: {0}', escapeMd(quantityText(node.quantity)))}\n`);
        if (m) tip.appendMarkdown(`- ${l10n.t('GWP A1-A3 of the material: {0}', escapeMd(gwpText(materialGwp(m))))}\n`);
        item.tooltip = tip;
        item.command = { command: 'lca.openLibraryItem', title: l10n.t('Open'), arguments: [node] };
        return item;
      }
      case 'empty': {
        const item = new vscode.TreeItem(node.message, vscode.TreeItemCollapsibleState.None);
        item.id = node.key;
        item.iconPath = new vscode.ThemeIcon('info');
        item.contextValue = 'lca.empty';
        return item;
      }
    }
  }

  /** A component whose material the service could not be asked for (offline, 5xx): an error with Retry. */
  private failedComponentItem(node: Extract<LibraryNode, { kind: 'component' }>, failure: string): vscode.TreeItem {
    const label = l10n.t('Could not look up material {0}: {1}', node.epdId, failure);
    const item = new vscode.TreeItem(label, vscode.TreeItemCollapsibleState.None);
    item.id = node.key;
    item.description = quantityText(node.quantity);
    item.iconPath = new vscode.ThemeIcon('error', new vscode.ThemeColor('errorForeground'));
    item.contextValue = 'lca.component.lookupFailed';
    const tip = new vscode.MarkdownString();
    tip.appendMarkdown(`**${escapeMd(label)}**\n\n- ${l10n.t('Material id: {0}', `\`${node.epdId}\``)}\n- ${l10n.t('Amount per declared unit: {0}', escapeMd(quantityText(node.quantity)))}\n\n`);
    tip.appendMarkdown(escapeMd(l10n.t('Click (or Retry) to look it up again; details are in the log (LCA: Show Log).')));
    item.tooltip = tip;
    item.command = { command: 'lca.retryMaterialLookup', title: l10n.t('Retry'), arguments: [node] };
    return item;
  }

  async getChildren(node?: LibraryNode): Promise<LibraryNode[]> {
    if (!node) return this.roots();
    if (node.kind === 'group') return node.group === 'constructions' ? this.constructionNodes() : this.sourceNodes();
    if (node.kind === 'source') return this.materialNodes(node.key);
    if (node.kind === 'construction') return this.componentNodes(node);
    return [];
  }

  getParent(): undefined {
    return undefined;
  }

  private async roots(): Promise<LibraryNode[]> {
    await this.catalog.ready();
    const constructions = this.catalog.constructions();
    // Materials that constructions refer to but nobody has opened yet: the catalog looks them up on the service and
    // fires onDidChange when they arrive, so they join the Materials group.
    for (const c of constructions) for (const id of this.componentsOf(c).map((x) => x.epdId)) this.catalog.resolveEpd(id);
    const materials = this.catalog.materials();
    if (!constructions.length && !materials.length) return []; // the welcome content shows
    return [
      { kind: 'group', group: 'constructions', count: constructions.length },
      { kind: 'group', group: 'materials', count: materials.length },
    ];
  }

  private constructionNodes(): LibraryNode[] {
    const list = this.catalog.constructions().sort((a, b) => naturalCompare(a.name, b.name));
    if (!list.length) return [{ kind: 'empty', key: 'empty:constructions', message: l10n.t('No constructions yet') }];
    return list.map((construction) => ({ kind: 'construction', key: constructionKey(construction), construction }));
  }

  /** The Materials group's children: one node per workspace file, then one per kind of service record. */
  private sourceNodes(): LibraryNode[] {
    const groups = new Map<string, Extract<LibraryNode, { kind: 'source' }>>();
    for (const m of this.catalog.materials()) {
      const key = sourceKey(m);
      const group = groups.get(key);
      if (group) group.count++;
      else groups.set(key, { kind: 'source', key, label: sourceLabel(m), ...(m.uri ? { uri: m.uri } : {}), count: 1 });
    }
    if (!groups.size) return [{ kind: 'empty', key: 'empty:materials', message: l10n.t('No materials yet') }];
    // Files first (by path, naturally), then what is only on the service.
    return [...groups.values()].sort((a, b) => Number(!a.uri) - Number(!b.uri) || naturalCompare(a.label, b.label));
  }

  private materialNodes(source: string): LibraryNode[] {
    const list = this.catalog.materials().filter((m) => sourceKey(m) === source).sort((a, b) => naturalCompare(a.name, b.name));
    if (!list.length) return [{ kind: 'empty', key: `empty:${source}`, message: l10n.t('No materials yet') }];
    const seen = new Set<string>();
    const out: LibraryNode[] = [];
    for (const material of list) {
      let key = materialKey(material);
      // Two materials from one source with equal keys (e.g. a materials file listing a pair twice): keep ids unique.
      for (let n = 2; seen.has(key); n++) key = `${materialKey(material)}#${n}`;
      seen.add(key);
      out.push({ kind: 'material', key, material });
    }
    return out;
  }

  private componentNodes(node: Extract<LibraryNode, { kind: 'construction' }>): LibraryNode[] {
    return this.componentsOf(node.construction).map((c, index) => {
      // A material the signed-in identity cannot read is not this construction's material for it.
      const material = this.catalog.readable('material', c.epdId, false) === 'no' ? undefined : this.catalog.material(c.epdId);
      const resolved = material ? undefined : this.catalog.resolveEpd(c.epdId);
      return {
        kind: 'component',
        key: `${node.key}/component:${index}`,
        epdId: c.epdId,
        index,
        quantity: c.quantity,
        material,
        lookingUp: resolved === 'unknown',
        failure: material ? undefined : this.catalog.lookupFailure(c.epdId),
      };
    });
  }

  /** The components of a construction, from a file (create body) or a service read (embedded EPDs). */
  private componentsOf(c: CatalogConstruction): { epdId: string; quantity: ComponentQuantityText }[] {
    const record = isObject(c.record) ? c.record : {};
    const list = Array.isArray(record.constructionEpds) ? record.constructionEpds : [];
    const out: { epdId: string; quantity: ComponentQuantityText }[] = [];
    for (const entry of list) {
      if (!isObject(entry)) continue;
      const epd = isObject(entry.epd) ? entry.epd : {};
      const epdId = typeof entry.epdId === 'string' ? entry.epdId : typeof epd.id === 'string' ? epd.id : undefined;
      if (!epdId) continue;
      const cu = isObject(entry.constructionUnit) ? entry.constructionUnit : {};
      out.push({ epdId, quantity: { amount: num(cu.amount), unit: num(cu.unit), percentage: num(cu.percentage), height: num(cu.height), width: num(cu.width) } });
    }
    return out;
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }
}

/** "0.108 m³", "1 m² × 0.195 m", "2 pcs · 50 %". */
function quantityText(q: ComponentQuantityText): string {
  if (q.amount === undefined) return l10n.t('no amount');
  let text = `${figure(q.amount)} ${unitText(q.unit)}`;
  if (q.height !== undefined && q.width !== undefined) text += ` × ${figure(q.width)} × ${figure(q.height)} m`;
  else if (q.height !== undefined) text += ` × ${figure(q.height)} m`;
  else if (q.width !== undefined) text += ` × ${figure(q.width)} m`;
  if (q.percentage !== undefined && q.percentage !== 100) text += ` · ${figure(q.percentage)} %`;
  return text;
}

/** Groups of more materials than this start collapsed. */
const SOURCE_EXPANDED_UP_TO = 50;

/** The heading of records that no workspace file holds, by how the catalog has them. */
function serviceGroupText(source: CatalogSource): string {
  switch (source) {
    case 'pulled':
      return l10n.t('Pulled from the service');
    case 'pushed':
      return l10n.t('Pushed to the service');
    case 'created':
      return l10n.t('Bulk-created');
    case 'service':
      return l10n.t('Looked up on the service');
    case 'opened':
      return l10n.t('Opened from the service');
    default:
      return l10n.t('Files');
  }
}

/** The group a material is listed under: its workspace file, or the kind of service record it is. */
function sourceKey(m: CatalogMaterial): string {
  return m.uri ? `source:${m.uri.toString()}` : `source:service:${m.source}`;
}

function sourceLabel(m: CatalogMaterial): string {
  return m.uri ? vscode.workspace.asRelativePath(m.uri) : serviceGroupText(m.source);
}

function materialKey(m: CatalogMaterial): string {
  if (m.uri) return `material:${m.uri.toString()}${m.index === undefined ? '' : `#${m.index}`}`;
  return `material:id:${m.id ?? m.name}`;
}

function constructionKey(c: CatalogConstruction): string {
  return c.uri ? `construction:${c.uri.toString()}` : `construction:id:${c.id ?? c.name}`;
}
