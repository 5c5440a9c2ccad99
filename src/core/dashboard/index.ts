// The dashboards' pure core: message protocol, view models, CSV export, number formatting and the HTML template.
export * from './messages';
export * from './viewModel';
export * from './indicator';
export * from './csv';
export * from './format';
export * from './html';
export * from './chartText';
