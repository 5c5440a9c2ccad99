// Starts the local LCA service (dist/service.js) as a child process and reads the one JSON line it prints when ready.
const { spawn } = require('child_process');
const fs = require('fs');
const path = require('path');
const { repoRoot } = require('./repo');
const { track } = require('./processes');
const { stopGroup } = require('./code-server');

function serviceEntry() {
  return path.join(repoRoot(), 'dist', 'service.js');
}

function serviceAvailable() {
  return fs.existsSync(serviceEntry());
}

function parseReadyLine(line) {
  if (!line.startsWith('{')) return undefined;
  try {
    const value = JSON.parse(line);
    return ['baseUrl', 'epdUrl', 'authUrl', 'graphqlUrl'].every((k) => typeof value[k] === 'string') ? value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * @param {{dataDir: string, port?: number, tokenTtl?: number, extraArgs?: string[], timeoutMs?: number, entry?: string}} options
 * @returns {Promise<{urls: import('../../src/core/api/types').ServiceUrls, stop: () => Promise<void>}>}
 */
function startService({ dataDir, port = 0, tokenTtl, extraArgs = [], timeoutMs = 30000, entry = serviceEntry() }) {
  fs.mkdirSync(dataDir, { recursive: true });
  const args = [entry, '--port', String(port), '--data', dataDir, ...extraArgs];
  if (tokenTtl) args.push('--token-ttl', String(tokenTtl));
  const child = spawn(process.execPath, args, { cwd: repoRoot(), stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  track(child);
  const stop = () => stopGroup(child, 3000);
  return new Promise((resolve, reject) => {
    let stdout = '';
    let stderr = '';
    let settled = false;
    const fail = (message) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void stop().then(() => reject(new Error(`${message}\n${stderr.slice(-4000)}`)));
    };
    const timer = setTimeout(() => fail(`the local service printed no URLs within ${timeoutMs} ms`), timeoutMs);
    child.stderr.on('data', (d) => (stderr = (stderr + d).slice(-20000)));
    child.stdout.on('data', (d) => {
      if (settled) return;
      stdout += d;
      // The ready line is the JSON object with the URLs; anything printed before it is log output.
      let nl;
      while ((nl = stdout.indexOf('\n')) >= 0) {
        const line = stdout.slice(0, nl).trim();
        stdout = stdout.slice(nl + 1);
        const urls = parseReadyLine(line);
        if (!urls) {
          stderr = (stderr + line + '\n').slice(-20000);
          continue;
        }
        settled = true;
        clearTimeout(timer);
        return resolve({ urls, stop, process: child });
      }
    });
    child.on('exit', (code) => fail(`the local service exited with ${code} before it was ready`));
    child.on('error', (e) => fail(`the local service could not start: ${e.message}`));
  });
}

/** The extension's settings that point it at a running local service. */
function serviceSettings(urls) {
  return {
    'lca.service.baseUrl': urls.baseUrl,
    'lca.service.epdUrl': urls.epdUrl,
    'lca.service.authUrl': urls.authUrl,
    'lca.service.graphqlUrl': urls.graphqlUrl,
  };
}

module.exports = { serviceEntry, serviceAvailable, startService, serviceSettings };
