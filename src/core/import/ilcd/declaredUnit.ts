// The declared unit of an ILCD+EPD process data set and the mass of the declared amount: its reference flow's amount,
// the product flow's reference property and unit group (from the files of the same import, or the known ILCD flow
// properties), and the mass flow property or ÖKOBAUDAT's MatML conversions.
import { msg, type Msg } from '../../l10n';
import { FieldError, isMassUnit, unitLabelOf, type UnitLabel } from '../texts';
import { FLOW_PROPERTY_UNITS, MASS_PROPERTY, MATML_PROPERTIES } from './tables';
import { attr, child, list, number, text, type Index, type Node } from './xml';

interface Declared {
  declaredValue: number;
  unit: UnitLabel;
  mass?: number;
}

function unitOfProperty(propertyUuid: string, index: Index): { unit?: UnitLabel; label: string; unitName?: string } {
  const fp = index.flowProperties.get(propertyUuid);
  const known = FLOW_PROPERTY_UNITS[propertyUuid];
  if (fp) {
    const ugRef = child(fp.doc, 'flowPropertiesInformation', 'quantitativeReference', 'referenceToReferenceUnitGroup');
    const ug = index.unitGroups.get(attr(ugRef, 'refObjectId')?.toLowerCase() ?? '');
    if (ug) {
      const refId = text(child(ug.doc, 'unitGroupInformation', 'quantitativeReference', 'referenceToReferenceUnit'));
      const unit = list(child(ug.doc, 'units', 'unit')).find((u) => attr(u, 'dataSetInternalID') === refId);
      const unitName = text(child(unit, 'name'));
      if (unitName) return { unit: unitLabelOf(unitName) ?? known?.unit, label: known?.label ?? unitName, unitName };
    }
  }
  return { unit: known?.unit, label: known?.label ?? propertyUuid };
}

