// How the client sends one call to the service: the request body checked against its schema before sending, the
// bearer token on every call, one renewal after a 401, the answer checked by the endpoint's parser (a shape it does
// not expect is an invalid response), a create read back when its answer is only the new id, and no token ever in a
// message. The endpoints themselves: client.ts.
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
import { send, type HttpMethod, type HttpResult, type HttpSettings, type RequestKind } from './http';
import { ShapeError, bareId } from './parse';
import { validateAgainst } from '../core/schemas';
import { msg, type Msg } from '../core/l10n';
import type { ServiceUrls } from './types';
import { isObject as isRecord } from '../core/guards';

/** Where the tokens come from (`LcaClientOptions.getToken` and `renewToken`). */
export interface CallTokens {
  getToken: () => Promise<string | undefined>;
  renewToken?: () => Promise<string | undefined>;
}

export interface Call {
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

/** `$schema` is for editors only (the schemas say "not sent to the service"); drop it at the top level and per array item. */
function withoutSchemaKey(body: unknown): unknown {
  const strip = (v: unknown) => {
    if (!isRecord(v) || !('$schema' in v)) return v;
    const { $schema: _ignored, ...rest } = v;
    return rest;
  };
  return Array.isArray(body) ? body.map(strip) : strip(body);
}

export type BodyKind = 'project' | 'projectUpdate' | 'streamCreate' | 'dashboardRequest' | 'dashboardSummaryRequest' | 'inspectRequest' | 'construction' | 'materials';

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

/** Sends the calls of one client: its hosts, its HTTP settings and its tokens. */
export class ServiceCalls {
  constructor(
    private readonly urls: Readonly<ServiceUrls>,
    private readonly settings: HttpSettings,
    private readonly tokens: CallTokens,
  ) {}

  /**
   * A create: an answer that is only the new id (a JSON string or plain text) is read back with `readBack`; an empty
   * answer is an invalid response (`noId`); any other is the created record, checked by `parse`.
   */
  async create<T>(call: Call, signal: AbortSignal | undefined, readBack: (id: string) => Promise<T>, noId: Msg, parse: (body: unknown) => T): Promise<T> {
    const created = await this.request(call, signal, (b) => b);
    const id = bareId(created);
    if (id) return readBack(id);
    if (created === undefined) throw this.invalid(call, noId);
    return this.parse(call, created, parse);
  }

  validate(kind: BodyKind, body: unknown): void {
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

  url(call: Call): string {
    return `${this.urls[call.host]}${call.path}`;
  }

  private endpoint(call: Call): string {
    return `${call.method} ${call.template}`;
  }

  invalid(call: Call, what: Msg): LcaServiceError {
    return new LcaServiceError({
      code: 'invalid-response',
      reason: invalidResponseMessage(this.endpoint(call), what),
      url: safeUrl(this.url(call)),
      method: call.method,
    });
  }

  parse<T>(call: Call, body: unknown, parse: (body: unknown) => T): T {
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
  async request<T>(call: Call, signal: AbortSignal | undefined, parse: (body: unknown) => T): Promise<T> {
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
    const token = await this.tokens.getToken();
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
      const fresh = this.tokens.renewToken ? await this.tokens.renewToken() : undefined;
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
