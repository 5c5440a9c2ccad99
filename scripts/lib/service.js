// Starts the local LCA service (dist/service.js) as a child process; it prints one JSON line with its URLs when ready.
const { spawn } = require('child_process');
const fs = require('fs');
const path = require('path');
const readline = require('readline');
const { repoRoot } = require('./repo');
const { track, stopGroup } = require('./processes');

const serviceAvailable = () => fs.existsSync(path.join(repoRoot(), 'dist', 'service.js'));

/**
 * @param {{dataDir: string, port?: number, tokenTtl?: number, extraArgs?: string[], timeoutMs?: number}} options
 * @returns {Promise<{urls: import('../../src/core/api/types').ServiceUrls, stop: () => Promise<void>}>}
 */
function startService({ dataDir, port = 0, tokenTtl, extraArgs = [], timeoutMs = 30000 }) {
  fs.mkdirSync(dataDir, { recursive: true });
  const args = [path.join(repoRoot(), 'dist', 'service.js'), '--port', String(port), '--data', dataDir, ...extraArgs];
  if (tokenTtl) args.push('--token-ttl', String(tokenTtl));
  const child = track(spawn(process.execPath, args, { cwd: repoRoot(), stdio: ['ignore', 'pipe', 'pipe'], detached: true }));
  const stop = () => stopGroup(child, 3000);
  let log = '';
  child.stderr.on('data', (d) => (log = (log + d).slice(-4000)));
  let settled = false;
  return new Promise((resolve, reject) => {
    const fail = (message) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void stop().then(() => reject(new Error(`${message}\n${log}`)));
    };
    const timer = setTimeout(() => fail(`the local service printed no URLs within ${timeoutMs} ms`), timeoutMs);
    // The ready line is the JSON object with the URLs; anything printed before it is log output.
    const lines = readline.createInterface({ input: child.stdout });
    lines.on('line', (line) => {
      if (settled) return;
      let urls;
      try {
        urls = JSON.parse(line);
      } catch {
        // not the ready line
      }
      if (!['baseUrl', 'epdUrl', 'authUrl', 'graphqlUrl'].every((k) => typeof urls?.[k] === 'string')) return void (log = (log + line + '\n').slice(-4000));
      settled = true;
      clearTimeout(timer);
      resolve({ urls, stop });
    });
    child.on('exit', (code) => fail(`the local service exited with ${code} before it was ready`));
    child.on('error', (e) => fail(`the local service could not start: ${e.message}`));
  });
}

/** The extension's settings that point it at a running local service. */
function serviceSettings(urls) {
  return Object.fromEntries(['baseUrl', 'epdUrl', 'authUrl', 'graphqlUrl'].map((k) => [`lca.service.${k}`, urls[k]]));
}

module.exports = { serviceAvailable, startService, serviceSettings };
