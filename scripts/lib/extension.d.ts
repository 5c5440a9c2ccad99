// Types for scripts/lib/extension.js.
export function packageVsix(outFile: string, folder?: string): Promise<string>;
export function installBuiltExtension(options: { workDir: string; userDataDir: string; extensionsDir: string }): Promise<string>;
export function installFolderExtension(folder: string, options: { workDir: string; userDataDir: string; extensionsDir: string }): Promise<string>;
