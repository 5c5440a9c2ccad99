// Project and stream routes on {base_url}, and the GraphQL project list on {graphql_url}.
import * as crypto from 'crypto';
import { DEFAULT_BRANCH_IDS, PROJECT_ENUMS } from '../../core/codes';
import { caller, nextTimestamp, roleIn, validated, visibleProject, type Ctx } from '../context';
import { runProjectList, type GraphqlRequest } from '../graphql';
import { badRequest, forbidden, notFound } from '../http';
import type { BranchRef, JsonObject, ProjectRec } from '../model';
import { projectDetail, projectRow } from '../projectViews';
import { ID, type Route } from './types';

const BRANCH_BY_ID = new Map(Object.entries(DEFAULT_BRANCH_IDS).map(([name, id]) => [id, name]));
/** A user's string is a key here: a Map, never a plain object (`constructor`, `__proto__` are not branches). */
const BRANCH_ID_BY_NAME = new Map(Object.entries(DEFAULT_BRANCH_IDS));
const BASE_INFO_FIELDS = ['projectName', 'clientName', 'builder', 'buildingAddress', 'type', 'stage', 'projectNumber', 'bimConfiguration'];

function tenantStream(ctx: Ctx, id: string) {
  const s = ctx.state.store.streams.get(id.toLowerCase());
  return s && s.tenantId === caller(ctx).tenantId ? s : undefined;
}

/**
 * Branches of a new project: its stream's, else the branches its `branches` names (strings or `{name}`; shape not
 * shown): a default branch's name gets its fixed id, any other name a new id of its own (a custom branch).
 */
function branchesFor(body: JsonObject, streamBranches: BranchRef[] | undefined): BranchRef[] {
  if (streamBranches) return streamBranches;
  const out: BranchRef[] = [];
  for (const b of Array.isArray(body.branches) ? body.branches : []) {
    const name = typeof b === 'string' ? b : typeof b === 'object' && b ? (b as JsonObject).name : undefined;
    if (typeof name !== 'string' || !name.trim() || out.some((x) => x.name === name)) continue;
    out.push({ id: BRANCH_ID_BY_NAME.get(name) ?? crypto.randomUUID(), name });
  }
  return out;
}

