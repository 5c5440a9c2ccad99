// Fills an empty store with the seeded tenants, identities, materials, constructions, stream and projects.
import { DEFAULT_BRANCH_IDS } from '../../core/codes';
import { hashSecret } from '../auth';
import type { MaterialRec, TenantRec } from '../model';
import { constructionRecord, materialRecord } from '../records';
import type { Store } from '../store';
import type { CodeTable } from '../../core/codeTable';
import { CONSTRUCTION_SPECS, constructionBody } from './constructions';
import { ACCOUNT_IDS, CREDENTIALS, STREAM_IDS, TENANT_IDS, USER_IDS, constructionId, seedUuid } from './ids';
import { seedMaterials } from './materials';
import { manyProjects, scaleProject, seedProjects } from './projects';

export * from './ids';

const SEED_TIME = '2024-01-15T08:00:00.000Z';

export const TENANTS: Record<keyof typeof TENANT_IDS, TenantRec> = {
  demo: { id: TENANT_IDS.demo, name: 'Demo Arkitekter' },
  other: { id: TENANT_IDS.other, name: 'Other Rådgivning' },
  publicData: { id: TENANT_IDS.publicData, name: 'LCA Workbench reference data' },
};

/** Seeds `store`; the records are built with `codes`, the service's code table (the seed data is written in the assumed codes). */
export function seedStore(store: Store, codes: CodeTable): void {
  for (const t of Object.values(TENANTS)) store.tenants.set(t.id, t);
  const users = [
    { id: USER_IDS.demo, tenantId: TENANT_IDS.demo, name: 'Demo Bruger', ...CREDENTIALS.demoUser },
    { id: USER_IDS.lars, tenantId: TENANT_IDS.demo, name: 'Lars Jensen', ...CREDENTIALS.larsUser },
    { id: USER_IDS.other, tenantId: TENANT_IDS.other, name: 'Olivia Andersen', ...CREDENTIALS.otherUser },
  ];
  for (const u of users) {
    store.users.set(u.id, { id: u.id, tenantId: u.tenantId, email: u.email, name: u.name, passwordHash: hashSecret(u.password) });
  }
  const a = CREDENTIALS.demoAccount;
  store.accounts.set(ACCOUNT_IDS.demo, {
    id: ACCOUNT_IDS.demo, clientId: a.clientId, tenantId: TENANT_IDS.demo, name: 'Demo integration', secretHash: hashSecret(a.secret),
  });

  const tenantOf = { public: TENANTS.publicData, demo: TENANTS.demo, other: TENANTS.other };
  const materials: MaterialRec[] = seedMaterials().map((m) =>
    materialRecord(m.item, { id: m.id, internalId: seedUuid(`internal:${m.id}`), tenant: tenantOf[m.tenant], now: SEED_TIME, codes }, m.categorization),
  );
  store.addMaterials(materials);
  const byId = new Map(materials.map((m) => [m.id, m]));

  for (const spec of CONSTRUCTION_SPECS) {
    const body = constructionBody(spec);
    const entries = body.constructionEpds as { epdId: string }[];
    const id = constructionId(spec.key);
    const built = constructionRecord(body, entries.map((e) => byId.get(e.epdId)!), {
      id,
      internalId: seedUuid(`internal:${id}`),
      tenant: tenantOf[spec.tenant],
      now: SEED_TIME,
      codes,
      componentIds: entries.map((_, i) => seedUuid(`component:${id}:${i}`)),
    });
    if (!built.ok) throw new Error(`seed construction ${spec.key}: ${built.errors.map((e) => e.message).join('; ')}`);
    store.addConstruction(built.record);
  }

  store.streams.set(STREAM_IDS.school, {
    id: STREAM_IDS.school,
    name: 'Skolen ved Søen',
    tenantId: TENANT_IDS.demo,
    branches: [
      { id: DEFAULT_BRANCH_IDS.Konstruktioner, name: 'Konstruktioner' },
      { id: DEFAULT_BRANCH_IDS.Arkitektur, name: 'Arkitektur' },
    ],
    createdAt: SEED_TIME,
  });
  for (const p of seedProjects()) store.projects.set(p.id, p);
  store.saveState();
  store.saveTokens();
}

/** Adds the generated scale project (20,000 elements unless `elements` says otherwise) to memory (not to disk). */
export function addScaleProject(store: Store, elements?: number): void {
  const p = scaleProject(elements);
  store.projects.set(p.id, p);
}

/** Adds `count` generated projects of the demo tenant to memory (not to disk): the Projects tree at scale. */
export function addManyProjects(store: Store, count: number): void {
  for (const p of manyProjects(count)) store.projects.set(p.id, p);
}
