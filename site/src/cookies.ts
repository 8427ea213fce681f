/** A cookie's value from a request's `Cookie` header (the first of that name), or undefined. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, value = ''] = part.trim().split('=', 2);
    if (key === name) return value.trim();
  }
  return undefined;
}
