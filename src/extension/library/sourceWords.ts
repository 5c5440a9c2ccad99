// How each way the catalog has a record (CatalogSource) reads to a user, in the three places it is shown: the word in
// a Library row, the heading of a Library group of records no workspace file holds, and the detail of a completion.
import * as l10n from '../l10n';
import type { CatalogSource } from './catalogTypes';

export interface SourceWords {
  /** In a Library row or tooltip: "file", "pulled", … */
  word: string;
  /** A Library group heading: "Pulled from the service", … ("Files" for workspace files). */
  heading: string;
  /** In completion: "workspace file", "pulled from the service", … */
  detail: string;
}

/** Per source, its words in the chosen language (read when asked, so that a change of language shows at once). */
const WORDS: Record<CatalogSource, () => SourceWords> = {
  file: () => ({ word: l10n.t('file'), heading: l10n.t('Files'), detail: l10n.t('workspace file') }),
  pulled: () => ({ word: l10n.t('pulled'), heading: l10n.t('Pulled from the service'), detail: l10n.t('pulled from the service') }),
  pushed: () => ({ word: l10n.t('pushed'), heading: l10n.t('Pushed to the service'), detail: l10n.t('pushed to the service') }),
  created: () => ({ word: l10n.t('bulk-created'), heading: l10n.t('Bulk-created'), detail: l10n.t('bulk-created') }),
  service: () => ({ word: l10n.t('service'), heading: l10n.t('Looked up on the service'), detail: l10n.t('read from the service') }),
  opened: () => ({ word: l10n.t('opened'), heading: l10n.t('Opened from the service'), detail: l10n.t('opened from the service') }),
};

export function sourceWords(source: CatalogSource): SourceWords {
  return WORDS[source]();
}
