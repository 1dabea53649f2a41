// Strings that do not keep a large text alive. V8 makes a slice of a long string (and so each string
// value the parsers take from a document) a view into that string: whatever keeps the slice keeps
// the whole text. What outlives its document's version (a re-parsed tool's nodes, the process-wide
// schema cache) is made of copies instead.

/** `text` as a string of its own (a fresh copy, whatever `text` points into). */
export function detachedString(text: string): string {
  return Buffer.from(text, 'utf16le').toString('utf16le');
}

/** `text.slice(start, end)` as a string of its own. */
export function detachedSlice(text: string, start: number, end: number): string {
  return detachedString(text.slice(start, end));
}

/** A deep copy of a JSON value sharing no string with it (structured cloning makes every string anew). */
export function detachedCopy<T>(value: T): T {
  if (typeof value === 'string') return detachedString(value) as T;
  return typeof value === 'object' && value !== null ? structuredClone(value) : value;
}
