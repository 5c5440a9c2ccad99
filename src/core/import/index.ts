// One entry to every EPD importer: expands ZIPs, tells the format of each input by its content (not its extension)
// and hands each group to its importer. The routing is one `switch` in `importGroup`.
import { unzipSync } from 'fflate';
import { ilcdKindOf, importIlcd, importIlcdAsync } from './ilcd';
import { importLcax, isLcax } from './lcax';
import { importLcabyg, isLcabygValue, resolveLibraryReferences } from './lcabyg';
import { asTable7, importTable7, isTable7, isTable7Json } from './table7';
import { ImportCancelledError, reasonOf, type ImportFormat, type ImportInput, type ImportIssue, type ImportResult } from './types';
import { msg } from '../l10n';
import type { CodeTable } from '../codeTable';
import { isObject } from '../guards';

export type { ImportFormat, ImportInput, ImportIssue, ImportResult, Place, ImportedMaterial, ImportedConstruction } from './types';
export { ImportCancelledError } from './types';
export { componentMaterials, resolveEpdIds } from './constructionBuilder';
export { FieldError } from './texts';

export interface ImportOptions {
  /** The code table of the environment the files are for: every code written is one of its codes. */
  codes: CodeTable;
  signal?: AbortSignal;
  onProgress?(done: number, total: number): void;
}

const isZip = (b: Uint8Array) => b.length >= 4 && b[0] === 0x50 && b[1] === 0x4b && (b[2] === 0x03 || b[2] === 0x05) && (b[3] === 0x04 || b[3] === 0x06);

/** Text of the first bytes, without a byte-order mark. */
function head(bytes: Uint8Array, size = 4096): string {
  return new TextDecoder().decode(bytes.subarray(0, size)).replace(/^\uFEFF/, '').trimStart();
}

/** An xlsx is a ZIP too: tell it by its entries. */
function zipIsWorkbook(bytes: Uint8Array): boolean {
  try {
    const names = Object.keys(unzipSync(bytes, { filter: (f) => f.name === '[Content_Types].xml' || f.name.startsWith('xl/') }));
    return names.some((n) => n.startsWith('xl/'));
  } catch {
    return false;
  }
}

function jsonFormat(value: unknown): ImportFormat | undefined {
  if (isLcabygValue(value)) return 'lcabyg';
  const item = Array.isArray(value) ? value.find(isObject) : value;
  if (!isObject(item)) return undefined;
  if ('processInformation' in item) return 'ilcd';
  if ('assemblies' in item || 'impactData' in item || 'impact_data' in item) return 'lcax-project';
  if ('impacts' in item && ('declaredUnit' in item || 'declared_unit' in item)) return 'lcax-epd';
  if ('impacts' in item || 'declaredUnit' in item || 'declared_unit' in item) return 'lcax-epd';
  return undefined;
}

/** The format of one input (a file or an entry of a ZIP) by its content; undefined = not EPD data this extension reads. */
export function detectFormat(input: ImportInput): ImportFormat | undefined {
  const bytes = input.bytes;
  if (isZip(bytes)) {
    if (zipIsWorkbook(bytes)) return 'spreadsheet';
    try {
      for (const entry of expandZip(input)) {
        const f = detectFormat(entry);
        if (f) return f;
      }
    } catch {
      return undefined;
    }
    return undefined;
  }
  const text = head(bytes);
  if (text.startsWith('<')) return ilcdKindOf(text) ? 'ilcd' : undefined;
  // Tabel 7 first: its CSV and its LCAx files would also pass as a spreadsheet / an LCAx document.
  if (isTable7(input)) return 'table7';
  if (text.startsWith('{') || text.startsWith('[')) {
    try {
      const format = jsonFormat(JSON.parse(new TextDecoder().decode(bytes).replace(/^\uFEFF/, '')));
      if (format !== 'ilcd' && format !== 'lcabyg' && isLcax(input)) return format ?? 'lcax-epd';
      return format;
    } catch {
      return undefined;
    }
  }
  // Delimited text with a header row: a spreadsheet.
  const firstLine = text.split(/\r?\n/, 1)[0];
  if (/[;,\t]/.test(firstLine) && !text.includes('\u0000')) return 'spreadsheet';
  return undefined;
}

/** The entries of a ZIP as inputs named `zip/entry`; directories left out. */
export function expandZip(input: ImportInput): ImportInput[] {
  const files = unzipSync(input.bytes);
  return Object.entries(files)
    .filter(([name]) => !name.endsWith('/'))
    .map(([name, bytes]) => ({ name: `${input.name}/${name}`, bytes }));
}

function emptyResult(format: ImportFormat): ImportResult {
  return { format, materials: [], constructions: [], refused: [], warnings: [] };
}

