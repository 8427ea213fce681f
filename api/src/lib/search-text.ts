/** A staff search box's text, read the same way by every list that searches people (players, AML cases). */

/** `%…%` for LIKE, with `\` escaping the wildcards a name may hold. */
export const contains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * What a query means: digits are part of a phone (a leading 0 dropped: 0712… is +254712…) and
 * maybe a Paybill account number; anything else is part of a name.
 */
export function readQuery(q: string): { digits?: string; name?: string } {
  if (/^[+\d\s\-().]+$/.test(q)) {
    const digits = q.replace(/\D/g, '').replace(/^0+/, '');
    return digits.length > 0 ? { digits } : {};
  }
  return { name: q.toLowerCase() };
}
