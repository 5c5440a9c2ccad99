// src/core holds no module-level mutable state: what a core function reads (the code table above all) is passed in,
// so the editor, the local service and a headless caller each give their own. A module-level `let` or `var` is what
// such state looks like; the few that remain are named here, each with its reason.
import * as assert from 'assert';
import * as fs from 'fs';
import { createRequire } from 'module';
import * as path from 'path';
import type * as TS from 'typescript';
import { REPO_ROOT } from '../../fixtures/paths';

// Loaded at run time, not bundled: the compiler is large and only tests that read sources use it.
const ts = createRequire(path.join(REPO_ROOT, 'package.json'))('typescript') as typeof TS;

interface Allowed {
  file: string;
  name: string;
  why: string;
}

const ALLOWED: readonly Allowed[] = [
  { file: 'src/core/schemas/validation.ts', name: 'ajv', why: 'the compiler, made on first use (a cache: every caller gets the same answers)' },
  { file: 'src/core/schemas/validation.ts', name: 'fastAjv', why: 'the first-problem compiler, made on first use (a cache)' },
  { file: 'src/core/display.ts', name: 'natural', why: 'the collator, made on first use (a cache)' },
  { file: 'src/core/dashboard/png.ts', name: 'crcTable', why: 'the CRC-32 table, made on first use (a cache)' },
  { file: 'src/core/schemas/validation.ts', name: 'validators', why: 'each schema compiled once (a cache: the same answers for every caller)' },
  { file: 'src/core/schemas/validation.ts', name: 'fastValidators', why: 'each schema compiled once for the first problem (a cache)' },
  { file: 'src/core/display.ts', name: 'dateTimeFormats', why: 'one formatter per locale and style (a cache)' },
  { file: 'src/core/rules/material.ts', name: 'moduleLetters', why: "a code table's A1-A3 code and end-of-life codes, found once per table (a cache, keyed weakly by the table)" },
  { file: 'src/core/rules/material.ts', name: 'normalizedUnits', why: 'unit spellings reduced once (a cache of a pure function, at most 1000 entries)' },
  { file: 'src/core/preview/impact.ts', name: 'separators', why: "a locale's number separators, found once (a cache)" },
  { file: 'src/core/families.ts', name: 'matchers', why: "the family vocabulary's words compiled once per table (a cache of a pure function, keyed weakly by the table)" },
  { file: 'src/core/jobs.ts', name: 'partMatchers', why: "the building parts' words compiled once per table (a cache of a pure function, keyed weakly by the table)" },
  { file: 'src/core/jobs.ts', name: 'formMatchers', why: "a family's forms' words compiled once per form list (a cache of a pure function, keyed weakly by the table's list)" },
  { file: 'src/core/families.ts', name: 'ofEpd', why: "a material's family read once per EPD object (a cache of a pure function, keyed weakly by the EPD)" },
  { file: 'src/core/tools/validate.ts', name: 'compiled', why: 'each tool input schema compiled once (a cache)' },
  { file: 'src/core/lcabygTabel7.ts', name: 'bySortingId', why: 'the Tabel 7 id map indexed once by Sorterings ID (a cache of constant data)' },
  { file: 'src/core/lcabygTabel7.ts', name: 'byLcabygId', why: 'the Tabel 7 id map indexed once by LCAbyg id (a cache of constant data)' },
];

const COLLECTION = /^new (Map|Set|WeakMap|WeakSet)\b|^\[/;

/** Every top-level `const` collection (a Map, Set or array) the file changes (set, add, delete, clear, push…). */
function mutatedCollections(file: string, source: TS.SourceFile, text: string, rel: string): { file: string; name: string }[] {
  const out: { file: string; name: string }[] = [];
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement) || !(statement.declarationList.flags & ts.NodeFlags.Const)) continue;
    for (const d of statement.declarationList.declarations) {
      if (!ts.isIdentifier(d.name) || !d.initializer || !COLLECTION.test(d.initializer.getText(source))) continue;
      const name = d.name.text;
      if (new RegExp(`\\b${name}\\.(set|add|delete|clear|push|pop|shift|unshift|splice|sort|length\\s*=)\\b`).test(text)) out.push({ file: rel, name });
    }
  }
  return out;
}

function sourceFiles(dir: string): string[] {
  return (fs.readdirSync(dir, { recursive: true }) as string[])
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'))
    .map((f) => path.join(dir, f));
}

/** Every `let`/`var` declared at the top level of a file (also exported), and every top-level collection it changes, as "file name". */
function moduleLevelVariables(file: string): { file: string; name: string }[] {
  const text = fs.readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const rel = path.relative(REPO_ROOT, file).split(path.sep).join('/');
  const out: { file: string; name: string }[] = [];
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    const flags = statement.declarationList.flags;
    if (flags & (ts.NodeFlags.Const | ts.NodeFlags.Using | ts.NodeFlags.AwaitUsing)) continue;
    for (const d of statement.declarationList.declarations) out.push({ file: rel, name: d.name.getText(source) });
  }
  return [...out, ...mutatedCollections(file, source, text, rel)];
}

describe('src/core has no module-level mutable state', () => {
  const found = sourceFiles(path.join(REPO_ROOT, 'src', 'core')).flatMap(moduleLevelVariables);

  it('declares no module-level let or var, and changes no module-level collection, beyond the named caches', () => {
    const unexpected = found.filter((v) => !ALLOWED.some((a) => a.file === v.file && a.name === v.name));
    assert.deepStrictEqual(unexpected, [], 'pass the value in (as the code table is) instead of keeping it in the module');
  });

  it('finds what it looks for (the check is not vacuous) and names no entry that is gone', () => {
    assert.ok(found.length > 0, 'the deprecated active table and the caches are found');
    const stale = ALLOWED.filter((a) => !found.some((v) => v.file === a.file && v.name === a.name));
    assert.deepStrictEqual(stale, [], 'an allowed variable that no longer exists: take it out of the list');
  });
});
