// jsonc-parser through its ES module build: its package "main" is a UMD bundle whose runtime require() calls
// esbuild cannot follow (microsoft/node-jsonc-parser#57), so the bundled code would fail to load.
export * from 'jsonc-parser/lib/esm/main.js';
