// The typed client of the LCA service: one method per endpoint, with the body kind it is checked as, the host and path
// it goes to and the parser of its answer (the fields the extension relies on). How a call is sent — the token, one
// renewal after a 401, the checks — is calls.ts.
import { LcaServiceError } from './errors';
import { DEFAULT_RETRY, DEFAULT_TIMEOUT_MS, type HttpSettings } from './http';
import {
  ShapeError,
  expectObject,
  parseConstruction,
  parseDashboard,
  parseDashboardSummary,
  parseIndicatorEnums,
  parseMaterial,
  parseMaterialList,
  parseProjectDetail,
  parseProjectEnums,
  parseProjectListItems,
  parseProjectOverviews,
  parseProjectUsers,
  parseStreamCreated,
} from './parse';
import { graphQlErrors, isGraphQlAuthError, projectListRequestBody, type GetProjectListVariables } from './projectList';
import { ServiceCalls, type Call } from './calls';
import { msg } from '../core/l10n';
import type {
  ConstructionCreate,
  DashboardRequest,
  DashboardSummaryRequest,
  Material,
  ProjectCreate,
  ProjectUpdate,
} from './requests';
import type {
  ConstructionRead,
  DashboardResponse,
  DashboardSummary,
  IndicatorEnums,
  MaterialRead,
  ProjectDetail,
  ProjectEnums,
  ProjectListItem,
  ProjectOverview,
  ProjectUser,
  RequestLogEntry,
  ServiceUrls,
  StreamCreated,
} from './types';
import { isObject as isRecord } from '../core/guards';

export interface LcaClientOptions {
  urls: ServiceUrls;
  /** GetProjectList text to send instead of the built-in one (an environment's `projectListQuery` file). */
  projectListQuery?: string;
  /** Returns the current access token (renewing it first if it expires soon). */
  getToken: () => Promise<string | undefined>;
  /** Called once after a 401: renew and return a fresh token, or undefined to give up. */
  renewToken?: () => Promise<string | undefined>;
  /** Per attempt; default 30 s. */
  timeoutMs?: number;
  /** Retries of reads (and of writes the service refused with Retry-After); default 2, backoff ≤ 5 s. */
  retry?: { limit: number; maxDelayMs?: number; maxRetryAfterMs?: number };
  log?: (e: RequestLogEntry) => void;
}

/** Items per bulk-create request the extension sends (the local service accepts up to 1000). */
export const BULK_CREATE_CHUNK_SIZE = 200;

const seg = encodeURIComponent;

export class LcaClient {
  /** The four host addresses this client talks to (no trailing slash). */
  readonly urls: Readonly<ServiceUrls>;
  private readonly projectListQuery: string | undefined;
  private readonly calls: ServiceCalls;

  constructor(opts: LcaClientOptions) {
    this.projectListQuery = opts.projectListQuery;
    this.urls = {
      baseUrl: opts.urls.baseUrl.replace(/\/+$/, ''),
      epdUrl: opts.urls.epdUrl.replace(/\/+$/, ''),
      authUrl: opts.urls.authUrl.replace(/\/+$/, ''),
      graphqlUrl: opts.urls.graphqlUrl.replace(/\/+$/, ''),
    };
    const settings: HttpSettings = {
      timeoutMs: opts.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      retry: {
        limit: opts.retry?.limit ?? DEFAULT_RETRY.limit,
        maxDelayMs: opts.retry?.maxDelayMs ?? DEFAULT_RETRY.maxDelayMs,
        maxRetryAfterMs: opts.retry?.maxRetryAfterMs ?? DEFAULT_RETRY.maxRetryAfterMs,
      },
      ...(opts.log ? { log: opts.log } : {}),
    };
    this.calls = new ServiceCalls(this.urls, settings, opts);
  }

  // ---- projects (GraphQL and {base_url}) ----

  listProjects(variables: GetProjectListVariables, signal?: AbortSignal): Promise<ProjectListItem[]> {
    const call: Call = {
      host: 'graphqlUrl', method: 'POST', path: '/v1/graphql', template: '/v1/graphql (GetProjectList)', kind: 'read',
      json: projectListRequestBody(variables, this.projectListQuery),
      isAuthFailure: (body) => isGraphQlAuthError(graphQlErrors(body)),
    };
    return this.calls.request(call, signal, (body) => this.readProjectList(call, body));
  }

