// A module loaded on first use: `export const loadX = lazy(() => require('…') as typeof import('…'))`, one
// `load<Name>` per bundle of esbuild.js's LAZY_BUNDLES (src/extension/bundles.ts; the schemas' validation in
// core/schemas). In the extension the bundler turns that require into one of dist/<name>.js, so activation loads none
// of its code. A require, not a dynamic import(): the extension runs from a code-cached script (extension/boot.ts)
// where import() has no loader. The require stays at the caller, where its path is resolved.

/** `load` called once, on the first call of the returned function; its value kept. */
export function lazy<T>(load: () => T): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= load());
}
