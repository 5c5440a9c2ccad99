// Types for scripts/lib/browser.js, which the e2e tests (TypeScript) import.
import type { Browser } from 'playwright-core';

export const CHROMIUM_ARGS: string[];
export function chromiumPath(): string;
export function launchChromium(options?: { headless?: boolean }): Promise<Browser>;
export function workbenchUrl(serverUrl: string, folder: string | undefined, payload?: [string, string][]): string;
export function remoteUri(serverUrl: string, absPath: string): string;
