/**
 * A word table with no prototype: descriptions and pages are full of words such as "constructor" and "toString",
 * which a plain object literal answers with its inherited members.
 */
export const wordTable = <T>(entries: Record<string, T>): Record<string, T> =>
  Object.assign(Object.create(null) as Record<string, T>, entries);
