// The Projects view's filter: what the user chose, how it reads in the view description, and the
// GetProjectList variables it becomes (favourite first, then last updated).
import type { GetProjectListVariables } from '../../client';
import * as l10n from '../l10n';

export interface ProjectFilter {
  name?: string;
  buildingType?: string;
  status?: string;
  favorite?: boolean;
  role?: string;
  city?: string;
}

export type FilterKind = keyof ProjectFilter;

export function describeFilter(filter: ProjectFilter): string | undefined {
  const parts: string[] = [];
  if (filter.name) parts.push(l10n.t('name ~ "{0}"', filter.name));
  if (filter.buildingType) parts.push(l10n.t('type: {0}', filter.buildingType));
  if (filter.status) parts.push(l10n.t('status: {0}', filter.status));
  if (filter.favorite) parts.push(l10n.t('favourites'));
  if (filter.role) parts.push(l10n.t('role: {0}', filter.role));
  if (filter.city) parts.push(l10n.t('city ~ "{0}"', filter.city));
  return parts.length ? parts.join(' · ') : undefined;
}

export function isFiltered(filter: ProjectFilter): boolean {
  return describeFilter(filter) !== undefined;
}

function contains(text: string): { _ilike: string } {
  return { _ilike: `%${text}%` };
}

export function toVariables(filter: ProjectFilter): GetProjectListVariables {
  return {
    orderBy: [{ favorite: 'desc_nulls_last' }, { updatedAt: 'desc_nulls_last' }],
    whereBuildingType: filter.buildingType ? { label: { _eq: filter.buildingType } } : {},
    whereCalculation: {},
    whereFavorite: filter.favorite ? { _eq: true } : {},
    whereLocation: filter.city ? { city: contains(filter.city) } : {},
    whereName: filter.name ? contains(filter.name) : {},
    whereProjectStatus: filter.status ? { label: { _eq: filter.status } } : {},
    whereRole: filter.role ? { _eq: filter.role } : {},
  };
}
