// What the editor shows while a material or construction file is edited: the live impact preview of a construction,
// the cursor contexts and hover texts of completion and hover, and the impact breakdown page. Pure (no vscode),
// tested in plain Node.
export * from './impact';
export * from './language';
export { breakdownHtml, type BreakdownHtmlOptions } from './breakdownHtml';
