// The typed client of the LCA service: one method per endpoint, the bearer token on every call, one
// renewal after a 401, request bodies checked against the schemas before sending, responses checked
// for the fields the extension relies on.
import {
  LcaServiceError,
  NOT_SIGNED_IN_MESSAGE,
  SESSION_EXPIRED_MESSAGE,
  ABORTED_MESSAGE,
  invalidResponseMessage,
  listProblems,
  safeUrl,
  scrubError,
  type ResourceKind,
  type RequestProblem,
} from './errors';
import { DEFAULT_RETRY, DEFAULT_TIMEOUT_MS, send, type HttpMethod, type HttpResult, type HttpSettings, type RequestKind } from './http';
import {
  ShapeError,
  bareId,
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
import { validateAgainst } from '../core/schemas';
import { msg, type Msg } from '../core/l10n';
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

interface Call {
  host: keyof ServiceUrls;
  method: HttpMethod;
  /** Path with the ids already encoded. */
  path: string;
  /** Path template for messages, e.g. "/BuildingProject/{id}". */
  template: string;
  kind: RequestKind;
  resource?: ResourceKind;
  json?: unknown;
  searchParams?: Record<string, string>;
  /** A 2xx body that still means "not authenticated" (GraphQL gateways answer so). */
  isAuthFailure?: (body: unknown) => boolean;
}

const seg = encodeURIComponent;

/** `$schema` is for editors only (the schemas say "not sent to the service"); drop it at the top level and per array item. */
export function withoutSchemaKey(body: unknown): unknown {
  const strip = (v: unknown) => {
    if (!isRecord(v) || !('$schema' in v)) return v;
    const { $schema: _ignored, ...rest } = v;
    return rest;
  };
  return Array.isArray(body) ? body.map(strip) : strip(body);
}

type BodyKind = 'project' | 'projectUpdate' | 'streamCreate' | 'dashboardRequest' | 'dashboardSummaryRequest' | 'inspectRequest' | 'construction' | 'materials';

/** A request body refused before sending, per kind of body (a whole sentence each, for translation). */
const REFUSED: Record<BodyKind, (problems: Msg) => Msg> = {
  project: (p) => msg('The project is not valid and was not sent: {0}', p),
  projectUpdate: (p) => msg('The project update is not valid and was not sent: {0}', p),
  streamCreate: (p) => msg('The stream is not valid and was not sent: {0}', p),
  dashboardRequest: (p) => msg('The dashboard request is not valid and was not sent: {0}', p),
  dashboardSummaryRequest: (p) => msg('The dashboard summary request is not valid and was not sent: {0}', p),
  inspectRequest: (p) => msg('The inspect request is not valid and was not sent: {0}', p),
  construction: (p) => msg('The construction is not valid and was not sent: {0}', p),
  materials: (p) => msg('The material list is not valid and was not sent: {0}', p),
};

export class LcaClient {
  /** The four host addresses this client talks to (no trailing slash). */
  readonly urls: Readonly<ServiceUrls>;
  private readonly projectListQuery: string | undefined;
  private readonly settings: HttpSettings;

  constructor(private readonly opts: LcaClientOptions) {
    this.projectListQuery = opts.projectListQuery;
    this.urls = {
      baseUrl: opts.urls.baseUrl.replace(/\/+$/, ''),
      epdUrl: opts.urls.epdUrl.replace(/\/+$/, ''),
      authUrl: opts.urls.authUrl.replace(/\/+$/, ''),
      graphqlUrl: opts.urls.graphqlUrl.replace(/\/+$/, ''),
    };
    this.settings = {
      timeoutMs: opts.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      retry: {
        limit: opts.retry?.limit ?? DEFAULT_RETRY.limit,
        maxDelayMs: opts.retry?.maxDelayMs ?? DEFAULT_RETRY.maxDelayMs,
        maxRetryAfterMs: opts.retry?.maxRetryAfterMs ?? DEFAULT_RETRY.maxRetryAfterMs,
      },
      ...(opts.log ? { log: opts.log } : {}),
    };
  }

  // ---- projects (GraphQL and {base_url}) ----

  listProjects(variables: GetProjectListVariables, signal?: AbortSignal): Promise<ProjectListItem[]> {
    const call: Call = {
      host: 'graphqlUrl', method: 'POST', path: '/v1/graphql', template: '/v1/graphql (GetProjectList)', kind: 'read',
      json: projectListRequestBody(variables, this.projectListQuery),
      isAuthFailure: (body) => isGraphQlAuthError(graphQlErrors(body)),
    };
    return this.request(call, signal, (body) => this.readProjectList(call, body));
  }

  getProject(id: string, signal?: AbortSignal): Promise<ProjectDetail> {
    return this.request(
      { host: 'baseUrl', method: 'GET', path: `/BuildingProject/${seg(id)}`, template: '/BuildingProject/{id}', kind: 'read', resource: 'project' },
      signal,
      parseProjectDetail,
    );
  }

  async getProjectUsers(id: string, signal?: AbortSignal): Promise<ProjectUser[]> {
    return this.request(
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
    return this.request(
      {
        host: 'baseUrl', method: 'GET', path: '/BuildingProject/byBimStreamId', template: '/BuildingProject/byBimStreamId',
        kind: 'read', resource: 'stream', searchParams: { streamId },
      },
      signal,
      parseProjectOverviews,
    );
  }

  async getProjectEnums(signal?: AbortSignal): Promise<ProjectEnums> {
    return this.request(
      { host: 'baseUrl', method: 'GET', path: '/BuildingProject/buildingprojectenums', template: '/BuildingProject/buildingprojectenums', kind: 'read' },
      signal,
      parseProjectEnums,
    );
  }

  async createProject(body: ProjectCreate, signal?: AbortSignal): Promise<ProjectDetail> {
    this.validate('project', body);
    const call: Call = { host: 'baseUrl', method: 'POST', path: '/BuildingProject', template: '/BuildingProject', kind: 'write', json: body };
    const noId = msg('the project was created but the response carried no id; refresh the project list to see it');
    return this.create(call, signal, (id) => this.getProject(id, signal), noId, parseProjectDetail);
  }

  async updateProjectBaseInfo(id: string, body: ProjectUpdate, signal?: AbortSignal): Promise<ProjectDetail> {
    this.validate('projectUpdate', body);
    const call: Call = {
      host: 'baseUrl', method: 'PUT', path: `/BuildingProject/updatebaseinfo/${seg(id)}`, template: '/BuildingProject/updatebaseinfo/{id}',
      kind: 'write', resource: 'project', json: body,
    };
    const updated = await this.request(call, signal, (b) => b);
    // A service that answers the update with no body (or a bare id/flag) is read back instead.
    if (!isRecord(updated)) return this.getProject(id, signal);
    return this.parse(call, updated, parseProjectDetail);
  }

  // ---- streams ----

  async createStream(streamName: string, branchIds: string[], signal?: AbortSignal): Promise<StreamCreated> {
    const body = { streamName, branches: branchIds };
    this.validate('streamCreate', body);
    return this.request(
      { host: 'baseUrl', method: 'POST', path: '/Bim/streamDefaultBranches', template: '/Bim/streamDefaultBranches', kind: 'write', json: body },
      signal,
      (b) => parseStreamCreated(b, streamName),
    );
  }

  async deleteStream(streamId: string, signal?: AbortSignal): Promise<void> {
    await this.request(
      { host: 'baseUrl', method: 'DELETE', path: `/Bim/stream/${seg(streamId)}`, template: '/Bim/stream/{streamId}', kind: 'write', resource: 'stream' },
      signal,
      () => undefined,
    );
  }

  // ---- dashboards: POSTs that compute and change nothing, so they are retried like reads ----

  async getDashboard(projectId: string, body: DashboardRequest, signal?: AbortSignal): Promise<DashboardResponse> {
    this.validate('dashboardRequest', body);
    return this.request(
      { host: 'baseUrl', method: 'POST', path: `/dashboard/${seg(projectId)}`, template: '/dashboard/{id}', kind: 'read', resource: 'project', json: body },
      signal,
      parseDashboard,
    );
  }

  async getDashboardSummary(projectId: string, body: DashboardSummaryRequest, signal?: AbortSignal): Promise<DashboardSummary> {
    this.validate('dashboardSummaryRequest', body);
    return this.request(
      {
        host: 'baseUrl', method: 'POST', path: `/dashboard/${seg(projectId)}/summary`, template: '/dashboard/{id}/summary', kind: 'read',
        resource: 'project', json: body,
      },
      signal,
      parseDashboardSummary,
    );
  }

  async inspectConstruction(projectId: string, constructionId: string, signal?: AbortSignal): Promise<DashboardResponse> {
    this.validate('inspectRequest', { constructionId });
    return this.request(
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
    this.validate('construction', body);
    const call: Call = { host: 'epdUrl', method: 'POST', path: '/Material/construction', template: '/Material/construction', kind: 'write', json: body };
    const noId = msg('the construction was created but the response carried no id');
    return this.create(call, signal, (id) => this.getConstruction(id, signal), noId, parseConstruction);
  }

  getConstruction(id: string, signal?: AbortSignal): Promise<ConstructionRead> {
    return this.request(
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
    if (!options.checked) this.validate('materials', items);
    return this.request(
      { host: 'epdUrl', method: 'POST', path: '/material/bulk/create', template: '/material/bulk/create', kind: 'write', json: items },
      signal,
      (body) => parseMaterialList(body, items.length),
    );
  }

  getMaterial(id: string, signal?: AbortSignal): Promise<MaterialRead> {
    return this.request(
      { host: 'epdUrl', method: 'GET', path: `/material/${seg(id)}`, template: '/material/{materialId}', kind: 'read', resource: 'material' },
      signal,
      (body) => parseMaterial(body),
    );
  }

  getIndicatorEnums(signal?: AbortSignal): Promise<IndicatorEnums> {
    return this.request(
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
        url: this.url(call),
        method: call.method,
      });
    }
    if (data === undefined) throw new ShapeError(msg('no "{0}" in the GraphQL response', 'data.project'));
    return parseProjectListItems(data);
  }

  /**
   * A create: an answer that is only the new id (a JSON string or plain text) is read back with `readBack`; an empty
   * answer is an invalid response (`noId`); any other is the created record, checked by `parse`.
   */
  private async create<T>(call: Call, signal: AbortSignal | undefined, readBack: (id: string) => Promise<T>, noId: Msg, parse: (body: unknown) => T): Promise<T> {
    const created = await this.request(call, signal, (b) => b);
    const id = bareId(created);
    if (id) return readBack(id);
    if (created === undefined) throw this.invalid(call, noId);
    return this.parse(call, created, parse);
  }

  private validate(kind: BodyKind, body: unknown): void {
    const problems = validateAgainst(kind, body);
    if (problems.length) throw this.refused(kind, problems);
  }

  private refused(kind: BodyKind, problems: RequestProblem[]): LcaServiceError {
    return new LcaServiceError({
      code: 'invalid-request',
      reason: REFUSED[kind](listProblems(problems)),
      requestProblems: problems,
    });
  }

  private url(call: Call): string {
    return `${this.urls[call.host]}${call.path}`;
  }

  private endpoint(call: Call): string {
    return `${call.method} ${call.template}`;
  }

  private invalid(call: Call, what: Msg): LcaServiceError {
    return new LcaServiceError({
      code: 'invalid-response',
      reason: invalidResponseMessage(this.endpoint(call), what),
      url: safeUrl(this.url(call)),
      method: call.method,
    });
  }

  private parse<T>(call: Call, body: unknown, parse: (body: unknown) => T): T {
    try {
      return parse(body);
    } catch (e) {
      if (e instanceof ShapeError) throw this.invalid(call, e.reason);
      throw e;
    }
  }

  private async attempt(call: Call, token: string, signal: AbortSignal | undefined, secrets: string[]): Promise<HttpResult> {
    const result = await send(
      {
        method: call.method,
        url: this.url(call),
        kind: call.kind,
        endpoint: this.endpoint(call),
        ...(call.resource ? { resource: call.resource } : {}),
        ...(call.json !== undefined ? { json: withoutSchemaKey(call.json) } : {}),
        ...(call.searchParams ? { searchParams: call.searchParams } : {}),
        token,
        ...(signal ? { signal } : {}),
        secrets,
      },
      this.settings,
    );
    if (call.isAuthFailure?.(result.body)) {
      throw new LcaServiceError({ code: 'http', status: 401, reason: SESSION_EXPIRED_MESSAGE, url: safeUrl(this.url(call)), method: call.method });
    }
    return result;
  }

  private expired(call: Call): LcaServiceError {
    return new LcaServiceError({ code: 'http', status: 401, reason: SESSION_EXPIRED_MESSAGE, url: safeUrl(this.url(call)), method: call.method });
  }

  private throwIfAborted(call: Call, signal: AbortSignal | undefined): void {
    if (signal?.aborted) {
      throw new LcaServiceError({ code: 'aborted', reason: ABORTED_MESSAGE, url: safeUrl(this.url(call)), method: call.method });
    }
  }

  /**
   * Sends with the current token; after a 401 renews once and repeats once. Repeating even a create
   * is safe here: a 401 means the service refused the request before doing anything.
   */
  private async request<T>(call: Call, signal: AbortSignal | undefined, parse: (body: unknown) => T): Promise<T> {
    const secrets: string[] = [];
    try {
      return await this.authorised(call, signal, parse, secrets);
    } catch (e) {
      // Server text quoted in a message, or an id in a URL, must not carry the token back out.
      throw e instanceof LcaServiceError ? scrubError(e, secrets) : e;
    }
  }

  private async authorised<T>(call: Call, signal: AbortSignal | undefined, parse: (body: unknown) => T, secrets: string[]): Promise<T> {
    this.throwIfAborted(call, signal);
    const token = await this.opts.getToken();
    this.throwIfAborted(call, signal);
    if (!token) {
      throw new LcaServiceError({ code: 'http', status: 401, reason: NOT_SIGNED_IN_MESSAGE, url: safeUrl(this.url(call)), method: call.method });
    }
    secrets.push(token);
    let result: HttpResult;
    try {
      result = await this.attempt(call, token, signal, secrets);
    } catch (e) {
      if (!(e instanceof LcaServiceError && e.status === 401)) throw e;
      const fresh = this.opts.renewToken ? await this.opts.renewToken() : undefined;
      this.throwIfAborted(call, signal);
      if (!fresh) throw this.expired(call);
      secrets.push(fresh);
      try {
        result = await this.attempt(call, fresh, signal, secrets);
      } catch (e2) {
        if (e2 instanceof LcaServiceError && e2.status === 401) throw this.expired(call);
        throw e2;
      }
    }
    return this.parse(call, result.body, parse);
  }
}
