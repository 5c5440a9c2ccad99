// Names compared as a person reads them: by the words that say something (a "Ydervæg, tegl" and "Tegl, blødstrøgen"
// share "tegl"). Used where materials are offered by likeness: the fixes of an unknown epdId, the alternatives.

/** The words of a name that say something: lower case, 3 letters or more (Danish letters included). */
export function nameWords(name: string): Set<string> {
  return new Set(name.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((w) => w.length >= 3));
}

/** How many of `words` the name has. */
export function sharedWords(words: ReadonlySet<string>, name: string): number {
  let n = 0;
  for (const w of nameWords(name)) if (words.has(w)) n++;
  return n;
}

/** How many of `words` occur in the name (as parts of its words too): cheaper than `sharedWords`, for long lists. */
export function containedWords(words: ReadonlySet<string>, name: string): number {
  if (words.size === 0) return 0;
  const lower = name.toLowerCase();
  let n = 0;
  for (const w of words) if (lower.includes(w)) n++;
  return n;
}
