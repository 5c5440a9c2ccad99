// The Library tree's nodes and how they are grouped and sorted: constructions by name; materials under one group per
// workspace file (files first, by path) or per kind of service record, each by name; a construction's components.
import * as vscode from 'vscode';
import * as l10n from '../l10n';
import { sourceWords } from './sourceWords';
import { naturalCompare } from '../../core/display';
import type { Catalog, CatalogConstruction, CatalogMaterial } from './catalog';
import { isObject } from '../../core/guards';
import type { ComponentQuantityText } from './figures';
import { num } from '../../core/guards';

export type LibraryNode =
  | { kind: 'group'; group: 'constructions' | 'materials'; count: number }
  | { kind: 'source'; key: string; label: string; uri?: vscode.Uri; count: number }
  | { kind: 'material'; key: string; material: CatalogMaterial }
  | { kind: 'construction'; key: string; construction: CatalogConstruction; /** Another construction listed has its name. */ sameName?: true }
  | { kind: 'component'; key: string; epdId: string; index: number; quantity: ComponentQuantityText; material: CatalogMaterial | undefined; lookingUp: boolean; failure?: string }
  | { kind: 'empty'; key: string; message: string };

export function constructionNodes(catalog: Catalog): LibraryNode[] {
  const list = catalog.constructions().sort((a, b) => naturalCompare(a.name, b.name));
  if (!list.length) return [{ kind: 'empty', key: 'empty:constructions', message: l10n.t('No constructions yet') }];
  const names = new Map<string, number>();
  for (const c of list) names.set(c.name, (names.get(c.name) ?? 0) + 1);
  return list.map((construction) => ({ kind: 'construction', key: constructionKey(construction), construction, ...((names.get(construction.name) ?? 0) > 1 ? { sameName: true as const } : {}) }));
}

/** The Materials group's children: one node per workspace file, then one per kind of service record. */
export function sourceNodes(catalog: Catalog): LibraryNode[] {
  const groups = new Map<string, Extract<LibraryNode, { kind: 'source' }>>();
  for (const m of catalog.materials()) {
    const key = sourceKey(m);
    const group = groups.get(key);
    if (group) group.count++;
    else groups.set(key, { kind: 'source', key, label: sourceLabel(m), ...(m.uri ? { uri: m.uri } : {}), count: 1 });
  }
  if (!groups.size) return [{ kind: 'empty', key: 'empty:materials', message: l10n.t('No materials yet') }];
  // Files first (by path, naturally), then what is only on the service.
  return [...groups.values()].sort((a, b) => Number(!a.uri) - Number(!b.uri) || naturalCompare(a.label, b.label));
}

export function materialNodes(catalog: Catalog, source: string): LibraryNode[] {
  const list = catalog.materials().filter((m) => sourceKey(m) === source).sort((a, b) => naturalCompare(a.name, b.name));
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

export function componentNodes(catalog: Catalog, node: Extract<LibraryNode, { kind: 'construction' }>): LibraryNode[] {
  return componentsOf(node.construction).map((c, index) => {
    // A material the signed-in identity cannot read is not this construction's material for it.
    const readable = catalog.readable('material', c.epdId, false);
    const material = readable === 'no' || readable === 'other' ? undefined : catalog.materialFor(c.epdId);
    const resolved = material ? undefined : catalog.resolveEpd(c.epdId);
    return {
      kind: 'component',
      key: `${node.key}/component:${index}`,
      epdId: c.epdId,
      index,
      quantity: c.quantity,
      material,
      lookingUp: resolved === 'unknown',
      failure: material ? undefined : catalog.lookupFailure(c.epdId),
    };
  });
}

/** The components of a construction, from a file (create body) or a service read (embedded EPDs). */
export function componentsOf(c: CatalogConstruction): { epdId: string; quantity: ComponentQuantityText }[] {
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

/** The group a material is listed under: its workspace file, or the kind of service record it is. */
function sourceKey(m: CatalogMaterial): string {
  return m.uri ? `source:${m.uri.toString()}` : `source:service:${m.source}`;
}

function sourceLabel(m: CatalogMaterial): string {
  return m.uri ? vscode.workspace.asRelativePath(m.uri) : sourceWords(m.source).heading;
}

function materialKey(m: CatalogMaterial): string {
  if (m.uri) return `material:${m.uri.toString()}${m.index === undefined ? '' : `#${m.index}`}`;
  return `material:id:${m.id ?? m.name}`;
}

function constructionKey(c: CatalogConstruction): string {
  return c.uri ? `construction:${c.uri.toString()}` : `construction:id:${c.id ?? c.name}`;
}
