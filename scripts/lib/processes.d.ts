// Types for scripts/lib/processes.js.
import type { ChildProcess } from 'child_process';

export function track<T extends ChildProcess>(child: T): T;
export function onCleanup(fn: () => unknown): void;
export function runCleanups(): Promise<void>;
export function killChildrenNow(): void;