export function declaredUnitOf(doc: Node, index: Index, warnings: Msg[]): Declared {
  const refId = text(child(doc, 'processInformation', 'quantitativeReference', 'referenceToReferenceFlow'));
  if (refId === undefined) throw new FieldError('processInformation/quantitativeReference/referenceToReferenceFlow', msg('is missing: the data set does not say which exchange is its declared unit'));
  const exchange = list(child(doc, 'exchanges', 'exchange')).find((e) => attr(e, 'dataSetInternalID') === refId);
  if (!exchange) throw new FieldError('exchanges/exchange', msg('no exchange has dataSetInternalID {0}, the reference flow', String(refId)));
  const amountText = text(child(exchange, 'resultingAmount')) ?? text(child(exchange, 'meanAmount'));
  const amount = number(amountText);
  if (amount === undefined || amount <= 0) throw new FieldError(`exchanges/exchange[${refId}]/meanAmount`, msg('the reference flow\'s amount {0} is not a number > 0', JSON.stringify(amountText ?? null)));
  const flowRef = child(exchange, 'referenceToFlowDataSet');
  const flowId = attr(flowRef, 'refObjectId')?.toLowerCase() ?? '';
  const flow = index.flows.get(flowId);
  if (!flow) {
    throw new FieldError(`exchanges/exchange[${refId}]/referenceToFlowDataSet`, msg('the product flow {0} is not among the files imported; import the whole export (ZIP or folder with flows/) so the declared unit can be read', flowId || '(no id)'));
  }
  const flowDoc = flow.doc;
  const propRefId = text(child(flowDoc, 'flowInformation', 'quantitativeReference', 'referenceToReferenceFlowProperty')) ?? '0';
  const properties = list(child(flowDoc, 'flowProperties', 'flowProperty'));
  const refProp = properties.find((fp) => attr(fp, 'dataSetInternalID') === propRefId);
  if (!refProp) throw new FieldError(`flow ${flowId}: flowProperties`, msg('no flow property has dataSetInternalID {0}, the reference flow property', String(propRefId)));
  const refPropUuid = attr(child(refProp, 'referenceToFlowPropertyDataSet'), 'refObjectId')?.toLowerCase() ?? '';
  const refPropMean = number(text(child(refProp, 'meanValue'))) ?? 1;
  const inlineUnit = text(child(refProp, 'referenceUnit'));
  const { unit, label, unitName } = inlineUnit
    ? { unit: unitLabelOf(inlineUnit) ?? FLOW_PROPERTY_UNITS[refPropUuid]?.unit, label: inlineUnit, unitName: inlineUnit }
    : unitOfProperty(refPropUuid, index);
  if (unit === undefined) {
    throw new FieldError(`flow ${flowId}: flowProperties/flowProperty[${propRefId}]`, msg('the declared unit ({0}) has no counterpart in the service\'s units (m, m2, m3, kg, t, pcs, kWh, MJ, l)', String(unitName ?? label)));
  }
  const unitText = unit.toLowerCase();
  // The exchange amount counts units of the flow; the reference property says how much of it one unit is.
  const declaredValue = Number((amount * refPropMean).toPrecision(12));
  const result: Declared = { declaredValue, unit };
  if (declaredValue !== 1) {
    warnings.push(msg('The results are per {0} {1} (the reference flow), not per 1; declaredValue is {0}.', declaredValue, unitText));
  }
  if (isMassUnit(unit)) return result;

  // Mass of the declared amount: a mass flow property of the flow first, else the MatML conversion that is per the declared unit.
  const massProp = properties.find((fp) => attr(child(fp, 'referenceToFlowPropertyDataSet'), 'refObjectId')?.toLowerCase() === MASS_PROPERTY);
  const massMean = number(text(child(massProp, 'meanValue')));
  const conversions = matml(flowDoc);
  let mass: number | undefined;
  let massFrom: Msg | undefined;
  if (massMean !== undefined && massMean > 0) {
    mass = (massMean / refPropMean) * declaredValue;
    massFrom = msg('the mass flow property of the product flow');
  }
  const notes: string[] = [];
  for (const c of conversions) {
    const def = MATML_PROPERTIES[c.name.toLowerCase()];
    if (!def) {
      notes.push(`${c.name} ${c.value} ${c.unit}`);
      continue;
    }
    if (mass === undefined && def.per === unit) {
      mass = c.value * declaredValue;
      massFrom = msg('the {0} {1} {2}', def.label, c.value, c.unit);
    } else {
      notes.push(`${def.label} ${c.value} ${c.unit}`);
    }
  }
  if (mass !== undefined) {
    result.mass = Number(mass.toPrecision(12));
    warnings.push(msg('Mass {0} kg per {1} {2} from {3}.', result.mass, declaredValue, unitText, massFrom!));
  } else {
    warnings.push(msg('No mass per {0}: constructions must give this material in its declared unit.', unitText));
  }
  if (notes.length) warnings.push(msg('Conversions given but not the mass of the declared unit (kept out of declaredUnit): {0}.', notes.join('; ')));
  return result;
}

/** ÖKOBAUDAT's MatML block on the product flow: `[{name, value, unit}]`. */
function matml(flowDoc: Node): { name: string; value: number; unit: string }[] {
  const inline = child(flowDoc, 'flowInformation', 'conversions');
  if (Array.isArray(inline)) {
    return inline.flatMap((c: { name: string; value: string; unit: string }) => {
      const value = number(c.value);
      return value === undefined || !c.name ? [] : [{ name: c.name, value, unit: c.unit }];
    });
  }
  const doc = child(flowDoc, 'flowInformation', 'dataSetInformation', 'other', 'MatML_Doc');
  if (!doc) return [];
  const details = new Map<string, { name: string; unit: string }>();
  for (const d of list(child(doc, 'Metadata', 'PropertyDetails'))) {
    const id = attr(d, 'id');
    const name = text(child(d, 'Name'));
    if (id && name) details.set(id, { name, unit: attr(child(d, 'Units'), 'name') ?? '' });
  }
  const out: { name: string; value: number; unit: string }[] = [];
  for (const pd of list(child(doc, 'Material', 'BulkDetails', 'PropertyData'))) {
    const d = details.get(attr(pd, 'property') ?? '');
    const value = number(text(child(pd, 'Data')));
    if (d && value !== undefined) out.push({ ...d, value });
  }
  return out;
}
