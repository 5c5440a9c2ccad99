// The workspace the features that read files work in: its folders, confined paths, and the materials its files know.
export * from './types';
export { diskWorkspace, MAX_FILES, resolveInWorkspace, shownPath, workspaceMaterials } from './files';
export { confine } from '../confine';
export { MaterialIndex, type MaterialSource } from './materials';
export { periodForCall, periodOfFile } from './period';
