// Brings up what a user gets from `npm start`: the local service (when built), the extension installed from the
// build, user settings pointing at the service, and code-server serving a workspace folder. Shared by
// scripts/start.js and the e2e tests.
const path = require('path');
const { startCodeServer, writeUserSettings } = require('./code-server');
const { serviceAvailable, startService, serviceSettings } = require('./service');
const { installPackaged } = require('./extension');

/**
 * @param {{workDir: string, workspace: string, serviceDataDir: string, port?: number, log?: (line: string) => void,
 *          progress?: (line: string) => void, settings?: Record<string, unknown>, extraArgs?: string[],
 *          extensions?: string[]}} options  `settings`: more user settings; `extraArgs`: more code-server arguments
 *          (e.g. `--locale da`, VS Code's display language); `extensions`: folders of more extensions to package and
 *          install (e.g. a language pack)
 */
async function startWorkbench({ workDir, workspace, serviceDataDir, port = 0, log = () => {}, progress = () => {}, settings = {}, extraArgs = [], extensions = [] }) {
  const dirs = { workDir, userDataDir: path.join(workDir, 'user-data'), extensionsDir: path.join(workDir, 'extensions') };
  const stops = [];
  const stop = async () => {
    while (stops.length) await stops.pop()();
  };
  try {
    /** @type {import('../../src/core/api/types').ServiceUrls | undefined} */
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
    for (const folder of [undefined, ...extensions]) await installPackaged(dirs, folder);
    writeUserSettings(dirs.userDataDir, { ...(serviceUrls ? serviceSettings(serviceUrls) : {}), ...settings });
    progress('starting VS Code (code-server)…');
    const server = await startCodeServer({ ...dirs, port, folder: workspace, log, extraArgs });
    stops.push(server.stop);
    return { url: server.url, folderUrl: `${server.url}?folder=${encodeURIComponent(workspace)}`, serviceUrls, stop };
  } catch (e) {
    await stop();
    throw e;
  }
}

module.exports = { startWorkbench };
