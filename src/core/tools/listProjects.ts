// lca_list_projects: the signed-in identity's projects on the service, filtered as the Projects view filters.
import type { GetProjectListVariables } from '../graphql/getProjectList';
import { defineTool } from './define';
import { bool, flagProp, int, limitProp, list, needService, nullable, obj, str, textProp } from './shared';

/** A text filter, or none when it is empty. */
const given = (text: string | undefined): string | undefined => (text?.trim() ? text : undefined);

const text = nullable('string');
const PROJECT = obj({ id: str, name: str, buildingType: text, status: text, city: text, areaM2: nullable('number'), role: text, favorite: bool, calculationType: text, updatedAt: text });

/** How many projects a call lists when it names no limit. */
const LIST_LIMIT = 50;

export const listProjects = defineTool(
  {
    name: 'lca_list_projects',
    title: 'List projects',
    description:
      'Lists the building projects the signed-in identity can see on the LCA service, favourites first, then last updated — filtered as the Projects view filters: name or city containing a text, building type or status label, favourites, role. ' +
      'Returns id, name, building type, status, city, area (m²), role, favourite, calculation type and last update. Read-only; needs a sign-in.',
    inputSchema: {
      type: 'object',
      properties: {
        name: textProp('Text the name contains'),
        buildingType: textProp('Building type label, exactly'),
        status: textProp('Project status label, exactly'),
        favorite: flagProp('Only favourites'),
        role: { type: 'string', enum: ['Owner', 'Editor', 'Viewer'] },
        city: textProp('Text the city contains'),
        limit: limitProp(LIST_LIMIT, 500),
      },
      additionalProperties: false,
    },
    outputSchema: obj({ environment: str, count: int, projects: list(PROJECT), leftOut: int }, ['leftOut']),
    writes: false,
  },
  async (input, ctx) => {
    const service = needService(ctx, 'lca_list_projects');
    const [buildingType, city, name, status, role] = [given(input.buildingType), given(input.city), given(input.name), given(input.status), given(input.role)];
    const variables: GetProjectListVariables = {
      orderBy: [{ favorite: 'desc_nulls_last' }, { updatedAt: 'desc_nulls_last' }],
      whereBuildingType: buildingType ? { label: { _eq: buildingType } } : {},
      whereCalculation: {},
      whereFavorite: input.favorite ? { _eq: true } : {},
      whereLocation: city ? { city: { _ilike: `%${city}%` } } : {},
      whereName: name ? { _ilike: `%${name}%` } : {},
      whereProjectStatus: status ? { label: { _eq: status } } : {},
      whereRole: role ? { _eq: role } : {},
    };
    const found = await service.listProjects(variables);
    const limit = input.limit ?? LIST_LIMIT;
    return {
      environment: ctx.environment.name,
      count: found.length,
      projects: found.slice(0, limit).map((p) => ({
        id: p.id,
        name: p.name,
        buildingType: p.buildingType?.label ?? null,
        status: p.projectStatus?.label ?? null,
        city: p.location?.city ?? null,
        areaM2: p.area ?? null,
        role: p.role ?? null,
        favorite: p.favorite ?? false,
        calculationType: p.calculation?.calculationType?.label ?? null,
        updatedAt: p.updatedAt ?? null,
      })),
      ...(found.length > limit ? { leftOut: found.length - limit } : {}),
    };
  },
);
