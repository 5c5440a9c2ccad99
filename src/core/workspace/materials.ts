// The materials a tool call, What if…, the alternatives or an export can name: the workspace's (files, bulk-create
// sidecar ids) and, when signed in, those the service reads for the ids asked about. Lookups are gathered before the
// pure calculations run. A component's epdId resolves in one order, as the editor's catalog does (its lens): a
// workspace material by service id, else the workspace material whose originalUUID it is (a construction imported from
// LCAbyg or LCAx, materials never pushed), else the service; `notKnown` says where it looked.
import type { CodeTable } from '../codeTable';
import type { MaterialRead } from '../api/types';
import { epdDataOf } from '../lca/epd';
import type { EpdData } from '../lca/types';
import type { EpdResolver } from '../rules';
import { workspaceMaterials } from './files';
import type { CandidateMaterial, Workspace } from './types';
import { isObject } from '../guards';

/** Where the materials are read from: the workspace, the environment's codes and EPD host, and the service when signed in. */
export interface MaterialSource {
  workspace: Workspace;
  codes: CodeTable;
  environment: { epdUrl: string };
  service?: { getMaterial(id: string): Promise<MaterialRead> };
  /** The editor's Library: what it already knows of an id (its cache of the service's answers, pulled files). */
  library?(id: string): { epd: EpdData; record: unknown } | undefined;
}

export class MaterialIndex {
  readonly byId = new Map<string, EpdData>();
  /** Ids the service answered 404 for. */
  readonly missing = new Set<string>();
  /** Ids that could not be looked up now, and why. */
  readonly unknown = new Map<string, string>();

  private constructor(
    private readonly ctx: MaterialSource,
    readonly candidates: CandidateMaterial[],
  ) {
    for (const c of candidates) {
      if (c.epd.id && !this.byId.has(c.epd.id)) this.byId.set(c.epd.id, c.epd);
      this.remember(c);
    }
  }

  /** Documents by service id and by originalUUID (a construction imported from LCAx or LCAbyg names its materials so). */
  private readonly records = new Map<string, { epd: EpdData; record: unknown }>();
  private remember(c: CandidateMaterial): void {
    if (c.record === undefined) return;
    const original = isObject(c.record) && typeof c.record.originalUUID === 'string' ? c.record.originalUUID.toLowerCase() : undefined;
    for (const key of [c.epd.id, original]) if (key && !this.records.has(key)) this.records.set(key, { epd: c.epd, record: c.record });
  }

  /** A material's document and figures by its service id or its originalUUID. */
  recordOf = (id: string): { epd: EpdData; record: unknown } | undefined => this.records.get(id) ?? this.records.get(id.toLowerCase()) ?? this.fromLibrary(id);

  static async load(ctx: MaterialSource): Promise<MaterialIndex> {
    return new MaterialIndex(ctx, await workspaceMaterials(ctx.workspace, ctx.environment.epdUrl, ctx.codes));
  }

  /** Looks the ids the workspace does not know up on the service (when signed in). */
  async ensure(ids: Iterable<string>): Promise<void> {
    const service = this.ctx.service;
    const wanted = [...new Set(ids)].filter((id) => id && !this.lookup(id) && !this.missing.has(id));
    for (const id of wanted.slice(0, 200)) {
      if (!service) {
        this.unknown.set(id, 'not in the workspace, and not signed in to look it up on the service');
        continue;
      }
      try {
        const read = await service.getMaterial(id);
        const epd = epdDataOf(read, this.ctx.codes, id);
        this.byId.set(id, epd);
        const candidate = { epd, source: 'service', record: read };
        this.candidates.push(candidate);
        this.remember(candidate);
      } catch (e) {
        if ((e as { status?: unknown }).status === 404) this.missing.add(id);
        else this.unknown.set(id, e instanceof Error ? e.message : String(e));
      }
    }
  }

  /**
   * A component's epdId: the workspace's material by service id, else by originalUUID, else what the Library already
   * knows (in the editor), else what the service gave.
   */
  lookup = (id: string): EpdData | undefined => this.byId.get(id) ?? this.recordOf(id)?.epd ?? this.fromLibrary(id)?.epd;

  private fromLibrary(id: string): { epd: EpdData; record: unknown } | undefined {
    return id ? this.ctx.library?.(id) : undefined;
  }

  /** For the preview and the exports: the material, undefined when known not to exist, 'unknown' when not to be told now. */
  resolve = (id: string): EpdData | undefined | 'unknown' => this.lookup(id) ?? (this.missing.has(id) ? undefined : 'unknown');

  /** For the epdId rules: known, known not to exist, or not to be told now. */
  resolver(): EpdResolver {
    return (id) => {
      const epd = this.resolve(id);
      return epd === undefined || epd === 'unknown' ? epd : { id, name: epd.name, declaredUnit: epd.declaredUnit };
    };
  }

  /** Why `id` names no material, saying where it was looked for. */
  notKnown(id: string): string {
    const where = `the workspace's material files (by service id and by originalUUID)${this.ctx.library ? ", the Library" : ''}`;
    const why = this.unknown.get(id);
    if (this.missing.has(id)) return `no material with the id ${JSON.stringify(id)} is known: not in ${where}, and the service answered that it has none`;
    if (!this.ctx.service) return `no material with the id ${JSON.stringify(id)} is known in ${where}, and no one is signed in to look it up on the service`;
    if (why !== undefined) return `the material ${JSON.stringify(id)} is not in ${where}, and the service could not be asked (${why})`;
    return `no material with the id ${JSON.stringify(id)} is known in ${where} or on the service`;
  }
}
