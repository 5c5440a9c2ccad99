// Where an import issue is, as the reports show it in the chosen language: the importers (src/core/import) name
// places in a fixed English form — `row 12`, `row 12 (id)`, `column "GWP A1-A3"`, `3 file(s)`, a source
// `board.csv row 12` — and every other name (files, data sets, JSON paths) stays as it is.
import * as l10n from '../l10n';

/** A place (`row 12`, `column "X"`, `3 file(s)`) in the chosen language; any other name as it is. */
export function placeText(place: string): string {
  const row = /^row (\d+)( \(.*\))?$/.exec(place);
  if (row) return `${l10n.t('row {0}', row[1])}${row[2] ?? ''}`;
  const column = /^column "(.*)"$/.exec(place);
  if (column) return l10n.t('column "{0}"', column[1]);
  const files = /^(\d+) file(?:\(s\)|s)$/.exec(place);
  if (files) return l10n.t('{0} file(s)', files[1]);
  return place;
}

/** A material's source, e.g. `board.csv row 12` → `board.csv række 12` in Danish. */
export function sourceText(source: string): string {
  return source.replace(/ row (\d+)/, (_, n: string) => ` ${l10n.t('row {0}', n)}`);
}
