// The fixed identifiers of ILCD+EPD: LCIA methods (EN 15804+A1 and +A2) and the resource / waste flows of the EPD
// extension, by UUID — names vary by language and by publisher, the UUIDs do not — plus the ILCD reference flow
// properties, so that an export without its flowproperties/unitgroups folders still gives the declared unit.
import type { UnitLabel } from '../texts';
import type { IndicatorName } from '../../schemas/types';

export type Standard = 'A1' | 'A2';

export interface MethodEntry {
  /** The service's indicator; undefined = the service has no such indicator (left out with a warning). */
  name?: IndicatorName;
  /** Short label used in messages. */
  label: string;
  standard: Standard;
  /** Unit as the standard gives it, for the report. */
  unit: string;
}

/** LCIA method data sets of EN 15804+A2 (EF 3.0/3.1) and EN 15804+A1, as ÖKOBAUDAT / InData publish them. */
export const LCIA_METHODS: Readonly<Record<string, MethodEntry>> = {
  // EN 15804+A2
  '6a37f984-a4b3-458a-a20a-64418c145fa2': { name: 'GWP_TOTAL', label: 'GWP-total', standard: 'A2', unit: 'kg CO2 eq' },
  '5f635281-343e-44fb-83df-1971b155e6b6': { name: 'GWP_FOSSIL', label: 'GWP-fossil', standard: 'A2', unit: 'kg CO2 eq' },
  '2356e1ab-0185-4db5-86e5-16de51c7485c': { name: 'GWP_BIOGENIC', label: 'GWP-biogenic', standard: 'A2', unit: 'kg CO2 eq' },
  '4331bbdb-978a-490d-8707-eeb047f01a55': { name: 'GWP_LULUC', label: 'GWP-luluc', standard: 'A2', unit: 'kg CO2 eq' },
  'b5c629d6-def3-11e6-bf01-fe55135034f3': { name: 'ODP', label: 'ODP', standard: 'A2', unit: 'kg CFC-11 eq' },
  'b5c611c6-def3-11e6-bf01-fe55135034f3': { name: 'AP', label: 'AP', standard: 'A2', unit: 'mol H+ eq' },
  'b53ec18f-7377-4ad3-86eb-cc3f4f276b2b': { name: 'EP_FRESHWATER', label: 'EP-freshwater', standard: 'A2', unit: 'kg P eq' },
  'b5c619fa-def3-11e6-bf01-fe55135034f3': { name: 'EP_MARINE', label: 'EP-marine', standard: 'A2', unit: 'kg N eq' },
  'b5c614d2-def3-11e6-bf01-fe55135034f3': { name: 'EP_TERRESTRIAL', label: 'EP-terrestrial', standard: 'A2', unit: 'mol N eq' },
  'b5c610fe-def3-11e6-bf01-fe55135034f3': { name: 'POCP', label: 'POCP', standard: 'A2', unit: 'kg NMVOC eq' },
  'b2ad6494-c78d-11e6-9d9d-cec0c932ce01': { name: 'ADPE', label: 'ADPE', standard: 'A2', unit: 'kg Sb eq' },
  'b2ad6110-c78d-11e6-9d9d-cec0c932ce01': { name: 'ADPF', label: 'ADPF', standard: 'A2', unit: 'MJ' },
  'b2ad66ce-c78d-11e6-9d9d-cec0c932ce01': { name: 'WDP', label: 'WDP', standard: 'A2', unit: 'm3 world eq deprived' },
  'b5c602c6-def3-11e6-bf01-fe55135034f3': { label: 'PM (particulate matter)', standard: 'A2', unit: 'disease incidence' },
  'b5c632be-def3-11e6-bf01-fe55135034f3': { label: 'IRP (ionising radiation)', standard: 'A2', unit: 'kBq U235 eq' },
  'ee1082d1-b0f7-43ca-a1f0-21e2a4a74511': { label: 'ETP-fw (ecotoxicity, freshwater)', standard: 'A2', unit: 'CTUe' },
  '2299222a-bbd8-474f-9d4f-4dd1f18aea7c': { label: 'HTP-c (human toxicity, cancer)', standard: 'A2', unit: 'CTUh' },
  '3af763a5-b7a1-48c9-9cee-1f223481fcef': { label: 'HTP-nc (human toxicity, non-cancer)', standard: 'A2', unit: 'CTUh' },
  'b2ad6890-c78d-11e6-9d9d-cec0c932ce01': { label: 'SQP (soil quality)', standard: 'A2', unit: 'dimensionless' },
  // EN 15804+A1 (CML). GWP, ODP, ADPE and ADPF keep the unit of the +A2 indicator of the same name; AP and POCP are
  // stored under their names with their +A1 units (kg SO2 eq, kg C2H4 eq — en15804.ts A1_UNITS, as the LCAx importer
  // does); A1's EP (kg PO4 eq) has no indicator in the service and is left out.
  '77e416eb-a363-4258-a04e-171d843a6460': { name: 'GWP_TOTAL', label: 'GWP', standard: 'A1', unit: 'kg CO2 eq' },
  '06dcd26f-025f-401a-a7c1-5e457eb54637': { name: 'ODP', label: 'ODP', standard: 'A1', unit: 'kg CFC-11 eq' },
  'f7c73bb9-ab1a-4249-9c6d-379a0de6f67e': { name: 'ADPE', label: 'ADPE', standard: 'A1', unit: 'kg Sb eq' },
  '804ebcdf-309d-4098-8ed8-fdaf2f389981': { name: 'ADPF', label: 'ADPF', standard: 'A1', unit: 'MJ' },
  'b4274add-93b7-4905-a5e4-2e878c4e4216': { name: 'AP', label: 'AP (EN 15804+A1, kg SO2 eq)', standard: 'A1', unit: 'kg SO2 eq' },
  'f58827d0-b407-4ec6-be75-8b69efb98a0f': { label: 'EP (EN 15804+A1, kg PO4 eq)', standard: 'A1', unit: 'kg PO4 eq' },
  '1e84a202-dae6-42aa-9e9d-71ea48b8be00': { name: 'POCP', label: 'POCP (EN 15804+A1, kg C2H4 eq)', standard: 'A1', unit: 'kg C2H4 eq' },
};

