/**
 * A data table that stays readable on a phone: it scrolls sideways inside its own box (the page
 * never does), with a caption for screen readers and one column as the row's header.
 */
import type { ReactNode } from 'react';

export interface Column<Row> {
  /** A stable key for React. */
  key: string;
  header: ReactNode;
  cell(row: Row): ReactNode;
  /** Right-aligned (numbers, money). */
  numeric?: boolean;
}

export function Table<Row>({
  caption,
  columns,
  rows,
  rowKey,
  captionHidden = true,
}: {
  caption: string;
  columns: Column<Row>[];
  rows: Row[];
  rowKey(row: Row): string;
  captionHidden?: boolean;
}) {
  return (
    // A scrollable box must be reachable by keyboard (axe: scrollable-region-focusable); a
    // figure, not a landmark, so a section titled like the table does not clash with it.
    <figure
      className="overflow-x-auto rounded-lg border border-line"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the box scrolls, so the keyboard must reach it.
      tabIndex={0}
      aria-label={caption}
    >
      <table className="w-full min-w-max border-collapse text-sm">
        <caption className={captionHidden ? 'sr-only' : 'p-3 text-left font-semibold'}>{caption}</caption>
        <thead className="bg-surface-2 text-left text-xs uppercase tracking-wide text-muted">
          <tr>
            {columns.map((c) => (
              <th
                key={c.key}
                scope="col"
                className={`px-3 py-2 font-semibold ${c.numeric ? 'text-right' : ''}`}
              >
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} className="border-t border-line">
              {columns.map((c, i) =>
                i === 0 ? (
                  <th key={c.key} scope="row" className="px-3 py-2 text-left font-normal">
                    {c.cell(row)}
                  </th>
                ) : (
                  <td key={c.key} className={`px-3 py-2 ${c.numeric ? 'text-right tabular-nums' : ''}`}>
                    {c.cell(row)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
