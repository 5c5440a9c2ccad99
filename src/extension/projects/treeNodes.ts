// The Projects tree's nodes and the children of a project: its groups, then each group's fields (Details and Stream
// read the project's detail from the service; Members asks the service; Models come with the list).
import type { ProjectDetail, ProjectListItem } from '../../client';
import { formatArea, formatFigure } from '../../core/display';
import type { LcaSession } from '../session';
import * as l10n from '../l10n';

export type ProjectsNode =
  | { kind: 'project'; project: ProjectListItem }
  | { kind: 'group'; group: 'details' | 'members' | 'models' | 'stream'; project: ProjectListItem }
  | { kind: 'field'; id: string; label: string; value: string; icon?: string; contextValue?: string; copy?: string }
  | { kind: 'stream'; id: string; projectId: string; streamId: string; streamName?: string; branches: { id: string; name: string }[] }
  | { kind: 'error'; id: string; message: string; retry: ProjectsNode | undefined; openSetting?: boolean }
  | { kind: 'empty'; id: string; message: string };

/** What the children of a project need: its detail (cached by the tree) and a client for the service. */
export interface ProjectSource {
  projectDetail(id: string): Promise<ProjectDetail>;
  readonly session: LcaSession;
}

/** A field's value as shown: "—" when there is none. */
export function text(v: unknown): string {
  return v === null || v === undefined || v === '' ? '—' : String(v);
}

/** The children of a node below the project list; what a service call throws is left to the caller. */
export async function childrenOf(node: ProjectsNode, source: ProjectSource): Promise<ProjectsNode[]> {
  if (node.kind === 'project') {
    return (['details', 'members', 'models', 'stream'] as const).map((group) => ({ kind: 'group', group, project: node.project }));
  }
  if (node.kind === 'stream') {
    return node.branches.map((b) => ({ kind: 'field', id: `branch:${node.id}:${b.id}`, label: b.name, value: b.id, icon: 'git-branch', contextValue: 'lca.branch' }));
  }
  if (node.kind !== 'group') return [];
  const p = node.project;
  const field = (key: string, label: string, value: unknown, icon?: string): ProjectsNode => ({
    kind: 'field', id: `${key}:${p.id}`, label, value: text(value), icon,
  });
  const locale = l10n.locale();
  switch (node.group) {
    case 'details': {
      const d = await source.projectDetail(p.id);
      const addr = d.buildingAddress;
      const address = addr ? [addr.street, addr.streetNumber, addr.postalCode, addr.city, addr.country].filter(Boolean).join(' ') : undefined;
      return [
        field('f-id', 'Id', d.id, 'key'),
        field('f-client', l10n.t('Client'), d.clientName, 'person'),
        field('f-builder', l10n.t('Builder'), d.builder, 'tools'),
        field('f-number', l10n.t('Project number'), d.projectNumber, 'symbol-number'),
        field('f-address', l10n.t('Address'), address, 'location'),
        field('f-type', l10n.t('Building type'), l10n.served(p.buildingType?.label), 'home'),
        field('f-status', l10n.t('Status'), l10n.served(p.projectStatus?.label), 'pulse'),
        field('f-area', l10n.t('Area'), formatArea(p.area, locale), 'symbol-ruler'),
        field('f-period', l10n.t('Consideration period (years)'), d.calculationType?.considerationPeriod, 'calendar'),
        field('f-limit', l10n.t('Limit (kg CO₂e/m²/yr)'), formatFigure(d.calculationType?.thresholdLimitWithoutExtra, locale), 'dashboard'),
        field('f-role', l10n.t('Your role'), l10n.served(p.role), 'shield'),
        field('f-updated', l10n.t('Updated'), l10n.formatDate(d.updatedAt ?? p.updatedAt), 'history'),
      ];
    }
    case 'members': {
      const users = await (await source.session.client()).getProjectUsers(p.id);
      if (!users.length) return [{ kind: 'empty', id: `members-empty:${p.id}`, message: l10n.t('No members') }];
      return users.map((u) => ({
        kind: 'field', id: `member:${p.id}:${u.userId}`, label: u.name || u.email || u.userId, value: `${u.email ?? ''} · ${l10n.served(u.role)}`, icon: 'person',
      }));
    }
    case 'models': {
      const models = p.models ?? [];
      if (!models.length) return [{ kind: 'empty', id: `models-empty:${p.id}`, message: l10n.t('No models') }];
      return models.map((m) => ({ kind: 'field', id: `model:${p.id}:${m.id}`, label: m.name, value: m.id, icon: 'layers' }));
    }
    case 'stream': {
      const d = await source.projectDetail(p.id);
      const streamId = d.streamId ?? p.bimStreamId;
      if (!streamId) return [{ kind: 'empty', id: `stream-empty:${p.id}`, message: l10n.t('No stream linked') }];
      const streamName = typeof d.streamName === 'string' && d.streamName.trim() && d.streamId === streamId ? d.streamName : undefined;
      return [{ kind: 'stream', id: `stream:${p.id}:${streamId}`, projectId: p.id, streamId, ...(streamName ? { streamName } : {}), branches: d.branches ?? [] }];
    }
  }
}

/** A node's part of its error item's id. */
export function nodeKey(node: ProjectsNode): string {
  switch (node.kind) {
    case 'project':
      return node.project.id;
    case 'group':
      return `${node.group}:${node.project.id}`;
    default:
      return node.id;
  }
}