/** Resource use and waste indicators of the EPD extension: exchanges whose flow is one of these. */
export const INDICATOR_FLOWS: Readonly<Record<string, IndicatorName>> = {
  '20f32be5-0398-4288-9b6d-accddd195317': 'PERE',
  'fb3ec0de-548d-4508-aea5-00b73bf6f702': 'PERM',
  '53f97275-fa8a-4cdd-9024-65936002acd0': 'PERT',
  'ac857178-2b45-46ec-892a-a9a4332f0372': 'PENRE',
  '1421caa0-679d-4bf4-b282-0eb850ccae27': 'PENRM',
  '06159210-646b-4c8d-8583-da9b3b95a6c1': 'PENRT',
  'c6a1f35f-2d09-4f54-8dfb-97e502e1ce92': 'SM',
  '64333088-a55f-4aa2-9a31-c10b07816787': 'RSF',
  '89def144-d39a-4287-b86f-efde453ddcb2': 'NRSF',
  '3cf952c8-f3a4-461d-8c96-96456ca62246': 'FW',
  '430f9e0f-59b2-46a0-8e0d-55e0e84948fc': 'HWD',
  'b29ef66b-e286-4afa-949f-62f1a7b4d7fa': 'NHWD',
  '3449546e-52ad-4b39-b809-9fb77cea8ff6': 'RWD',
  'a2b32f97-3fc7-4af2-b209-525bc6426f33': 'CRU',
  'd7fe48a5-4103-49c8-9aae-b0b5dfdbd6ae': 'MFR',
  '59a9181c-3aaf-46ee-8b13-2b3723b6e447': 'MER',
  '4da0c987-2b76-40d6-9e9e-82a017aaaf29': 'EEE',
  '98daf38a-7a79-46d3-9a37-2b7bd0955810': 'EET',
};

/** ILCD reference flow properties → their reference unit (used when the export has no unit group). */
export const FLOW_PROPERTY_UNITS: Readonly<Record<string, { unit: UnitLabel; label: string }>> = {
  '93a60a56-a3c8-11da-a746-0800200b9a66': { unit: 'KG', label: 'Mass' },
  '93a60a56-a3c8-19da-a746-0800200c9a66': { unit: 'M2', label: 'Area' },
  '93a60a56-a3c8-22da-a746-0800200c9a66': { unit: 'M3', label: 'Volume' },
  '838aaa23-0117-11db-92e3-0800200c9a66': { unit: 'M', label: 'Length' },
  '01846770-4cfe-4a25-8ad9-919d8d378345': { unit: 'PCS', label: 'Number of items' },
};
export const MASS_PROPERTY = '93a60a56-a3c8-11da-a746-0800200b9a66';

/** MatML conversion properties of ÖKOBAUDAT product flows, by their (lower-case) name. */
export const MATML_PROPERTIES: Readonly<Record<string, { kind: 'density' | 'areaWeight' | 'linearDensity' | 'thickness' | 'perKg'; per?: UnitLabel; label: string }>> = {
  'gross density': { kind: 'density', per: 'M3', label: 'gross density' },
  'bulk density': { kind: 'density', per: 'M3', label: 'bulk density' },
  density: { kind: 'density', per: 'M3', label: 'density' },
  grammage: { kind: 'areaWeight', per: 'M2', label: 'area weight (grammage)' },
  'area weight': { kind: 'areaWeight', per: 'M2', label: 'area weight' },
  'linear density': { kind: 'linearDensity', per: 'M', label: 'linear density' },
  'layer thickness': { kind: 'thickness', label: 'layer thickness' },
  'conversion factor to 1 kg': { kind: 'perKg', label: 'conversion factor to 1 kg' },
};
