// The workspace the features that read files work in: its folders, confined paths, and the materials its files know.
export * from './types';
export { candidateMaterial, diskWorkspace, MAX_FILES, resolveInWorkspace, shownPath, workspaceMaterials } from './files';
export { confine } from './confine';
export { InputError } from './inputError';
export { MaterialIndex, type MaterialSource } from './materials';
export { periodForCall, periodOfFile } from './period';
