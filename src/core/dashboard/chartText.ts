// Text for chart labels and tooltips. ECharts draws it on canvas (never as HTML), but rich-text tooltips parse
// "{style|text}" markup, so a service string like "{a|x}" would lose its braces; a zero-width space defuses it.

/** Keeps "{name|…}" in service strings literal where ECharts parses rich-text markup. */
export function chartText(s: string): string {
  return s.replace(/\{/g, '{\u200b');
}

/** Shortens a label for an axis, keeping the start (names are told apart by their beginning). */
export function shortLabel(s: string, max = 32): string {
  return s.length <= max ? s : `${s.slice(0, max - 1)}…`;
}
