// The LCA calculation core: EPD scaling, construction aggregation and BR18 dashboards (pure functions, no I/O).
export * from './types';
export * from './br18';
export * from './decimalFormat';
export * from './scale';
export * from './dashboard';
export * from './epd';
