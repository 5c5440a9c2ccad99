// Brings up what a user gets from `npm start`: the local service (when built), the extension installed from the
// build, user settings pointing at the service, and code-server serving a workspace folder. Shared by
// scripts/start.js and the e2e tests.
const fs = require('fs');
const path = require('path');
const { ensureCodeServer, startCodeServer, writeUserSettings } = require('./code-server');
const { serviceAvailable, startService, serviceSettings } = require('./service');
const { installBuiltExtension, installFolderExtension } = require('./extension');

/**
 * @param {{workDir: string, workspace: string, serviceDataDir: string, port?: number, log?: (line: string) => void,
 *          env?: Record<string, string>, progress?: (line: string) => void, settings?: Record<string, unknown>,
 *          extraArgs?: string[], extensions?: string[]}} options  `settings`: more user settings; `extraArgs`: more
 *          code-server arguments (e.g. `--locale da` for VS Code's display language); `extensions`: folders of more
 *          extensions to package and install (e.g. a language pack)
 */
async function startWorkbench({ workDir, workspace, serviceDataDir, port = 0, log = () => {}, env = {}, progress = () => {}, settings = {}, extraArgs = [], extensions = [] }) {
  await ensureCodeServer();
  const userDataDir = path.join(workDir, 'user-data');
  const extensionsDir = path.join(workDir, 'extensions');
  fs.mkdirSync(workDir, { recursive: true });
  const stops = [];
  const stop = async () => {
    while (stops.length) await stops.pop()();
  };
  try {
    let serviceUrls;
    if (serviceAvailable()) {
      progress('starting the local LCA service…');
      const service = await startService({ dataDir: serviceDataDir, extraArgs: ['--remember-port'] });
      stops.push(service.stop);
      serviceUrls = service.urls;
    } else {
      progress('dist/service.js is not built yet: starting VS Code without the local service');
    }
    progress('installing the extension from the build…');
    await installBuiltExtension({ workDir, userDataDir, extensionsDir });
    for (const folder of extensions) await installFolderExtension(folder, { workDir, userDataDir, extensionsDir });
    writeUserSettings(userDataDir, { ...(serviceUrls ? serviceSettings(serviceUrls) : {}), ...settings });
    progress('starting VS Code (code-server)…');
    const server = await startCodeServer({ port, userDataDir, extensionsDir, folder: workspace, env, log, extraArgs });
    stops.push(server.stop);
    const folderUrl = `${server.url}?folder=${encodeURIComponent(workspace)}`;
    return { url: server.url, folderUrl, port: server.port, serviceUrls, userDataDir, extensionsDir, stop };
  } catch (e) {
    await stop();
    throw e;
  }
}

module.exports = { startWorkbench };
