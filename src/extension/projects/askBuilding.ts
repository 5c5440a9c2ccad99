// The New Project questions about the building: BR18 category, the service's nearest building type, stage, heated
// areas and floors, asked again when the answers do not fit together and the user says so.
import type { ProjectEnums } from '../../client';
import type { CodeTable } from '../../core/codeTable';
import { BR18_CATEGORIES, categoryOfBuildingType, CATEGORY_LABELS, nearestBuildingType, type Br18Category } from '../../core/lca/br18Rules';
import { isRowOfHouses, projectMismatches, proposedFloors } from '../../core/lca/projectAnswers';
import { showQuickPick } from '../ui';
import * as l10n from '../l10n';
import { askNumber, type Questions } from './questions';

/** The building's answers (`askBuilding`). */
export interface BuildingAnswers {
  category: Br18Category;
  type: number;
  stage: number;
  above: number;
  floors: number;
  basement: number;
}

/**
 * The building: category, the service's type, stage, areas and floors; asked again when the answers do not fit
 * together and the user says so (a holiday home of 3,600 m² on a multi-storey building type). Asked again, the
 * questions keep their numbers: the flow goes back to the first of them, it does not grow.
 */
export async function askFittingBuilding(e: ProjectEnums, codes: CodeTable, q: Questions): Promise<BuildingAnswers | undefined> {
  const rowTypeLabel = e.buildingTypeEnum.find(isRowOfHouses);
  for (;;) {
    const start = q.mark();
    const answers = await askBuilding(e, codes, q.title);
    if (!answers) return undefined;
    const mismatches = projectMismatches({
      category: answers.category,
      typeCategory: categoryOfBuildingType(codes, answers.type),
      typeLabel: e.buildingTypeEnum[answers.type] ?? String(answers.type),
      heatedArea: answers.above + answers.basement,
      floorsAboveGround: answers.floors,
      ...(rowTypeLabel ? { rowTypeLabel } : {}),
    });
    if (mismatches.length === 0) return answers;
    // The cross-check is one question more.
    q.more();
    const keep = { label: l10n.t('Keep these answers'), keep: true };
    const said = mismatches.map((m) => l10n.say(m)).join(' ');
    const again = { label: l10n.t('Give the building\'s answers again'), detail: said, keep: false };
    const choice = await showQuickPick([again, keep], {
      title: q.title(l10n.t('the answers do not fit together')),
      placeHolder: said,
    });
    if (!choice) return undefined;
    if (choice.keep) return answers;
    q.back(start);
  }
}

/** The building's questions: BR18 category, the service's nearest building type, stage, heated areas and floors. */
async function askBuilding(
  e: ProjectEnums,
  codes: CodeTable,
  title: (what: string) => string,
): Promise<BuildingAnswers | undefined> {
  const category = await showQuickPick(
    BR18_CATEGORIES.map((c) => ({ label: l10n.say(CATEGORY_LABELS[c]), category: c })),
    { title: title(l10n.t('BR18 category')) },
  );
  if (!category) return undefined;
  // The service knows fewer building types than BR18 has categories: the nearest one is offered first, and said so.
  const nearest = nearestBuildingType(codes, category.category);
  const types = e.buildingTypeEnum.map((label, index) => ({ label, index, description: index === nearest ? l10n.t('nearest to "{0}"', category.label) : undefined }));
  const type = await showQuickPick(
    [...types.filter((t) => t.index === nearest), ...types.filter((t) => t.index !== nearest)],
    { title: title(l10n.t('building type of the service (nearest to the BR18 category)')) },
  );
  if (!type) return undefined;
  const stage = await showQuickPick(e.buildingProjectStageEnums.map((label, index) => ({ label, index })), { title: title(l10n.t('stage')) });
  if (!stage) return undefined;
  const above = await askNumber(title(l10n.t('heated floor area above ground')), l10n.t('Heated floor area above ground in m² (counts 100 % in the reference area)'), undefined, { min: 0, exclusiveMin: true });
  if (above === undefined) return undefined;
  // Houses mostly have one storey, multi-storey housing a few (a proposal to change); anything else is asked without a guess.
  const floors = await askNumber(title(l10n.t('floors above ground')), l10n.t('Number of floors above ground'), proposedFloors(category.category), { min: 1, integer: true });
  if (floors === undefined) return undefined;
  const basement = await askNumber(title(l10n.t('heated basement area')), l10n.t('Heated basement area in m² (counts 100 %; 0 when there is none)'), 0, { min: 0 });
  if (basement === undefined) return undefined;
  return { category: category.category, type: type.index, stage: stage.index, above, floors, basement };
}
