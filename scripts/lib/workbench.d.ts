// Types for scripts/lib/workbench.js, which the e2e tests (TypeScript) import.
export interface ServiceUrls {
  baseUrl: string;
  epdUrl: string;
  authUrl: string;
  graphqlUrl: string;
}

export interface RunningWorkbench {
  /** code-server's root URL, e.g. http://127.0.0.1:PORT/ */
  url: string;
  /** The workbench URL with the workspace folder open. */
  folderUrl: string;
  port: number;
  /** Undefined while dist/service.js does not exist. */
  serviceUrls: ServiceUrls | undefined;
  userDataDir: string;
  extensionsDir: string;
  stop(): Promise<void>;
}

export function startWorkbench(options: {
  workDir: string;
  workspace: string;
  serviceDataDir: string;
  port?: number;
  log?: (line: string) => void;
  env?: Record<string, string>;
  progress?: (line: string) => void;
  /** More user settings (merged over the service's). */
  settings?: Record<string, unknown>;
  /** More code-server arguments, e.g. ['--locale', 'da']. */
  extraArgs?: string[];
  /** Folders of more extensions to package and install (e.g. test/fixtures/language-pack-da). */
  extensions?: string[];
}): Promise<RunningWorkbench>;
