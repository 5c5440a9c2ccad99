// An LCAx project (0.x–1.x `emission_parts` → `parts` → `epd_source`; 2.x–3.x `assemblies` → `products` →
// `impactData`, as maps or lists): every EPD it embeds as a material (once per EPD id) and every assembly as a
// construction whose components refer to those materials by originalUUID. A component whose EPD is elsewhere or was
// refused keeps its construction out, named. No vscode.
import type { CodeTable } from '../codeTable';
import { importedMaterial } from './builder';
import { buildConstruction, type ComponentDraft } from './constructionBuilder';
import { FieldError } from './texts';
import type { ImportIssue, ImportResult, ImportedConstruction, ImportedMaterial } from './types';
import { msg, type Msg } from '../l10n';
import { isObject } from '../guards';
import { classificationTags, draftOf, field, type Obj } from './lcaxEpd';

/** A list or a map keyed by id (LCAx 0.x–2.5) → its entries. */
function entries(v: unknown): { key: string; value: unknown }[] {
  if (Array.isArray(v)) return v.map((value, i) => ({ key: `[${i}]`, value }));
  if (isObject(v)) return Object.entries(v).map(([k, value]) => ({ key: `.${k}`, value }));
  return [];
}

interface ProjectState {
  source: string;
  codes: CodeTable;
  materials: ImportedMaterial[];
  /** EPD id → the material made from it (null: refused). */
  byEpdId: Map<string, { sourceId: string; originalUUID: string } | null>;
  refused: ImportIssue[];
  warnings: ImportIssue[];
}

/** The material of an EPD embedded in a project (once per EPD id): its source id and originalUUID, null if refused. */
function addEpd(state: ProjectState, epd: Obj, path: string): { sourceId: string; originalUUID: string } | null {
  const id = typeof epd.id === 'string' ? epd.id : undefined;
  if (id !== undefined && state.byEpdId.has(id)) return state.byEpdId.get(id)!;
  const item = typeof epd.name === 'string' && epd.name ? `${epd.name}${id ? ` (${id})` : ''}` : path;
  try {
    const { draft, warnings } = draftOf({ ...epd, type: undefined });
    const imported = importedMaterial(draft, state.codes, `${state.source} ${path}`, warnings);
    state.materials.push(imported);
    const ids = { sourceId: draft.id, originalUUID: imported.material.originalUUID };
    if (id !== undefined) state.byEpdId.set(id, ids);
    return ids;
  } catch (e) {
    if (!(e instanceof FieldError)) throw e;
    state.refused.push({ item, field: e.field ? `${path}.${e.field}` : path, reason: e.reason });
    if (id !== undefined) state.byEpdId.set(id, null);
    return null;
  }
}

/** The EPDs of a product (2.x `impactData` object or list, 0.x/1.x `epd_source`): [path, EPD or reason]. */
function productEpds(product: Obj, path: string): { path: string; epd?: Obj; reason?: Msg }[] {
  const v1 = product.epd_source;
  if (isObject(v1)) {
    if (isObject(v1.EPD)) return [{ path: `${path}.epd_source.EPD`, epd: v1.EPD }];
    const kind = Object.keys(v1)[0] ?? '?';
    const ref = isObject(v1[kind]) ? (v1[kind] as Obj) : {};
    const where = typeof ref.url === 'string' ? ref.url : typeof ref.path === 'string' ? ref.path : '';
    return [{ path: `${path}.epd_source`, reason: msg('refers to an EPD elsewhere ({0}), not embedded in the file', `${kind}${where ? ` ${where}` : ''}`) }];
  }
  const data = field(product, 'impactData');
  const list = Array.isArray(data) ? data.map((d, i) => ({ d, p: `${path}.impactData[${i}]` })) : [{ d: data, p: `${path}.impactData` }];
  return list.map(({ d, p }) => {
    if (!isObject(d)) return { path: p, reason: msg('is missing') };
    const t = typeof d.type === 'string' ? d.type.toLowerCase() : '';
    if (t === 'reference') return { path: p, reason: msg('refers to an EPD elsewhere ({0}), not embedded in the file', typeof d.uri === 'string' ? d.uri : 'no uri') };
    return { path: p, epd: d };
  });
}