  getProject(id: string, signal?: AbortSignal): Promise<ProjectDetail> {
    return this.calls.request(
      { host: 'baseUrl', method: 'GET', path: `/BuildingProject/${seg(id)}`, template: '/BuildingProject/{id}', kind: 'read', resource: 'project' },
      signal,
      parseProjectDetail,
    );
  }

  async getProjectUsers(id: string, signal?: AbortSignal): Promise<ProjectUser[]> {
    return this.calls.request(
      {
        host: 'baseUrl', method: 'GET', path: `/BuildingProject/buildingprojectuserlist/${seg(id)}`,
        template: '/BuildingProject/buildingprojectuserlist/{id}', kind: 'read', resource: 'project',
      },
      signal,
      parseProjectUsers,
    );
  }

  async findProjectsByStream(streamId: string, signal?: AbortSignal): Promise<ProjectOverview[]> {
    // The interface mentions an empty JSON body as well; fetch cannot send a body with GET, and the
    // local service ignores it, so only the query parameter is sent.
    return this.calls.request(
      {
        host: 'baseUrl', method: 'GET', path: '/BuildingProject/byBimStreamId', template: '/BuildingProject/byBimStreamId',
        kind: 'read', resource: 'stream', searchParams: { streamId },
      },
      signal,
      parseProjectOverviews,
    );
  }

  async getProjectEnums(signal?: AbortSignal): Promise<ProjectEnums> {
    return this.calls.request(
      { host: 'baseUrl', method: 'GET', path: '/BuildingProject/buildingprojectenums', template: '/BuildingProject/buildingprojectenums', kind: 'read' },
      signal,
      parseProjectEnums,
    );
  }

  async createProject(body: ProjectCreate, signal?: AbortSignal): Promise<ProjectDetail> {
    this.calls.validate('project', body);
    const call: Call = { host: 'baseUrl', method: 'POST', path: '/BuildingProject', template: '/BuildingProject', kind: 'write', json: body };
    const noId = msg('the project was created but the response carried no id; refresh the project list to see it');
    return this.calls.create(call, signal, (id) => this.getProject(id, signal), noId, parseProjectDetail);
  }

  async updateProjectBaseInfo(id: string, body: ProjectUpdate, signal?: AbortSignal): Promise<ProjectDetail> {
    this.calls.validate('projectUpdate', body);
    const call: Call = {
      host: 'baseUrl', method: 'PUT', path: `/BuildingProject/updatebaseinfo/${seg(id)}`, template: '/BuildingProject/updatebaseinfo/{id}',
      kind: 'write', resource: 'project', json: body,
    };
    const updated = await this.calls.request(call, signal, (b) => b);
    // A service that answers the update with no body (or a bare id/flag) is read back instead.
    if (!isRecord(updated)) return this.getProject(id, signal);
    return this.calls.parse(call, updated, parseProjectDetail);
  }

  // ---- streams ----

  async createStream(streamName: string, branchIds: string[], signal?: AbortSignal): Promise<StreamCreated> {
    const body = { streamName, branches: branchIds };
    this.calls.validate('streamCreate', body);
    return this.calls.request(
      { host: 'baseUrl', method: 'POST', path: '/Bim/streamDefaultBranches', template: '/Bim/streamDefaultBranches', kind: 'write', json: body },
      signal,
      (b) => parseStreamCreated(b, streamName),
    );
  }

  async deleteStream(streamId: string, signal?: AbortSignal): Promise<void> {
    await this.calls.request(
      { host: 'baseUrl', method: 'DELETE', path: `/Bim/stream/${seg(streamId)}`, template: '/Bim/stream/{streamId}', kind: 'write', resource: 'stream' },
      signal,
      () => undefined,
    );
  }

  // ---- dashboards: POSTs that compute and change nothing, so they are retried like reads ----

  async getDashboard(projectId: string, body: DashboardRequest, signal?: AbortSignal): Promise<DashboardResponse> {
    this.calls.validate('dashboardRequest', body);
    return this.calls.request(
      { host: 'baseUrl', method: 'POST', path: `/dashboard/${seg(projectId)}`, template: '/dashboard/{id}', kind: 'read', resource: 'project', json: body },
      signal,
      parseDashboard,
    );
  }

