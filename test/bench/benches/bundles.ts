// Bundle sizes of the production build (what the .vsix ships and a webview loads): built here in memory with
// esbuild.js's own settings, whatever build is on disk; raw and gzip, in KB.
import * as path from 'path';
import * as zlib from 'zlib';
import type { BuildOptions } from 'esbuild';
import { REPO_ROOT } from '../../fixtures/paths';

export interface BundleSize {
  file: string;
  kb: number;
  gzipKb: number;
}

export async function bundleSizes(): Promise<BundleSize[]> {
  // Loaded at run time: esbuild's API finds its binary relative to its own package, so it cannot be bundled.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const esbuild = require(path.join(REPO_ROOT, 'node_modules', 'esbuild')) as typeof import('esbuild');
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { configs } = require(path.join(REPO_ROOT, 'esbuild.js')) as { configs(o: { production: boolean }): BuildOptions[] };
  const sizes: BundleSize[] = [];
  for (const config of configs({ production: true })) {
    const built = await esbuild.build({ ...config, absWorkingDir: REPO_ROOT, write: false, logLevel: 'silent' });
    for (const out of built.outputFiles) {
      if (!/\.(js|css)$/.test(out.path)) continue;
      sizes.push({ file: path.relative(REPO_ROOT, out.path).split(path.sep).join('/'), kb: out.contents.length / 1024, gzipKb: zlib.gzipSync(out.contents, { level: 9 }).length / 1024 });
    }
  }
  return sizes.sort((a, b) => a.file.localeCompare(b.file));
}
