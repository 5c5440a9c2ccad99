// Records the local service keeps: tenants, identities, tokens, streams, projects with their elements,
// materials and constructions (the last two already in the read shape the interface returns).
import type { ClassificationLevel } from '../core/lca/types';
import type { ProjectRole } from '../core/codes';

export interface TenantRec {
  id: string;
  name: string;
}

export interface UserRec {
  id: string;
  tenantId: string;
  email: string;
  name: string;
  /** scrypt$N$r$p$salt$hash (base64). */
  passwordHash: string;
}

/** A server-to-server account; it acts for its tenant with Editor rights on every project of the tenant. */
export interface AccountRec {
  id: string;
  clientId: string;
  tenantId: string;
  name: string;
  secretHash: string;
}

export interface TokenRec {
  /** SHA-256 (hex) of the access token; the token itself is never stored. */
  accessHash: string;
  refreshHash: string;
  principalId: string;
  kind: 'user' | 'account';
  tenantId: string;
  /** Milliseconds since the epoch. */
  expiresAt: number;
  refreshExpiresAt: number;
}

export interface BranchRef {
  id: string;
  name: string;
}

export interface StreamRec {
  id: string;
  name: string;
  tenantId: string;
  branches: BranchRef[];
  createdAt: string;
}

export interface MembershipRec {
  userId: string;
  role: ProjectRole;
}

export interface ElementRec {
  id: string;
  modelId: string;
  name: string;
  classification: [ClassificationLevel, ClassificationLevel, ClassificationLevel];
  quantity: number;
  unit: number;
  lifetime?: number | null;
  materialId?: string | null;
  constructionId?: string | null;
}

export interface ProjectRec {
  id: string;
  tenantId: string;
  createdAt: string;
  updatedAt: string;
  deletedBy: string | null;
  streamId: string | null;
  /** The create fields (without streamId and $schema), updated by updatebaseinfo. */
  data: Record<string, unknown>;
  memberships: MembershipRec[];
  /** Users who marked the project as a favourite. */
  favoriteOf: string[];
  branches: BranchRef[];
  models: { id: string; name: string; branchId: string }[];
  elements: ElementRec[];
  /** Generated at start-up (the scale project): never written to disk. */
  transient?: boolean;
}

export type JsonObject = Record<string, unknown>;

/** A material in its read shape (GET /material/{id}), with the owning tenant. */
export interface MaterialRec extends JsonObject {
  id: string;
  tenantId: string;
  isPublic: boolean;
  originalUUID: string;
  originalVersion: string;
}

/** A construction in its read shape (GET /construction/{id}). */
export interface ConstructionRec extends JsonObject {
  id: string;
  tenantId: string;
  isPublic: boolean;
}

/** Everything in the small state file (materials and constructions live in their own files). */
export interface StateDoc {
  version: 1;
  tenants: TenantRec[];
  users: UserRec[];
  accounts: AccountRec[];
  streams: StreamRec[];
  projects: ProjectRec[];
}

/** Who is calling, from a valid token. */
export interface Principal {
  id: string;
  kind: 'user' | 'account';
  tenantId: string;
}
