// `LCA: Import EPDs…`: files, folders and ZIPs of ILCD+EPD, LCAx and (once merged) Tabel 7 and spreadsheets become one
// `<name>.material.json` or `<name>.materials.json`, never overwriting without asking, opened with a report of what was
// imported, refused (field and reason) and assumed. The formats are told apart by src/core/import; this is the glue:
// the command is importEpds.ts, the spreadsheet's spreadsheetCommand.ts. The importers themselves are loaded on the
// first import (importers.ts).
import * as vscode from 'vscode';
import type { Catalog } from '../library/catalog';
import type { LcaSession } from '../session';
import type { VirtualDocuments } from '../ui';
import { registerCommand } from '../commands';
import * as l10n from '../l10n';
import { importEpdsCommand } from './importEpds';
import { spreadsheetImportCommand } from './spreadsheetCommand';

export type { ImportOutcome } from './importEpds';

/** What registerImport needs: the documents its reports are shown in, and the log. */
export interface ImportDeps {
  docs: VirtualDocuments;
  log: vscode.LogOutputChannel;
  /** The environment, whose code table imports with: imported codes are those of the service the files will be sent to. */
  session: LcaSession;
  /** The Library: a material an imported construction needs that a workspace file already holds is not written again. */
  catalog: Pick<Catalog, 'ready' | 'materialFor'>;
}

/** The workspace file that holds the material of this originalUUID and version, as the Library knows the files. */
function knownMaterialOf(catalog: ImportDeps['catalog']): (originalUUID: string, version: string) => Promise<string | undefined> {
  return async (originalUUID, version) => {
    await catalog.ready();
    const m = catalog.materialFor(originalUUID);
    const record = (m?.record ?? {}) as { originalUUID?: unknown; originalVersion?: unknown };
    const same = typeof record.originalUUID === 'string' && record.originalUUID.toLowerCase() === originalUUID.toLowerCase() && String(record.originalVersion) === version;
    return m?.uri && same ? vscode.workspace.asRelativePath(m.uri) : undefined;
  };
}

/** Registers Import EPDs, its earlier LCAx-only name, and Import from Spreadsheet. */
export function registerImport(context: vscode.ExtensionContext, deps: ImportDeps): void {
  const importEpds = importEpdsCommand({ ...deps, knownMaterial: knownMaterialOf(deps.catalog) });
  const failure = () => l10n.t('Could not import');
  context.subscriptions.push(
    registerCommand('lca.importEpds', importEpds, failure),
    // The earlier LCAx-only command: same path, kept so key bindings and links to it keep working.
    registerCommand('lca.importLcax', async (arg?: unknown, all?: unknown) => (await importEpds(arg, all))?.uri, failure),
    registerCommand('lca.importSpreadsheet', spreadsheetImportCommand({ log: deps.log, session: deps.session, docs: deps.docs }), failure),
  );
}