/** Converts one group of inputs of the same format. The one place that routes a format to its importer. */
function importGroup(format: ImportFormat, inputs: ImportInput[], options: ImportOptions): ImportResult {
  switch (format) {
    case 'ilcd':
      return importIlcd(inputs, options);
    case 'lcax-epd':
    case 'lcax-project':
      return eachInput(format, inputs, options, (input) => importLcax(input, options.codes));
    case 'lcabyg':
      return eachInput(format, inputs, options, (input) => importLcabyg(input, options.codes));
    case 'table7':
      // The CSV has its own reader; the LCAx files made from Tabel 7 are LCAx, marked as Tabel 7 afterwards.
      return eachInput(format, inputs, options, (input) => (isTable7Json(input) ? asTable7(importLcax(input, options.codes), options.codes) : importTable7(input, options.codes)));
    case 'spreadsheet': {
      // A spreadsheet needs its column mapping confirmed first: the editor runs that step (lca.importSpreadsheet).
      const result = emptyResult(format);
      for (const input of inputs) {
        result.refused.push({ item: input.name, field: '', reason: msg('A spreadsheet is imported on its own, with its column mapping: import the file by itself.') });
      }
      return result;
    }
  }
}

/** One importer over each input, the results joined. */
function eachInput(format: ImportFormat, inputs: ImportInput[], options: ImportOptions, run: (input: ImportInput) => ImportResult): ImportResult {
  const result = emptyResult(format);
  inputs.forEach((input, i) => {
    if (options.signal?.aborted) throw new ImportCancelledError();
    const one = run(input);
    result.materials.push(...one.materials);
    result.constructions.push(...one.constructions);
    result.refused.push(...one.refused);
    result.warnings.push(...one.warnings);
    options.onProgress?.(i + 1, inputs.length);
  });
  return result;
}

interface Grouped {
  groups: Map<ImportFormat, ImportInput[]>;
  refused: ImportIssue[];
  skipped: string[];
}

/** ZIPs opened, every entry's format told by content, grouped by format. */
function group(inputs: ImportInput[], options: ImportOptions): Grouped {
  const groups = new Map<ImportFormat, ImportInput[]>();
  const refused: ImportIssue[] = [];
  const skipped: string[] = [];
  for (const input of inputs) {
    if (options.signal?.aborted) throw new ImportCancelledError();
    let entries = [input];
    if (isZip(input.bytes) && !zipIsWorkbook(input.bytes)) {
      try {
        entries = expandZip(input);
      } catch (e) {
        refused.push({ item: input.name, field: '', reason: msg('The ZIP file cannot be read: {0}', reasonOf(e)) });
        continue;
      }
    }
    const inContainer = entries.length > 1 || entries[0] !== input || inputs.length > 1;
    for (const entry of entries) {
      const format = detectFormat(entry);
      if (format) groups.set(format, [...(groups.get(format) ?? []), entry]);
      else if (inContainer) skipped.push(entry.name);
      else refused.push({ item: entry.name, field: '', reason: msg('Not EPD data this extension reads (ILCD+EPD XML, LCAx JSON, LCAbyg JSON, a ZIP of them, CSV or XLSX).') });
    }
  }
  return { groups, refused, skipped };
}

function merge(inputs: ImportInput[], { refused, skipped }: Grouped, results: ImportResult[]): ImportResult {
  const main = results.slice().sort((a, b) => b.materials.length - a.materials.length)[0];
  const merged: ImportResult = {
    format: main?.format ?? 'ilcd',
    materials: results.flatMap((r) => r.materials),
    constructions: results.flatMap((r) => r.constructions),
    refused: [...refused, ...results.flatMap((r) => r.refused)],
    warnings: results.flatMap((r) => r.warnings),
  };
  // LCAbyg library products matched to the Tabel 7 rows imported with the file, once every format is in.
  resolveLibraryReferences(merged);
  if (skipped.length) {
    merged.warnings.push({
      item: msg('{0} file(s)', skipped.length),
      field: '',
      reason: msg('Skipped, not EPD data: {0}.', `${skipped.slice(0, 5).join(', ')}${skipped.length > 5 ? ', …' : ''}`),
    });
  }
  // An LCAbyg file with nothing user-made says so in its own warning (not "no EPD found").
  const saidWhy = results.some((r) => r.format === 'lcabyg' && r.warnings.length);
  if (!merged.materials.length && !merged.constructions.length && !merged.refused.length && !saidWhy) {
    merged.refused.push({ item: inputs.map((i) => i.name).join(', ') || msg('(nothing)'), field: '', reason: msg('No EPD found in what was given.') });
  }
  return merged;
}

/**
 * Imports files, folders' files and ZIPs at once: ZIPs are opened, every entry's format is told by content, each
 * format's inputs go to their importer together (ILCD data sets refer to each other across files).
 */
export function importInputs(inputs: ImportInput[], options: ImportOptions): ImportResult {
  const grouped = group(inputs, options);
  return merge(inputs, grouped, [...grouped.groups].map(([format, list]) => importGroup(format, list, options)));
}

/** The same for the editor: yields to the event loop while it works, so progress shows and cancel is seen. */
export async function importInputsAsync(inputs: ImportInput[], options: ImportOptions): Promise<ImportResult> {
  const grouped = group(inputs, options);
  const results: ImportResult[] = [];
  for (const [format, list] of grouped.groups) {
    await new Promise((r) => setImmediate(r));
    results.push(format === 'ilcd' ? await importIlcdAsync(list, options) : importGroup(format, list, options));
  }
  return merge(inputs, grouped, results);
}
