// The reference study period when nothing says another: BR18's 50 years (BR18 §297; ../shared/docs/lca-method.md).
// The one default of every surface — the preview's setting, a project without a considerationPeriod, the tools.
import { parseDocument } from '../document';
export const DEFAULT_PERIOD_YEARS = 50;

/**
 * A project's `calculationType.considerationPeriod` as every surface reads it (`projectFacts`, the project file beside a
 * construction): a whole number of years from 1 to 1000; anything else counts as not given.
 */
export function statedPeriod(years: unknown): number | undefined {
  return typeof years === 'number' && Number.isInteger(years) && years >= 1 && years <= 1000 ? years : undefined;
}

/** A project file's `calculationType.considerationPeriod` (where schemas/project.schema.json puts it), as `statedPeriod` reads it. */
export function considerationPeriodOf(text: string): number | undefined {
  const value = parseDocument(text) as { calculationType?: { considerationPeriod?: unknown } } | null | undefined;
  return statedPeriod(value?.calculationType?.considerationPeriod);
}

/** Where a construction's period comes from: a project file (its path or URI) and its years. */
export interface ProjectPeriod<P> {
  years: number;
  project: P;
}

/**
 * The rule, over the folders from the construction's own up to its workspace folder, each with the project files it
 * holds: the first folder with any decides — exactly one project file with a period gives it; two side by side, or
 * one without a period, leave the question open (undefined: the fallback applies).
 */
export function choosePeriod<P>(folders: Iterable<readonly { project: P; years: number | undefined }[]>): ProjectPeriod<P> | undefined {
  for (const files of folders) {
    if (!files.length) continue;
    const only = files.length === 1 ? files[0] : undefined;
    return only && only.years !== undefined ? { years: only.years, project: only.project } : undefined;
  }
  return undefined;
}
