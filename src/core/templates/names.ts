// File names from display names, shared by every "write a new file" command.

/** A file name stem from a display name: "Beton C30/37" → "beton-c30-37". */
export function fileStem(name: string, fallback: string): string {
  return (
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || fallback
  );
}

