// The sheets' names and the cell makers every sheet of the BR18 workbook writes with.
import type { Cell } from './types';

export const SHEET = { general: 'Generel information', parts: 'Bygningsdele', operation: 'Drift' } as const;

/** A text cell, or empty where there is no text. */
export const text = (v: string | undefined): Cell => (v ? { text: v } : null);
/** A number cell (12 significant digits), or empty where there is no finite number. */
export const num = (v: number | undefined): Cell => (v === undefined || !Number.isFinite(v) ? null : { number: Number(v.toPrecision(12)) });
export const round = (v: number, places = 4): number => Number(v.toFixed(places));
