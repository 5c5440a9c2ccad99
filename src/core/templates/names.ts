// File names from display names, shared by every "write a new file" command.

/**
 * A file name stem from a display name: "Beton C30/37" → "beton-c30-37", "Træfiberisolering" → "træfiberisolering".
 * Letters of every language are kept as they are written (æ, ø, å, ö, é …, in their composed NFC form so the same
 * name always gives the same bytes); whatever is not a letter or digit becomes one dash (docs/service-decisions.md).
 */
export function fileStem(name: string, fallback: string): string {
  const stem = name
    .normalize('NFC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  // 60 characters, not UTF-16 units: a letter outside the BMP is never cut in half.
  return [...stem].slice(0, 60).join('').replace(/-+$/, '') || fallback;
}
