// ILCD+EPD as soda4LCA serves it in JSON (`?format=JSON`): the same process data set with `anies` lists in place of
// XML extension elements, and the reference flow's properties and MatML conversions inlined into the exchange. This
// turns it into the shape fast-xml-parser gives for the XML (`@attr`, `#text`), so one reader handles both, and
// returns the product flow it carries so the declared unit resolves without a flows folder.
import { isObject as isNode } from '../../guards';
type Node = Record<string, unknown>;
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined || v === null ? [] : [v]);
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : undefined);

/** `[{value, lang}]` → `[{'#text', '@lang'}]`. */
function ml(v: unknown): Node[] {
  return arr(v)
    .filter(isNode)
    .filter((t) => str(t.value) !== undefined)
    .map((t) => ({ '#text': str(t.value)!, ...(str(t.lang) ? { '@lang': str(t.lang)! } : {}) }));
}
function ref(v: unknown): Node | undefined {
  if (!isNode(v)) return undefined;
  return { '@refObjectId': str(v.refObjectId) ?? '', shortDescription: ml(v.shortDescription) };
}
function anies(v: unknown): Node[] {
  return isNode(v) ? arr(v.anies).filter(isNode) : [];
}
function named(v: unknown, name: string): string | undefined {
  return str(anies(v).find((a) => a.name === name)?.value);
}
/** `{anies: [{value, module, scenario}]}` → `{amount: [{'#text', '@module', '@scenario'}]}`. */
function amounts(v: unknown): Node {
  return {
    amount: anies(v)
      .filter((a) => str(a.module) !== undefined)
      .map((a) => ({ '#text': str(a.value) ?? '', '@module': str(a.module)!, ...(str(a.scenario) ? { '@scenario': str(a.scenario)! } : {}) })),
  };
}
/** `{classification: [{name, class: [{value, level, classId}]}]}` → the XML's `classification` with `class` nodes. */
function classificationsOf(v: unknown): Node[] {
  return arr(isNode(v) ? v.classification : undefined)
    .filter(isNode)
    .map((c) => ({
      '@name': str(c.name) ?? '',
      class: arr(c.class)
        .filter(isNode)
        .map((k) => ({ '#text': str(k.value) ?? '', '@level': str(k.level) ?? '', ...(str(k.classId) ? { '@classId': str(k.classId)! } : {}) })),
    }));
}
/** Epoch milliseconds (soda4LCA's JSON dates) or a date text → `YYYY-MM-DD`. */
function day(v: unknown): string | undefined {
  if (typeof v === 'number' && Number.isFinite(v)) return new Date(v).toISOString().slice(0, 10);
  return str(v);
}

export interface JsonProcess {
  process: Node;
  /** The product flow of the reference exchange, rebuilt from what the exchange inlines (undefined if it does not). */
  flow?: { uuid: string; doc: Node };
}

/** True when a parsed JSON value is an ILCD process data set. */
export function isIlcdJson(v: unknown): v is Node {
  return isNode(v) && isNode(v.processInformation);
}

export function processFromJson(doc: Node): JsonProcess {
  const pi = isNode(doc.processInformation) ? doc.processInformation : {};
  const dsi = isNode(pi.dataSetInformation) ? pi.dataSetInformation : {};
  const name = isNode(dsi.name) ? dsi.name : {};
  const scenarios = anies(dsi.other).flatMap((a) => arr(a.scenario)).filter(isNode);
  const time = isNode(pi.time) ? pi.time : {};
  const qr = isNode(pi.quantitativeReference) ? pi.quantitativeReference : {};
  const mv = isNode(doc.modellingAndValidation) ? doc.modellingAndValidation : {};
  const lci = isNode(mv.LCIMethodAndAllocation) ? mv.LCIMethodAndAllocation : {};
  const admin = isNode(doc.administrativeInformation) ? doc.administrativeInformation : {};
  const pub = isNode(admin.publicationAndOwnership) ? admin.publicationAndOwnership : {};
  const exchanges = arr(isNode(doc.exchanges) ? doc.exchanges.exchange : undefined).filter(isNode);
  const results = arr(isNode(doc.LCIAResults) ? doc.LCIAResults.LCIAResult : undefined).filter(isNode);
  const published = day(anies(time.other).find((a) => a.name === 'publicationDateOfEPD')?.value);

  const process: Node = {
    processInformation: {
      dataSetInformation: {
        UUID: str(dsi.UUID),
        name: { baseName: ml(name.baseName) },
        generalComment: ml(dsi.generalComment),
        classificationInformation: { classification: classificationsOf(dsi.classificationInformation) },
        other: { scenarios: { scenario: scenarios.map((s) => ({ '@name': str(s.name) ?? '', ...(s.default === true ? { '@default': 'true' } : {}) })) } },
      },
      quantitativeReference: { referenceToReferenceFlow: str(arr(qr.referenceToReferenceFlow)[0]) },
      time: {
        dataSetValidUntil: str(time.dataSetValidUntil),
        ...(published ? { other: { publicationDateOfEPD: published } } : {}),
      },
    },
    modellingAndValidation: { LCIMethodAndAllocation: { other: { subType: named(lci.other, 'subType') } } },
    administrativeInformation: {
      publicationAndOwnership: {
        dataSetVersion: str(pub.dataSetVersion),
        referenceToOwnershipOfDataSet: arr(pub.referenceToOwnershipOfDataSet).map(ref).filter(Boolean),
        registrationNumber: str(pub.registrationNumber),
        permanentDataSetURI: str(pub.permanentDataSetURI),
      },
    },
    exchanges: {
      exchange: exchanges.map((e) => ({
        '@dataSetInternalID': str(e.dataSetInternalID) ?? '',
        referenceToFlowDataSet: ref(e.referenceToFlowDataSet),
        meanAmount: str(e.meanAmount),
        resultingAmount: str(e.resultingAmount),
        other: amounts(e.other),
      })),
    },
    LCIAResults: {
      LCIAResult: results.map((r) => ({ referenceToLCIAMethodDataSet: ref(r.referenceToLCIAMethodDataSet), other: amounts(r.other) })),
    },
  };

  const refId = str(arr(qr.referenceToReferenceFlow)[0]);
  const refExchange = exchanges.find((e) => str(e.dataSetInternalID) === refId);
  const flowUuid = isNode(refExchange?.referenceToFlowDataSet) ? str(refExchange.referenceToFlowDataSet.refObjectId)?.toLowerCase() : undefined;
  const properties = arr(refExchange?.flowProperties).filter(isNode);
  if (!flowUuid || !properties.length) return { process };
  const refIndex = Math.max(0, properties.findIndex((p) => p.referenceFlowProperty === true));
  const flow: Node = {
    flowInformation: {
      dataSetInformation: { UUID: flowUuid },
      quantitativeReference: { referenceToReferenceFlowProperty: String(refIndex) },
      // Read by the same code as the XML's MatML block.
      conversions: arr(refExchange?.materialProperties)
        .filter(isNode)
        .map((m) => ({ name: str(m.name) ?? '', value: str(m.value) ?? '', unit: str(m.unit) ?? '' })),
    },
    flowProperties: {
      flowProperty: properties.map((p, i) => ({
        '@dataSetInternalID': String(i),
        referenceToFlowPropertyDataSet: { '@refObjectId': str(p.uuid) ?? '' },
        meanValue: str(p.meanValue),
        ...(str(p.referenceUnit) ? { referenceUnit: str(p.referenceUnit) } : {}),
      })),
    },
  };
  return { process, flow: { uuid: flowUuid, doc: flow } };
}
