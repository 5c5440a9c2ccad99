// What New Project checks across its answers before it writes the file: a BR18 category, the service's building type,
// the heated area and the floors that do not fit together (a holiday home of 3,600 m² on a multi-storey building
// type). Each mismatch is said, and the user keeps the answers or gives them again; none is refused.
import { msg, type Msg } from '../l10n';
import { CATEGORY_LABELS, type Br18Category } from './br18Rules';

export interface ProjectAnswers {
  category: Br18Category;
  /** The category the chosen building type stands for (categoryOfBuildingType), undefined when unknown. */
  typeCategory: Br18Category | undefined;
  typeLabel: string;
  /** Heated floor area above ground plus heated basement, m². */
  heatedArea: number;
  floorsAboveGround: number;
  /** The label of the service's building type for a row of houses (terraced houses), when it has one. */
  rowTypeLabel?: string;
}

/**
 * Heated areas above which a building of the category is unusual enough to ask about (m²). Not BR18 limits — the law
 * sets none —: a detached house of 600 m² or a holiday home of 250 m² is rare, a typing slip (3600 for 360) is not.
 * A row of houses is not judged by its area (`isRowOfHouses`).
 */
const UNUSUAL_AREA: Partial<Record<Br18Category, number>> = { holidayHome: 250, house: 600 };

/** The categories a building type of another category may stand for (the service has no holiday-home type). */
const TYPE_MAY_STAND_FOR: Partial<Record<Br18Category, readonly Br18Category[]>> = { house: ['holidayHome'] };

/**
 * Whether a building type of the service stands for a row of houses (terraced, linked or semi-detached): its heated
 * area is that of all its dwellings, as large as the row is long — nothing a typing slip can be told from.
 */
export function isRowOfHouses(typeLabel: string): boolean {
  return /terraced|linked|semi-detached|town ?house|row house/i.test(typeLabel);
}

/** Where the answers do not fit together, each said as a sentence; empty when they do. */
export function projectMismatches(a: ProjectAnswers): Msg[] {
  const out: Msg[] = [];
  const t = a.typeCategory;
  if (t && t !== 'other' && t !== a.category && !TYPE_MAY_STAND_FOR[t]?.includes(a.category)) {
    out.push(msg('The building type "{0}" is one of {1}, but the BR18 category is {2}.', a.typeLabel, CATEGORY_LABELS[t], CATEGORY_LABELS[a.category]));
  }
  const unusual = UNUSUAL_AREA[a.category];
  if (unusual !== undefined && a.heatedArea > unusual && !isRowOfHouses(a.typeLabel)) {
    out.push(
      a.category === 'house' && a.rowTypeLabel
        ? msg('{0} m² heated is unusually large for one house (more than {1} m²); for a row of terraced, linked or semi-detached houses choose the building type "{2}", which is not judged by its total area.', a.heatedArea, unusual, a.rowTypeLabel)
        : msg('{0} m² heated is unusually large for {1} (more than {2} m²).', a.heatedArea, CATEGORY_LABELS[a.category], unusual),
    );
  }
  if (a.category === 'multiStorey' && a.floorsAboveGround < 2) {
    out.push(msg('Multi-storey housing with {0} floor above ground.', a.floorsAboveGround));
  }
  return out;
}

/** The floors New Project proposes for a category: 1 for houses, 3 for multi-storey housing, none (asked) otherwise. */
export function proposedFloors(category: Br18Category): number | undefined {
  if (category === 'house' || category === 'holidayHome') return 1;
  if (category === 'multiStorey') return 3;
  return undefined;
}
