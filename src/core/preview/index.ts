// What the editor shows while a material or construction file is edited: the live impact preview of a construction
// and the cursor contexts and hover texts of completion and hover. Pure (no vscode), tested in plain Node.
export * from './impact';
export * from './language';
