// Bundle sizes: what the .vsix ships and a webview loads (run after `node esbuild.js`; raw and gzip, in KB).
import * as fs from 'fs';
import * as path from 'path';
import * as zlib from 'zlib';
import { REPO_ROOT } from '../../fixtures/paths';

export interface BundleSize {
  file: string;
  kb: number;
  gzipKb: number;
}

export function bundleSizes(): BundleSize[] {
  const files = ['dist/extension.js', 'dist/validation.js', 'dist/service.js'];
  const media = path.join(REPO_ROOT, 'media', 'dist');
  if (fs.existsSync(media)) {
    for (const f of fs.readdirSync(media).sort()) if (/\.(js|css)$/.test(f)) files.push(`media/dist/${f}`);
  }
  return files
    .filter((f) => fs.existsSync(path.join(REPO_ROOT, f)))
    .map((file) => {
      const data = fs.readFileSync(path.join(REPO_ROOT, file));
      return { file, kb: data.length / 1024, gzipKb: zlib.gzipSync(data, { level: 9 }).length / 1024 };
    });
}
