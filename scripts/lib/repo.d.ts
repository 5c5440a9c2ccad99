// Types for scripts/lib/repo.js.
export function repoRoot(): string;
