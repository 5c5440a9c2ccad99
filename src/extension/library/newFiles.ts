// New Material, New Materials File and New Construction: a file from a template, named after what the user calls it,
// in the workspace folder (asking before replacing a file).
import * as vscode from 'vscode';
import * as l10n from '../l10n';
import type { CodeTable } from '../../core/codeTable';
import { fileStem } from '../../core/templates/names';
import { newConstructionTemplate, newMaterialTemplate, newMaterialsTemplate, TO_FILL_IN } from '../../core/templates';
import type { Catalog } from './catalog';
import { writeJsonFile } from '../ui';
import { unitText } from './figures';
import { materialById, pickMaterial } from './pick';
import { FILTERS, fileIn, workspaceFolder } from './files';

async function askName(title: string, prompt: string, value = ''): Promise<string | undefined> {
  const name = await vscode.window.showInputBox({ title, prompt, value, validateInput: (v) => (v.trim() ? undefined : l10n.t('Required')) });
  return name?.trim() || undefined;
}

/** New Material; `codes` is the active environment's table (the units offered, the indicator units written). */
export async function newMaterial(codes: CodeTable, preset?: { name?: string; declaredUnit?: number; folder?: vscode.Uri }): Promise<vscode.Uri | undefined> {
  const name = preset?.name ?? (await askName(l10n.t('New material (1/2)'), l10n.t('Name of the material; the file is named after it')));
  if (!name) return undefined;
  let declaredUnit = preset?.declaredUnit;
  if (declaredUnit === undefined && !preset?.name) {
    const picked = await vscode.window.showQuickPick(
      codes.units.filter((u) => u.dimension !== 'none').map((u) => ({ label: unitText(u.code, codes), description: u.name, code: u.code })),
      { title: l10n.t('New material (2/2): declared unit (results per 1 …)') },
    );
    if (!picked) return undefined;
    declaredUnit = picked.code;
  }
  const target = fileIn(preset?.folder ?? workspaceFolder(), fileStem(name, 'material'), '.material.json');
  return writeJsonFile(target, newMaterialTemplate({ name, declaredUnit, description: l10n.say(TO_FILL_IN) }, codes), {
    replaceDetail: l10n.t('Replace it with a new, empty material? What the file holds now would be lost.'),
    filters: FILTERS.material,
  });
}

export async function newMaterials(codes: CodeTable, preset?: { name?: string; folder?: vscode.Uri }): Promise<vscode.Uri | undefined> {
  const name = preset?.name ?? (await askName(l10n.t('New materials file'), l10n.t('File name (without .materials.json), e.g. my-library'), 'my-library'));
  if (!name) return undefined;
  const target = fileIn(preset?.folder ?? workspaceFolder(), fileStem(name, 'materials'), '.materials.json');
  return writeJsonFile(target, newMaterialsTemplate({ name: l10n.t('New material'), description: l10n.say(TO_FILL_IN) }, codes), {
    replaceDetail: l10n.t('Replace it with a new materials file? The materials it holds now would be lost.'),
    filters: FILTERS.materials,
  });
}

export async function newConstruction(catalog: Catalog, preset?: { name?: string; epdId?: string; declaredUnit?: number; folder?: vscode.Uri }): Promise<vscode.Uri | undefined> {
  const name = preset?.name ?? (await askName(l10n.t('New construction (1/2)'), l10n.t('Name of the construction; the file is named after it')));
  if (!name) return undefined;
  const material = preset?.epdId
    ? await materialById(catalog, preset.epdId)
    : await pickMaterial(catalog, { title: l10n.t('New construction (2/2): material of the first component') });
  if (!material) return undefined;
  const target = fileIn(preset?.folder ?? workspaceFolder(), fileStem(name, 'construction'), '.construction.json');
  return writeJsonFile(target, newConstructionTemplate({ name, material, declaredUnit: preset?.declaredUnit }, catalog.codes), {
    replaceDetail: l10n.t('Replace it with a new construction? What the file holds now would be lost.'),
    filters: FILTERS.construction,
  });
}
