// What the export tests share: the seeded projects read over HTTP from the local service (as the extension reads
// them: the project, its dashboard's Total, the materials of its lines) and LCAx's own reader of the BR Standard
// Format (npm `lcax`, a Rust parser compiled to WebAssembly for bundlers, instantiated here for Node).
import * as fs from 'fs';
import * as path from 'path';
import { pathToFileURL } from 'url';
import type { Dashboard, MaterialRead, ProjectDetail } from '../../../src/core/api/types';
import { ASSUMED_CODES } from '../../../src/core/codeTable';
import { BR18_RULES, type Br18Rules } from '../../../src/core/lca/br18Rules';
import type { Br18ExportInput } from '../../../src/core/export/br18';
import { readProjectWithDashboard } from '../../../src/core/export/project';
import { REPO_ROOT } from '../../fixtures/paths';
import type { LcaClient } from '../../../src/client';
import { PROJECT_IDS } from '../../../src/service/seed/ids';
import { startService, TestSession, type RunningService } from '../client/support/localService';

export interface SeededRead {
  project: ProjectDetail;
  dashboard: Dashboard;
  stages: readonly string[];
  materials: Map<string, MaterialRead>;
}

/** A project read as the export command reads it: the project, the dashboard of its included phases, the lines' materials. */
export async function readSeeded(client: LcaClient, projectId: string): Promise<SeededRead> {
  const read = await readProjectWithDashboard(client, projectId, { rules: BR18_RULES, codes: ASSUMED_CODES, version: '0.1.0' });
  return { project: read.project, dashboard: read.dashboard, stages: read.stages, materials: new Map(read.materials) };
}

export interface SeededProjects {
  service: RunningService;
  /** A client signed in as the demo user. */
  client: LcaClient;
  /** The seeded office (BR18 2025, over its limit, three unmapped railings) as the export reads it. */
  office: SeededRead;
  /** The seeded school (BR18 2023, within its limit). */
  school: SeededRead;
}

/**
 * The one setup of the export tests, for the `describe` it is called in: the local service started over HTTP, signed
 * in, the seeded office and school read as the export command reads them; stopped after. Read the fixture in a test
 * (or a `before` registered after this call).
 */
export function useSeededProjects(): () => SeededProjects {
  let fixture: SeededProjects | undefined;
  before(async function () {
    this.timeout(30_000);
    const service = await startService();
    const session = new TestSession(service.urls.authUrl);
    await session.signIn();
    const client = session.client(service.urls);
    const [office, school] = await Promise.all([readSeeded(client, PROJECT_IDS.office), readSeeded(client, PROJECT_IDS.school)]);
    fixture = { service, client, office, school };
  });
  after(() => fixture?.service.stop());
  return () => {
    if (!fixture) throw new Error('useSeededProjects: the fixture is read in a test or a later before hook');
    return fixture;
  };
}

export function exportInput(read: SeededRead, over: Partial<Br18ExportInput> = {}, rules: Br18Rules = BR18_RULES): Br18ExportInput {
  return {
    project: read.project,
    dashboard: read.dashboard,
    stages: read.stages,
    rules,
    codes: ASSUMED_CODES,
    materials: read.materials,
    software: { name: 'LCA Workbench', version: '0.1.0' },
    today: new Date('2026-01-01T00:00:00Z'),
    ...over,
  };
}

export interface LcaxProject {
  name: string;
  location: { address?: string };
  projectInfo?: Record<string, unknown> & { grossFloorArea?: { value: number }; heatedFloorArea?: { value: number } };
  assemblies: { name: string; products: { name: string; quantity: number; results?: Record<string, Record<string, number | null> | undefined> }[] }[];
  results?: Record<string, Record<string, number | null>>;
}

type Lcax = {
  convertBRStandard(name: string, bytes: Uint8Array): LcaxProject;
  /** An LCAbyg file → an LCAx Project (with a Project and Building node) or the EPDs of its user products. */
  convertLCAbyg(data: string, results?: string | null): unknown;
  validate(project: unknown, schemas: unknown[]): { field: string; message: string }[];
  calculateProject(project: unknown): unknown;
};
/**
 * One instance per process: the glue module is loaded once by Node for every test file (each bundles its own copy of
 * this support file), and a second instantiation would leave it pointing at the other instance's memory.
 */
const ONCE = Symbol.for('lca-workbench.test.lcax');
const shared = globalThis as unknown as Record<symbol, Promise<Lcax> | undefined>;

/** LCAx's converters: its bundler build, with the WebAssembly module instantiated against its own glue code. */
export function loadLcax(): Promise<Lcax> {
  return (shared[ONCE] ??= instantiateLcax());
}

async function instantiateLcax(): Promise<Lcax> {
  const dir = path.join(REPO_ROOT, 'node_modules', 'lcax');
  // An ES module: imported at run time (the tests are bundled as CommonJS).
  const esImport = new Function('u', 'return import(u)') as (u: string) => Promise<Record<string, unknown>>;
  const glue = await esImport(pathToFileURL(path.join(dir, 'lcax_bg.js')).href);
  // Node's WebAssembly global (the tests' type library has no DOM, where its types live).
  const wasm = (globalThis as unknown as { WebAssembly: { instantiate(b: Uint8Array, i: object): Promise<{ instance: { exports: Record<string, unknown> } }> } }).WebAssembly;
  const { instance } = await wasm.instantiate(fs.readFileSync(path.join(dir, 'lcax_bg.wasm')), { './lcax_bg.js': glue });
  (glue.__wbg_set_wasm as (w: unknown) => void)(instance.exports);
  (instance.exports.__wbindgen_start as () => void)();
  return glue as unknown as Lcax;
}
