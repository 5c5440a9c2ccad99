// The column-mapping step of a spreadsheet import: a QuickPick lists every column with what it is taken as (proposed
// from the header names, or the mapping saved next to the file); the user confirms with "Use This Mapping" or picks
// a column to change it — to a material field, to one module's value of an indicator, or to "Ignore". Escape at the
// first list cancels the import; Escape in a sub-list goes back. Everything is reachable from the keyboard.
import * as vscode from 'vscode';
import { INDICATORS, MODULES } from '../../core/codes';
import type { ColumnMapping, ColumnTarget, MaterialField } from '../../core/import/spreadsheet';
import { loadImport } from '../bundles';
import type { IndicatorName } from '../../core/schemas/types';
import { showQuickPick } from '../ui';
import * as l10n from '../l10n';

/** What each material field is, for the lists (localised here, literal by literal). */
function fieldLabel(f: MaterialField): string {
  switch (f) {
    case 'id': return l10n.t('EPD id (UUID or any id)');
    case 'version': return l10n.t('EPD version');
    case 'name': return l10n.t('Name');
    case 'nameDa': return l10n.t('Name (Danish)');
    case 'nameEn': return l10n.t('Name (English)');
    case 'description': return l10n.t('Description');
    case 'declaredValue': return l10n.t('Declared amount (e.g. 1 or 1000)');
    case 'declaredUnit': return l10n.t('Declared unit (m, m2, m3, kg, t, pcs, kWh, l)');
    case 'mass': return l10n.t('Mass per declared amount (kg)');
    case 'density': return l10n.t('Density (kg/m³; the mass of a declared m³, or with a thickness of a m²)');
    case 'areaWeight': return l10n.t('Area weight (kg/m²; the mass of a declared m²)');
    case 'thickness': return l10n.t('Thickness (mm, or m as the column name says)');
    case 'lifespan': return l10n.t('Lifespan (years)');
    case 'validTo': return l10n.t('Valid until (date)');
    case 'publicationDate': return l10n.t('Publication date');
    case 'declarationNumber': return l10n.t('Declaration number');
    case 'link': return l10n.t('Link (URL)');
    case 'owner': return l10n.t('Owner / manufacturer');
    case 'epdType': return l10n.t('EPD type (generic, industry, product)');
    case 'standard': return l10n.t('Standard (EN 15804+A1 / +A2)');
    case 'category': return l10n.t('Category (what the material is: its family is read from it)');
    case 'module': return l10n.t('Module of the row (A1-A3, C3, D …)');
    case 'indicatorValue': return l10n.t('Value of the module in the row');
  }
}

/** How a target reads in the lists, e.g. "GWP_TOTAL, A1-A3" or "Declared unit (…)". */
export function targetText(t: ColumnTarget | undefined): string {
  if (!t || t.kind === 'ignore') return l10n.t('Ignored');
  if (t.kind === 'field') return fieldLabel(t.field);
  return l10n.t('{0}, {1}', t.indicator, MODULES.find((m) => m.code === t.module)?.label ?? String(t.module));
}

interface Item<T> extends vscode.QuickPickItem {
  value: T;
}

async function pickTarget(header: string, current: ColumnTarget | undefined): Promise<ColumnTarget | undefined> {
  const valueItem: Item<'value'> = { label: l10n.t('Indicator value of a module…'), description: l10n.t('e.g. GWP_TOTAL of A1-A3'), value: 'value' };
  const ignoreItem: Item<'ignore'> = { label: l10n.t('Ignore this column'), value: 'ignore' };
  const fieldItems: Item<MaterialField>[] = loadImport().FIELDS.map((f) => ({ label: fieldLabel(f), value: f, picked: current?.kind === 'field' && current.field === f }));
  const choice = await showQuickPick<Item<MaterialField | 'value' | 'ignore'>>([valueItem, ignoreItem, { label: '', kind: vscode.QuickPickItemKind.Separator, value: 'ignore' }, ...fieldItems], {
    title: l10n.t('Column "{0}" holds…', header),
    placeHolder: l10n.t('Now: {0}', targetText(current)),
    ignoreFocusOut: true,
  });
  if (!choice) return undefined;
  if (choice.value === 'ignore') return { kind: 'ignore' };
  if (choice.value !== 'value') return { kind: 'field', field: choice.value };
  const indicator = await showQuickPick<Item<IndicatorName>>(
    INDICATORS.map((i) => ({ label: i.name, description: i.unit, detail: i.description, value: i.name as IndicatorName })),
    { title: l10n.t('Column "{0}": which indicator?', header), matchOnDescription: true, matchOnDetail: true, ignoreFocusOut: true },
  );
  if (!indicator) return undefined;
  const module = await showQuickPick<Item<number>>(
    [...MODULES].sort((a, b) => a.code - b.code).map((m) => ({ label: m.label, description: m.name, value: m.code })),
    { title: l10n.t('Column "{0}": {1} of which module?', header, indicator.value), matchOnDescription: true, ignoreFocusOut: true },
  );
  if (!module) return undefined;
  return { kind: 'value', indicator: indicator.value, module: module.value };
}

/**
 * Shows the proposed mapping of the sheet's columns and lets the user confirm or change each column. Resolves with
 * the confirmed mapping, or undefined when the user cancels.
 */
export async function confirmSpreadsheetMapping(headers: readonly string[], proposed: ColumnMapping): Promise<ColumnMapping | undefined> {
  const columns: Record<string, ColumnTarget> = {};
  for (const h of headers) if (h) columns[h] = proposed.columns[h] ?? { kind: 'ignore' };
  const accept = l10n.t('Use This Mapping');
  for (;;) {
    const used = Object.values(columns).filter((t) => t.kind !== 'ignore').length;
    const items: Item<string | undefined>[] = [
      { label: accept, description: l10n.t('{0} of {1} columns used', used, Object.keys(columns).length), value: undefined, alwaysShow: true },
      { label: '', kind: vscode.QuickPickItemKind.Separator, value: undefined },
      ...Object.keys(columns).map((h) => ({ label: h, description: targetText(columns[h]), value: h })),
    ];
    const choice = await showQuickPick(items, {
      title: l10n.t('Import EPDs from Spreadsheet: columns'),
      placeHolder: l10n.t('Choose a column to change what it holds, or "{0}"', accept),
      matchOnDescription: true,
      ignoreFocusOut: true,
    });
    if (!choice) return undefined;
    if (choice.value === undefined) return { ...(proposed.indicator ? { indicator: proposed.indicator } : {}), columns };
    const target = await pickTarget(choice.value, columns[choice.value]);
    if (target) columns[choice.value] = target;
  }
}
