/**
 * The deepest nesting of objects and arrays a JSON body may have. The API's own bodies nest a
 * few levels; a body nested thousands deep only exists to exhaust the stack of whatever walks it
 * (validation, logging, serialising), so it is refused before it is parsed.
 */
export const MAX_JSON_DEPTH = 64;

/**
 * True when the objects and arrays of JSON text `text` nest deeper than `limit`. One pass over
 * the characters, without parsing; brackets inside strings do not count. Malformed text is left
 * for the parser to refuse.
 */
export function nestedDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{' || c === '[') {
      depth++;
      if (depth > limit) return true;
    } else if (c === '}' || c === ']') depth--;
  }
  return false;
}
