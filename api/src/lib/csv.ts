/**
 * One CSV cell for a spreadsheet. A cell a spreadsheet would run as a formula (starting with `=`,
 * `@`, tab, carriage return, or `+`/`-` unless the whole cell is a plain number) is kept as text
 * with a leading apostrophe, so phone numbers (+2547…) and signed amounts stay numbers while
 * `-1+cmd|…` does not run; quotes, commas and line breaks are quoted.
 */
export function csvCell(value: string): string {
  const formula = /^[=@\t\r]/.test(value) || (/^[+-]/.test(value) && !/^[+-]\d+(\.\d+)?$/.test(value));
  const text = formula ? `'${value}` : value;
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
