// LCAx (ocni-dtu/lcax) import, every published version: EPDx/LCAx 0.x–1.x (snake_case, impact categories at the top
// level of the EPD, projects of `emission_parts` → `parts` → `epd_source`), 2.0–2.5 (camelCase, assemblies and
// products as maps or lists of `{"type": "actual" | "reference"}`, one `impactData` per product), 2.6 and 3.x
// (lists of `{"type": "assembly" | "product" | "EPD" | "reference"}`, `impactData` a list). An EPD becomes a material as
// bulk create takes it; a project yields every EPD it embeds as a material and every assembly as a construction whose
// components refer to those materials: `epdId` = the material's `originalUUID` (the editor resolves it to the
// material file; Push Construction sends the service id its push or bulk create recorded: core/materialRefs.ts), and
// `componentSources` = the EPD ids of the file, each the `sourceId` of one material of the same result. This reader
// only maps fields onto drafts (an EPD: lcaxEpd.ts; a project: lcaxProject.ts); builder.ts makes the documents. No vscode.
import type { CodeTable } from '../codeTable';
import { importedMaterial } from './builder';
import { FieldError } from './texts';
import { reasonOf, type ImportInput, type ImportIssue, type ImportResult, type ImportedMaterial } from './types';
import { isObject } from '../guards';
import { draftOf, field, parseJson, type Obj } from './lcaxEpd';
import { importLcaxProject } from './lcaxProject';

export { materialFromLcaxEpd, materialFromLcaxText, type LcaxConversion } from './lcaxEpd';

// Detection and whole-file import (EPD, list of EPDs, or project).

const decoder = new TextDecoder('utf-8');

function looksLikeEpd(v: unknown): boolean {
  if (!isObject(v)) return false;
  const hasUnit = field(v, 'declaredUnit') !== undefined;
  const hasImpacts = isObject(field(v, 'impacts')) || isObject(v.gwp);
  return hasUnit && hasImpacts;
}

function looksLikeProject(v: unknown): boolean {
  return isObject(v) && (('assemblies' in v && (Array.isArray(v.assemblies) || isObject(v.assemblies))) || isObject(v.emission_parts));
}

/** Whether the input is an LCAx (or EPDx) EPD, list of EPDs, or project — by content, not by file name. */
export function isLcax(input: ImportInput): boolean {
  const head = decoder.decode(input.bytes.subarray(0, 4096)).replace(/^\uFEFF/, '').trimStart();
  if (!head.startsWith('{') && !head.startsWith('[')) return false;
  let value: unknown;
  try {
    value = JSON.parse(decoder.decode(input.bytes).replace(/^\uFEFF/, ''));
  } catch {
    return false;
  }
  if (Array.isArray(value)) return value.length > 0 && value.every(looksLikeEpd);
  return looksLikeProject(value) || looksLikeEpd(value);
}

/** Imports an LCAx EPD, a list of EPDs, or a project (its EPDs as materials, its assemblies as constructions). */
export function importLcax(input: ImportInput, codes: CodeTable): ImportResult {
  const refused: ImportIssue[] = [];
  const warnings: ImportIssue[] = [];
  let value: unknown;
  try {
    value = parseJson(decoder.decode(input.bytes));
  } catch (e) {
    return { format: 'lcax-epd', materials: [], constructions: [], refused: [{ item: input.name, field: '', reason: reasonOf(e) }], warnings };
  }
  if (looksLikeProject(value)) return importLcaxProject(value as Obj, input.name, codes);
  const epds = Array.isArray(value) ? value.map((v, i) => ({ v, path: `[${i}]` })) : [{ v: value, path: '' }];
  const materials: ImportedMaterial[] = [];
  for (const { v, path } of epds) {
    const item = isObject(v) && typeof v.name === 'string' ? v.name : `${input.name}${path}`;
    try {
      const { draft, warnings: w } = draftOf(v);
      materials.push(importedMaterial(draft, codes, `${input.name}${path}`, w));
    } catch (e) {
      if (!(e instanceof FieldError)) throw e;
      refused.push({ item, field: path && e.field ? `${path}.${e.field}` : path || e.field, reason: e.reason });
    }
  }
  return { format: 'lcax-epd', materials, constructions: [], refused, warnings };
}