  async getDashboardSummary(projectId: string, body: DashboardSummaryRequest, signal?: AbortSignal): Promise<DashboardSummary> {
    this.calls.validate('dashboardSummaryRequest', body);
    return this.calls.request(
      {
        host: 'baseUrl', method: 'POST', path: `/dashboard/${seg(projectId)}/summary`, template: '/dashboard/{id}/summary', kind: 'read',
        resource: 'project', json: body,
      },
      signal,
      parseDashboardSummary,
    );
  }

  async inspectConstruction(projectId: string, constructionId: string, signal?: AbortSignal): Promise<DashboardResponse> {
    this.calls.validate('inspectRequest', { constructionId });
    return this.calls.request(
      {
        host: 'baseUrl', method: 'POST', path: `/inspect/buildingProject/${seg(projectId)}/construction`,
        template: '/inspect/buildingProject/{buildingProjectId}/construction', kind: 'read', resource: 'project-or-construction',
        json: { constructionId },
      },
      signal,
      parseDashboard,
    );
  }

  // ---- EPD host ----

  async createConstruction(body: ConstructionCreate, signal?: AbortSignal): Promise<ConstructionRead> {
    this.calls.validate('construction', body);
    const call: Call = { host: 'epdUrl', method: 'POST', path: '/Material/construction', template: '/Material/construction', kind: 'write', json: body };
    const noId = msg('the construction was created but the response carried no id');
    return this.calls.create(call, signal, (id) => this.getConstruction(id, signal), noId, parseConstruction);
  }

  getConstruction(id: string, signal?: AbortSignal): Promise<ConstructionRead> {
    return this.calls.request(
      { host: 'epdUrl', method: 'GET', path: `/construction/${seg(id)}`, template: '/construction/{id}', kind: 'read', resource: 'construction' },
      signal,
      parseConstruction,
    );
  }

  /**
   * Creates materials in one request for all items (the caller chunks; atomic on the local service); never retried
   * unless the service refused it with Retry-After. The list is checked against the materials schema first, unless
   * `options.checked` says the caller has just checked these very items with that schema (a bulk-create job checks the
   * whole file before its first request; checking every chunk again would only repeat it).
   */
  async bulkCreateMaterials(items: Material[], signal?: AbortSignal, options: { checked?: boolean } = {}): Promise<MaterialRead[]> {
    if (!options.checked) this.calls.validate('materials', items);
    return this.calls.request(
      { host: 'epdUrl', method: 'POST', path: '/material/bulk/create', template: '/material/bulk/create', kind: 'write', json: items },
      signal,
      (body) => parseMaterialList(body, items.length),
    );
  }

  getMaterial(id: string, signal?: AbortSignal): Promise<MaterialRead> {
    return this.calls.request(
      { host: 'epdUrl', method: 'GET', path: `/material/${seg(id)}`, template: '/material/{materialId}', kind: 'read', resource: 'material' },
      signal,
      (body) => parseMaterial(body),
    );
  }

  getIndicatorEnums(signal?: AbortSignal): Promise<IndicatorEnums> {
    return this.calls.request(
      { host: 'epdUrl', method: 'GET', path: '/material/indicatorenums', template: '/material/indicatorenums', kind: 'read' },
      signal,
      parseIndicatorEnums,
    );
  }

  // ---- plumbing ----

  private readProjectList(call: Call, body: unknown): ProjectListItem[] {
    const envelope = expectObject(body);
    const data = isRecord(envelope.data) ? envelope.data.project : undefined;
    const errors = graphQlErrors(envelope);
    // Partial data with errors is still shown; errors without data are the failure.
    if (errors.length && !Array.isArray(data)) {
      // Hasura says `validation-failed`, Apollo `GRAPHQL_VALIDATION_FAILED`: the query text itself was refused.
      const validation = errors.some((e) => /^(validation-failed|GRAPHQL_VALIDATION_FAILED)$/.test(String(e.extensions?.code ?? '')));
      throw new LcaServiceError({
        code: 'graphql',
        ...(validation ? { graphqlValidation: true } : {}),
        reason: validation
          ? msg('The project list query was refused by the service (GraphQL validation): {0}', errors.map((e) => e.message).join('; '))
          : msg('The project list query failed: {0}', errors.map((e) => e.message).join('; ')),
        url: this.calls.url(call),
        method: call.method,
      });
    }
    if (data === undefined) throw new ShapeError(msg('no "{0}" in the GraphQL response', 'data.project'));
    return parseProjectListItems(data);
  }
}