export const projectRoutes: Route[] = [
  {
    method: 'GET',
    pattern: /^\/api\/BuildingProject\/buildingprojectenums$/i,
    auth: true,
    handle: () => ({ ...PROJECT_ENUMS, defaultBranchIds: DEFAULT_BRANCH_IDS }),
  },
  {
    method: 'GET',
    pattern: /^\/api\/BuildingProject\/byBimStreamId$/i,
    auth: true,
    handle(ctx) {
      const streamId = ctx.url.searchParams.get('streamId');
      if (!streamId) throw badRequest('The query parameter `streamId` is required.', [{ pointer: '?streamId', message: 'is required' }]);
      const who = caller(ctx);
      return [...ctx.state.store.projects.values()]
        .filter((p) => p.streamId !== null && p.streamId === streamId.toLowerCase() && !p.deletedBy && roleIn(p, who))
        .map((p) => ({ id: p.id, name: String(p.data.projectName ?? ''), bimStreamId: p.streamId, role: roleIn(p, who) }));
    },
  },
  {
    method: 'GET',
    pattern: new RegExp(`^/api/BuildingProject/buildingprojectuserlist/${ID}$`, 'i'),
    auth: true,
    handle(ctx) {
      const { project } = visibleProject(ctx, ctx.params[0]);
      const users = ctx.state.store.users;
      return project.memberships.map((m) => {
        const u = users.get(m.userId);
        return { userId: m.userId, email: u?.email ?? null, name: u?.name ?? null, role: m.role };
      });
    },
  },
  {
    method: 'PUT',
    pattern: new RegExp(`^/api/BuildingProject/updatebaseinfo/${ID}$`, 'i'),
    auth: true,
    async handle(ctx) {
      const { project, role } = visibleProject(ctx, ctx.params[0]);
      const body = validated<JsonObject>('projectUpdate', await ctx.body());
      if (role === 'Viewer') throw forbidden('A Viewer cannot change the project.');
      for (const f of BASE_INFO_FIELDS) if (body[f] !== undefined) project.data[f] = body[f];
      project.updatedAt = nextTimestamp(project.updatedAt);
      ctx.state.store.saveState();
      return projectDetail(project, caller(ctx), ctx.state.store);
    },
  },
  {
    method: 'GET',
    pattern: new RegExp(`^/api/BuildingProject/${ID}$`, 'i'),
    auth: true,
    handle(ctx) {
      return projectDetail(visibleProject(ctx, ctx.params[0]).project, caller(ctx), ctx.state.store);
    },
  },
  {
    method: 'POST',
    pattern: /^\/api\/BuildingProject$/i,
    auth: true,
    async handle(ctx) {
      const body = validated<JsonObject>('project', await ctx.body());
      const who = caller(ctx);
      const { streamId, ...data } = body;
      let stream;
      if (typeof streamId === 'string') {
        stream = tenantStream(ctx, streamId);
        if (!stream) throw badRequest('The stream does not exist.', [{ pointer: '/streamId', message: `no stream ${streamId}` }]);
      }
      const now = nextTimestamp();
      const project: ProjectRec = {
        id: crypto.randomUUID(),
        tenantId: who.tenantId,
        createdAt: now,
        updatedAt: now,
        deletedBy: null,
        streamId: stream?.id ?? null,
        data,
        memberships: who.kind === 'user' ? [{ userId: who.id, role: 'Owner' }] : [],
        favoriteOf: [],
        branches: branchesFor(body, stream?.branches),
        models: [],
        elements: [],
      };
      ctx.state.store.projects.set(project.id, project);
      ctx.state.store.saveState();
      return projectDetail(project, who, ctx.state.store);
    },
  },
  {
    method: 'POST',
    pattern: /^\/api\/Bim\/streamDefaultBranches$/i,
    auth: true,
    async handle(ctx) {
      const body = validated<{ streamName: string; branches: string[] }>('streamCreate', await ctx.body());
      const errors = body.branches
        .map((id, i) => ({ id, i }))
        .filter(({ id }) => !BRANCH_BY_ID.has(id.toLowerCase()))
        .map(({ id, i }) => ({ pointer: `/branches/${i}`, message: `${id} is not a default branch id (see buildingprojectenums defaultBranchIds)` }));
      if (errors.length) throw badRequest('Unknown default branch ids.', errors);
      const branches = [...new Set(body.branches.map((b) => b.toLowerCase()))].map((id) => ({ id, name: BRANCH_BY_ID.get(id)! }));
      const stream = { id: crypto.randomUUID(), name: body.streamName, tenantId: caller(ctx).tenantId, branches, createdAt: new Date().toISOString() };
      ctx.state.store.streams.set(stream.id, stream);
      ctx.state.store.saveState();
      return { streamId: stream.id, streamName: stream.name, branches };
    },
  },
  {
    method: 'DELETE',
    pattern: new RegExp(`^/api/Bim/stream/${ID}$`, 'i'),
    auth: true,
    handle(ctx) {
      const stream = tenantStream(ctx, ctx.params[0]);
      if (!stream) throw notFound(`No stream ${ctx.params[0]}.`);
      const { store } = ctx.state;
      store.streams.delete(stream.id);
      for (const p of store.projects.values()) {
        if (p.streamId === stream.id) {
          p.streamId = null;
          p.updatedAt = nextTimestamp(p.updatedAt);
        }
      }
      store.saveState();
      return { streamId: stream.id, deleted: true };
    },
  },
  {
    method: 'POST',
    pattern: /^\/graphql\/v1\/graphql$/i,
    auth: true,
    async handle(ctx) {
      const body = await ctx.body();
      if (!body || typeof body !== 'object' || Array.isArray(body)) {
        return { errors: [{ message: 'The body must be a GraphQL request object.', extensions: { code: 'bad-request' } }] };
      }
      const who = caller(ctx);
      // A project marked deleted is never listed, whatever the query's own filter (interface: States and transitions).
      const rows = [...ctx.state.store.projects.values()].filter((p) => !p.deletedBy && roleIn(p, who)).map((p) => projectRow(p, who));
      return runProjectList(body as GraphqlRequest, rows);
    },
  },
];

