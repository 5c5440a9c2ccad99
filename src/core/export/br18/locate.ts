// Where a finding of the check is in the workspace's files: the file holding the material (or construction) a line
// uses, and the line of the field concerned (found along its JSON path by the document locator, no syntax tree; the
// item itself where the field is absent). And the workspace's files those are, read for the tools (the editor's
// catalog gives them to the command).
import * as path from 'path';
import { pathToFileURL } from 'url';
import { DocumentLocator, LineIndex, parseDocument, type JsonPath } from '../../document';
import { bulkItemIdOf, sidecarIdsFor, SIDECAR_SUFFIX } from '../../bulk/sidecar';
import { isObject } from '../../guards';
import type { Workspace } from '../../workspace/types';
import type { Dashboard } from '../../api/types';
import { lineConstructionIds, lineMaterialIds } from '../project';
import type { Finding } from './types';
import type { WorkspaceItem, WorkspaceItems } from './types';

/** The findings with `location` set where their subject is in a workspace file. */
export function locateFindings(findings: readonly Finding[], workspace: WorkspaceItems | undefined): Finding[] {
  if (!workspace) return [...findings];
  const files = new Map<string, { locator: DocumentLocator; lines: LineIndex }>();
  return findings.map((f) => {
    const s = f.subject;
    if (!s) return f;
    const item = s.kind === 'material' ? workspace.materials.get(s.id) : workspace.constructions.get(s.id);
    if (!item) return f;
    const line = lineOf(item, s.kind === 'construction' ? constructionPath(item, s) : s.path, files);
    return line === undefined ? f : { ...f, location: { path: item.path, line } };
  });
}

/** The path of a construction finding: its component of the line's material where there is one, else the construction. */
function constructionPath(item: WorkspaceItem, s: Extract<NonNullable<Finding['subject']>, { kind: 'construction' }>): JsonPath {
  const components = isObject(item.record) && Array.isArray(item.record.constructionEpds) ? item.record.constructionEpds : [];
  const i = components.findIndex((c) => isObject(c) && c.epdId === s.componentEpdId);
  return i >= 0 ? ['constructionEpds', i, ...s.path] : s.path;
}

function lineOf(item: WorkspaceItem, path: JsonPath, files: Map<string, { locator: DocumentLocator; lines: LineIndex }>): number | undefined {
  let file = files.get(item.path);
  if (!file) files.set(item.path, (file = { locator: new DocumentLocator(item.text), lines: new LineIndex(item.text) }));
  const found = file.locator.find(item.index === undefined ? path : [item.index, ...path]);
  return found ? file.lines.position(found.located.key?.offset ?? found.located.offset).line : undefined;
}

/** Where a finding is in the building: "building part › construction › material" ('' for the project as a whole). */
export function placeOf(f: Finding): string {
  const w = f.where;
  return w ? [...w.parts, ...('construction' in w ? [w.construction, w.material] : [])].filter((p) => p !== '').join(' › ') : '';
}

/**
 * A report's links to the findings' files (`ReportInput.linkOf`): the text is the file as `shown` names it with the
 * line; the target a path relative to the saved report (`reportPath`), or, for a report not saved, the file's URI —
 * both with `#L<line>`, which the editor opens at the line.
 */
export function reportLinks(reportPath: string | undefined, shown: (absolute: string) => string): (l: { path: string; line: number }) => { text: string; target: string } {
  return (l) => ({
    text: `${shown(l.path)}:${l.line}`,
    target: reportPath !== undefined ? `${path.relative(path.dirname(reportPath), l.path).split(path.sep).join('/')}#L${l.line}` : `${pathToFileURL(l.path).href}#L${l.line}`,
  });
}

/**
 * The workspace files of a dashboard's lines: its materials and constructions by service id, as `fileOf` finds them
 * (the editor: its catalog's files). Each file is asked for once per id.
 */
export async function workspaceItemsFrom(
  dashboard: Dashboard,
  fileOf: (kind: 'material' | 'construction', id: string) => Promise<WorkspaceItem | undefined>,
): Promise<WorkspaceItems> {
  const out = { materials: new Map<string, WorkspaceItem>(), constructions: new Map<string, WorkspaceItem>() };
  for (const [kind, ids, into] of [['material', lineMaterialIds(dashboard), out.materials], ['construction', lineConstructionIds(dashboard), out.constructions]] as const) {
    for (const id of ids) {
      const item = await fileOf(kind, id);
      if (item) into.set(id, item);
    }
  }
  return out;
}

/** The findings that have a place in the files, by file: each with its line (0-based) and message, for a Problems list. */
export function findingsByFile(findings: readonly Finding[], say: (f: Finding) => string): Map<string, { line: number; message: string; check: string }[]> {
  const out = new Map<string, { line: number; message: string; check: string }[]>();
  for (const f of findings) {
    if (!f.location) continue;
    const where = placeOf(f);
    const list = out.get(f.location.path) ?? [];
    list.push({ line: f.location.line - 1, message: `${where ? `${where}: ` : ''}${say(f)}`, check: f.check });
    out.set(f.location.path, list);
  }
  return out;
}

const MATERIAL_FILE = /\.material\.json$/i;
const MATERIALS_FILE = /\.materials\.json$/i;

/**
 * The workspace's files holding the materials of the dashboard's lines by their service ids (by a bulk-create
 * sidecar for `epdUrl`, or the item's own `id`), read from disk or the editor's text. Constructions are linked to their service ids by the editor
 * only (a construction file holds no id): none here.
 */
export async function workspaceItemsOf(workspace: Workspace, epdUrl: string, dashboard: Dashboard): Promise<WorkspaceItems> {
  const ids = new Set(lineMaterialIds(dashboard));
  const materials = new Map<string, WorkspaceItem>();
  const out = { materials, constructions: new Map<string, WorkspaceItem>() };
  if (!ids.size) return out;
  for (const root of workspace.roots) {
    for (const file of await workspace.listFiles(root)) {
      const bulk = MATERIALS_FILE.test(file);
      if (!bulk && !MATERIAL_FILE.test(file)) continue;
      let text: string;
      let value: unknown;
      try {
        text = await workspace.readText(file);
        value = parseDocument(text);
      } catch {
        continue;
      }
      const sidecar = bulk ? file.replace(MATERIALS_FILE, SIDECAR_SUFFIX) : file.replace(MATERIAL_FILE, '.material.created.json');
      let sidecarIds = new Map<string, string>();
      if (await workspace.exists(sidecar)) {
        try {
          sidecarIds = sidecarIdsFor(await workspace.readText(sidecar), epdUrl).ids;
        } catch {
          // An unreadable sidecar: the items' own ids only.
        }
      }
      const items = bulk ? (Array.isArray(value) ? value : []) : [value];
      items.forEach((record, i) => {
        const id = bulkItemIdOf(record, sidecarIds)?.id;
        if (id && ids.has(id) && !materials.has(id)) materials.set(id, { path: file, text, record, ...(bulk ? { index: i } : {}) });
      });
    }
  }
  return out;
}
