// Which workspace file was pulled from or pushed as which service id, how (pulled or pushed) and by whom; kept in
// the workspace state.
import type * as vscode from 'vscode';
import type { CatalogSource } from './catalogTypes';

/**
 * The service id of each linked file, pulled or pushed. Stored under the key's first name (from when only pulls were
 * linked) so that the links earlier versions made keep working.
 */
const LINKED_IDS_KEY = 'lca.catalog.pulledFiles';
/** How each linked file came to be linked ('pulled' when absent, as before this key existed). */
const LINK_SOURCE_KEY = 'lca.catalog.linkSources';
/** Who (identityKey) pulled or pushed each linked file. */
const LINK_BY_KEY = 'lca.catalog.linkIdentities';

export class FileLinks {
  constructor(private readonly state: vscode.Memento) {}

  /** Links a file to `id`, made `how` by identity `who` (undefined: not known, e.g. signed out). */
  async link(uri: vscode.Uri, id: string, how: 'pulled' | 'pushed', who: string | undefined): Promise<void> {
    const links = { ...this.state.get<Record<string, string>>(LINKED_IDS_KEY, {}), [uri.toString()]: id };
    const sources = { ...this.state.get<Record<string, CatalogSource>>(LINK_SOURCE_KEY, {}), [uri.toString()]: how };
    const by = { ...this.state.get<Record<string, string>>(LINK_BY_KEY, {}) };
    if (who) by[uri.toString()] = who;
    else delete by[uri.toString()];
    await this.state.update(LINKED_IDS_KEY, links);
    await this.state.update(LINK_SOURCE_KEY, sources);
    await this.state.update(LINK_BY_KEY, by);
  }

  /** The service id a workspace file was pulled from or pushed as. */
  id(uri: vscode.Uri): string | undefined {
    return this.state.get<Record<string, string>>(LINKED_IDS_KEY, {})[uri.toString()];
  }

  /** Who (identityKey) pulled or pushed a linked file; undefined for links made before identities were kept. */
  identity(uri: vscode.Uri): string | undefined {
    return this.state.get<Record<string, string>>(LINK_BY_KEY, {})[uri.toString()];
  }

  /** Whether a linked file was pulled or pushed. */
  source(uri: vscode.Uri): CatalogSource {
    return this.state.get<Record<string, CatalogSource>>(LINK_SOURCE_KEY, {})[uri.toString()] ?? 'pulled';
  }
}
