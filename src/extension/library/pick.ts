// Choosing a material with a service id: a QuickPick over the whole catalog (name, GWP, id), or an id typed in and
// checked against the catalog / service. Used by New Construction and the unknown-epdId quick fix.
import * as vscode from 'vscode';
import * as l10n from '../l10n';
import type { MaterialInfo } from '../../core/rules';
import { askUuid, showError, showQuickPick } from '../ui';
import type { Catalog } from './catalog';
import { figure, materialGwp } from './figures';
import { naturalCompare } from '../../core/display';
import { loadPreview } from '../bundles';

/** The material with this id from the catalog or the service; says why in an error message when there is none. */
export async function materialById(catalog: Catalog, id: string): Promise<MaterialInfo | undefined> {
  const resolved = await catalog.resolveEpdNow(id);
  if (resolved && resolved !== 'unknown') return resolved;
  if (resolved === undefined) {
    void showError(l10n.t('No material with id {0} exists on the service.', id));
    return undefined;
  }
  void showError(l10n.t('Material {0} is not known here and the service cannot be asked; sign in first.', id));
  return undefined;
}

/**
 * A material with a service id, picked from every one the catalog offers the signed-in identity — workspace files (ids
 * from their sidecars and links), pulled, pushed, looked-up and opened records, but not another identity's — grouped by file / source in natural order and searchable
 * by name, declared unit, GWP and id; or typed in. Undefined if cancelled.
 */
export async function pickMaterial(catalog: Catalog, options: { title: string }): Promise<MaterialInfo | undefined> {
  await catalog.ready();
  // Not another identity's ids (the service would refuse them); those nobody is known to have created are marked.
  const offered = catalog.offeredMaterials();
  const unconfirmed = new Set(offered.filter((o) => o.owner === 'unknown').map((o) => o.material));
  const known = offered.map((o) => o.material);
  const enter = l10n.t('Enter a material id…');
  const groups = new Map<string, typeof known>();
  for (const m of known) {
    const where = m.uri ? vscode.workspace.asRelativePath(m.uri) : l10n.t('service ({0})', m.source);
    groups.set(where, [...(groups.get(where) ?? []), m]);
  }
  const items: (vscode.QuickPickItem & { material?: MaterialInfo })[] = [];
  for (const where of [...groups.keys()].sort(naturalCompare)) {
    items.push({ label: where, kind: vscode.QuickPickItemKind.Separator });
    for (const m of groups.get(where)!.sort((a, b) => naturalCompare(a.name, b.name))) {
      const g = materialGwp(m, catalog.codes);
      items.push({
        label: m.name,
        description: `${l10n.say(loadPreview().declaredUnitSummary(m.epd.declaredUnit, catalog.codes, l10n.locale()))} · ${g.value === undefined ? l10n.t('GWP not declared') : l10n.t('{0} kg CO₂e / {1}', figure(g.value), g.per)}`,
        detail: unconfirmed.has(m) ? `${m.id} · ${l10n.t('not yet confirmed readable by you')}` : m.id,
        material: { id: m.id, name: m.name, declaredUnit: m.epd.declaredUnit },
      });
    }
  }
  items.push({ label: `$(edit) ${enter}`, alwaysShow: true });
  const picked = await showQuickPick(items, {
    title: options.title,
    matchOnDescription: true,
    matchOnDetail: true,
    placeHolder: known.length
      ? l10n.t('{0} known materials: type part of a name, a unit (m³) or a GWP figure', known.length)
      : l10n.t('No material with a service id is known yet: enter one'),
  });
  if (!picked) return undefined;
  if (picked.material) return picked.material;
  const id = await askUuid(options.title, l10n.t('Material id (UUID)'));
  return id ? materialById(catalog, id) : undefined;
}
