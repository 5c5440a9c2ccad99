// Types for scripts/lib/code-server.js.
import type { ChildProcess } from 'child_process';

export const VERSION: string;
export const DEFAULT_SETTINGS: Record<string, unknown>;
export function cacheDir(): string;
export function codeServerDir(): string;
export function ensureCodeServer(options?: { log?: (line: string) => void }): Promise<string>;
export function startCodeServer(options: {
  port?: number;
  userDataDir: string;
  extensionsDir: string;
  folder?: string;
  env?: Record<string, string>;
  log?: (line: string) => void;
  extraArgs?: string[];
  timeoutMs?: number;
}): Promise<{ url: string; port: number; process: ChildProcess; stop(): Promise<void>; output(): string }>;
export function installExtension(vsixPath: string, dirs: { userDataDir: string; extensionsDir: string }): Promise<string>;
export function writeUserSettings(userDataDir: string, extra?: Record<string, unknown>): string;
export function freePort(wanted?: number): Promise<number>;
export function freePortFrom(start: number): Promise<number>;
export function stopGroup(child: ChildProcess, graceMs?: number): Promise<void>;
export function lockIsStale(lockDir: string): boolean;