function constructionOf(state: ProjectState, assembly: Obj, path: string): ImportedConstruction | undefined {
  const name = typeof assembly.name === 'string' && assembly.name.trim() ? assembly.name.trim() : `Assembly ${path}`;
  const item = `${name}${typeof assembly.id === 'string' ? ` (${assembly.id})` : ''}`;
  const t = typeof assembly.type === 'string' ? assembly.type.toLowerCase() : '';
  if (t === 'reference') {
    state.refused.push({ item, field: path, reason: msg('refers to an assembly elsewhere ({0}), not embedded in the file', String(assembly.uri ?? '')) });
    return undefined;
  }
  const warnings: Msg[] = [];
  const components: ComponentDraft[] = [];
  const problems: ImportIssue[] = [];
  const products = 'parts' in assembly ? assembly.parts : assembly.products;
  const productKey = 'parts' in assembly ? 'parts' : 'products';
  for (const { key, value } of entries(products)) {
    const p = `${path}.${productKey}${key}`;
    if (!isObject(value)) continue;
    const pt = typeof value.type === 'string' ? value.type.toLowerCase() : '';
    const productName = typeof value.name === 'string' ? value.name : p;
    if (pt === 'reference') {
      problems.push({ item, field: p, reason: msg('product refers to a product elsewhere ({0}), not embedded in the file', String(value.uri ?? '')) });
      continue;
    }
    const epds = productEpds(value, p);
    const usable: { sourceId: string; originalUUID: string }[] = [];
    for (const e of epds) {
      if (e.epd) {
        const ids = addEpd(state, e.epd, e.path);
        if (ids) usable.push(ids);
        else problems.push({ item, field: e.path, reason: msg('product "{0}": its EPD was refused (see above)', productName) });
      } else problems.push({ item, field: e.path, reason: msg('product "{0}" {1}', productName, e.reason ?? msg('is missing')) });
    }
    if (!usable.length) continue;
    if (usable.length > 1) warnings.push(msg('Product "{0}" has {1} EPDs; the component uses the first, all are imported as materials.', productName, usable.length));
    const unit = field(value, 'unit') ?? value.part_unit;
    if (typeof unit !== 'string') {
      problems.push({ item, field: `${p}.unit`, reason: msg('must be a unit such as "m2" or "kg"') });
      continue;
    }
    const amount = field(value, 'quantity') ?? value.part_quantity;
    if (typeof amount !== 'number' || !Number.isFinite(amount) || amount < 0) {
      problems.push({ item, field: `${p}.quantity`, reason: msg('must be a number ≥ 0') });
      continue;
    }
    const rsl = field(value, 'referenceServiceLife');
    components.push({
      ...usable[0],
      unit,
      amount,
      ...(typeof rsl === 'number' && Number.isInteger(rsl) && rsl >= 1 ? { lifespan: rsl } : {}),
      where: `${p}.unit`,
    });
  }
  if (problems.length) {
    state.refused.push(...problems.map((pr) => ({ ...pr, reason: msg('{0}; the construction is not written (a component would be missing).', pr.reason) })));
    return undefined;
  }
  if (!components.length) {
    state.refused.push({ item, field: `${path}.${productKey}`, reason: msg('has no products') });
    return undefined;
  }
  const unit = field(assembly, 'unit') ?? 'm2';
  const quantity = field(assembly, 'quantity');
  const description = [typeof assembly.description === 'string' ? assembly.description : '', typeof quantity === 'number' ? `The project uses ${quantity} ${String(field(assembly, 'unit') ?? '')}.` : '']
    .filter(Boolean)
    .join(' ');
  warnings.push(msg('Components refer to their materials by the EPD UUID (originalUUID): they compute with the material file, and Push Construction sends the service ids once the materials are pushed or bulk-created.'));
  try {
    return buildConstruction(
      { name, description, declaredUnit: typeof unit === 'string' ? unit : '', components, tags: ['LCAx', ...classificationTags(assembly)], where: `${path}.unit` },
      state.codes,
      `${state.source} ${path}`,
      warnings,
    );
  } catch (e) {
    if (!(e instanceof FieldError)) throw e;
    state.refused.push({ item, field: e.field, reason: e.reason });
    return undefined;
  }
}

/** The materials and constructions of an LCAx project (`source`: its file's name), with what was refused and assumed. */
export function importLcaxProject(doc: Obj, source: string, codes: CodeTable): ImportResult {
  const refused: ImportIssue[] = [];
  const warnings: ImportIssue[] = [];
  const state: ProjectState = { source, codes, materials: [], byEpdId: new Map(), refused, warnings };
  const constructions: ImportedConstruction[] = [];
  const list = 'emission_parts' in doc ? entries(doc.emission_parts).map((e) => ({ ...e, key: `emission_parts${e.key}` })) : entries(doc.assemblies).map((e) => ({ ...e, key: `assemblies${e.key}` }));
  for (const { key, value: a } of list) {
    if (!isObject(a)) {
      refused.push({ item: source, field: key, reason: msg('is not an assembly object') });
      continue;
    }
    const c = constructionOf(state, a, key);
    if (c) constructions.push(c);
  }
  const period = field(doc, 'referenceStudyPeriod') ?? doc.life_span;
  if (typeof period === 'number') warnings.push({ item: source, field: 'referenceStudyPeriod', reason: msg('The project\'s reference study period ({0} years) is not imported; set it in a *.project.json.', period) });
  return { format: 'lcax-project', materials: state.materials, constructions, refused, warnings };
}
