// What VS Code loads (dist/extension.js): a few lines that load the extension itself (dist/main.js, built from
// extension.ts) with V8's code cache. Compiling the bundle (240 KB then) was about a third of what activation cost beyond a
// minimal extension's; with the cache, V8 reads the compiled code of the previous activation instead — the same
// thing Node 22's module compile cache does, which the Node 20 extension host lacks. The cache lives in the
// extension's global storage, one file per build of dist/main.js; a cache V8 refuses (another V8, a damaged file) is
// ignored and replaced, and any problem with it only costs the compile it would have saved.
//
// When this can give way to Node's own compile cache: Node ≥ 22.1 caches the compiled code of CommonJS modules itself
// (`module.enableCompileCache(dir)`, called before the bundle is required). VS Code 1.100, the oldest VS Code that
// `engines.vscode` allows, runs its extension host on Node 20 (`process.versions.node` there says which). Once the
// oldest VS Code the extension supports runs Node ≥ 22.1, loadWithCodeCache goes: activate becomes
// `module.enableCompileCache(context.globalStorageUri.fsPath)` and `require('./main.js')`, with the cache's naming,
// refusal and writing left to Node. (The loader itself stays, a few lines: VS Code requires `main` before the cache
// could be enabled.)
import * as fs from 'fs';
import { createRequire } from 'module';
import * as path from 'path';
import * as vm from 'vm';
import type * as vscode from 'vscode';
import type { BootInfo, ExtensionMain } from './bootInfo';

/** How long after activation the cache is written (so that it holds what activation compiled too); at the latest on deactivation. */
const WRITE_DELAY_MS = 500;

let main: ExtensionMain | undefined;
let pendingWrite: (() => void) | undefined;

/** The cache file of this build of `file` (its size and modification time name it) in `storage`. */
export function codeCacheFile(file: string, storage: string): string {
  const stat = fs.statSync(file);
  return path.join(storage, `code-cache-${path.basename(file, '.js')}-${stat.size}-${Math.round(stat.mtimeMs)}.bin`);
}

/**
 * Loads the CommonJS file `file` as `require` would, compiled with the V8 code cache in `storage`, and returns its
 * exports and `writeCache()`, which stores the cache when there was none or V8 refused it (false otherwise; never throws).
 */
export function loadWithCodeCache(file: string, storage: string): { exports: unknown; cacheUsed: boolean; writeCache: () => boolean } {
  const source = fs.readFileSync(file, 'utf8');
  let cacheFile: string | undefined;
  let cachedData: Buffer | undefined;
  try {
    cacheFile = codeCacheFile(file, storage);
    cachedData = fs.readFileSync(cacheFile);
  } catch {
    // No cache yet (or no storage): compiled as require would.
  }
  // Wrapped as Node wraps a CommonJS file (line numbers unchanged); a source map comment stays last, where tools look.
  const map = /\n\/\/# sourceMappingURL=[^\n]*\s*$/.exec(source);
  const body = map ? source.slice(0, map.index) : source;
  const script = new vm.Script(`(function (exports, require, module, __filename, __dirname) {${body}\n})${map ? map[0] : ''}`, {
    filename: file,
    ...(cachedData ? { cachedData } : {}),
  });
  const cacheUsed = !!cachedData && !script.cachedDataRejected;
  const module = { exports: {} as unknown };
  // `require` of this file: the lazy bundles (./validation.js, ./import.js) and `vscode` resolve as for a file VS Code loaded.
  (script.runInThisContext() as (...a: unknown[]) => void).call(module.exports, module.exports, createRequire(file), module, file, path.dirname(file));
  return {
    exports: module.exports,
    cacheUsed,
    writeCache: () => {
      if (cacheUsed || !cacheFile) return false;
      try {
        fs.mkdirSync(storage, { recursive: true });
        // Caches of earlier builds go; the new one is written whole before it takes the name.
        for (const old of fs.readdirSync(storage)) if (/^code-cache-.*\.bin$/.test(old) && old !== path.basename(cacheFile)) fs.rmSync(path.join(storage, old), { force: true });
        const temp = `${cacheFile}.${process.pid}.tmp`;
        fs.writeFileSync(temp, script.createCachedData());
        fs.renameSync(temp, cacheFile);
        return true;
      } catch {
        return false;
      }
    },
  };
}

export async function activate(context: vscode.ExtensionContext): Promise<unknown> {
  const file = path.join(__dirname, 'main.js');
  let writeCache: (() => boolean) | undefined;
  const started = performance.now();
  let codeCache: BootInfo['codeCache'];
  try {
    const loaded = loadWithCodeCache(file, context.globalStorageUri.fsPath);
    main = loaded.exports as ExtensionMain;
    writeCache = loaded.writeCache;
    codeCache = loaded.cacheUsed ? 'used' : 'none';
  } catch {
    // Whatever went wrong with the cache, the extension still loads as VS Code would load it.
    main = createRequire(file)(file) as ExtensionMain;
    codeCache = 'failed';
  }
  const api = await main.activate(context, { loadMs: performance.now() - started, codeCache });
  if (writeCache) {
    const write = writeCache;
    const timer = setTimeout(() => {
      pendingWrite = undefined;
      write();
    }, WRITE_DELAY_MS);
    pendingWrite = () => {
      clearTimeout(timer);
      pendingWrite = undefined;
      write();
    };
  }
  return api;
}

export function deactivate(): void {
  pendingWrite?.();
  main?.deactivate();
}
