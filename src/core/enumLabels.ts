// The labels of the service's enumerations (project stages, building types, roles, EPD types, material sources,
// energy supplies, reduced-area types) in the user's language. The service serves them in English (`PROJECT_ENUMS`,
// `EPD_TYPES`, `PROJECT_ROLES` in codes.ts); each known label is written here as `msg('…')` so that `npm run l10n`
// collects it and the Danish bundle translates it. A label the service serves that is not known here is shown as
// served (never translated by chance through an unrelated bundle entry).
import { msg, type Msg } from './l10n';

/**
 * Every known label, as the service serves it. A template may carry a context after the text, `{{…}}`,
 * where the same English word means something else elsewhere (the stage "Construction" is not the CSV's
 * "Construction" column); `phrase` leaves the context out.
 */
const LABELS: readonly Msg[] = [
  // buildingTypeEnum
  msg('Office'),
  msg('School/Institution'),
  msg('Residential - Single-family house'),
  msg('Residential - Multi-storey building'),
  msg('Residential - Terraced house'),
  msg('Retail'),
  msg('Logistics'),
  msg('Production'),
  msg('Hotel'),
  // buildingProjectStageEnums
  msg('Competition'),
  msg('Design'),
  msg('Detailed Design'),
  msg('Construction{{project stage}}'),
  msg('Operation'),
  msg('Archived'),
  msg('On Hold'),
  // project roles
  msg('Owner'),
  msg('Editor'),
  msg('Viewer'),
  // EPD types
  msg('Generic'),
  msg('Industry'),
  msg('Product'),
  // materialSourceEnum
  msg('Bim'),
  msg('Custom'),
  msg('Combined'),
  msg('Epd'),
  msg('Excel upload'),
  // operation / construction electricity and heat supply
  msg('Electricity - projection 2020-2040'),
  msg('District heating - projection 2020-2040'),
  msg('Natural gas - projection 2020-2040'),
  // regerencedAreaTypeEnum
  msg('Exterior ramps'),
  msg('Exterior stairs'),
  msg('Exterior fire escapes'),
  msg('Exterior balconies'),
  msg('Exterior balcony access'),
  msg('Integrated garages single family houses'),
  msg('Integrated garages town houses'),
  msg('Integrated car ports'),
  msg('Integrated out buildings'),
  msg('Integrated coverings'),
  msg('Integrated sheds'),
  msg('Walk on ceilings'),
];

/** Known label as served → its template. */
const KNOWN: ReadonlyMap<string, Msg> = new Map(LABELS.map((m) => [m.message.replace(/\{\{[^{}]*\}\}$/, ''), m]));

/** The English labels this module knows (for tests and the codes reference). */
export const KNOWN_ENUM_LABELS: readonly string[] = [...KNOWN.keys()];

/**
 * A label served for one of the service's enumerations, to phrase in the user's language: the known ones are
 * translated, anything else (a label we do not know, a name) is shown exactly as served. `undefined`/'' stays ''.
 */
export function enumLabel(served: string | null | undefined): Msg {
  const value = served ?? '';
  return KNOWN.get(value) ?? { message: '{0}', args: [value] };
}
