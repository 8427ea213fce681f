/**
 * A data table that stays readable on a phone: below the `sm` breakpoint each row is a card of
 * "label  value" lines (the column's header drawn before each cell by CSS, so the cell's text stays
 * its value alone), and a 390 px screen never scrolls sideways; from `sm` up it is a real table
 * with a caption for screen readers and one column as the row's header, scrolling sideways inside
 * its own box if it must.
 */
import type { ReactNode } from 'react';

export interface Column<Row> {
  /** A stable key for React. */
  key: string;
  header: ReactNode;
  /** The label of the column's lines in a phone's cards when `header` is not plain text. */
  cardLabel?: string;
  cell(row: Row): ReactNode;
  /** Right-aligned (numbers, money). */
  numeric?: boolean;
}

/**
 * A cell: on a phone a line of the card, its label (the `data-label`) at the left and the value at
 * the right, or under the label when it is too wide for one line (buttons, long text); a table
 * cell from `sm` up, where the label is not drawn.
 */
const CELL =
  'flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 px-3 py-1 text-right sm:table-cell sm:py-2 ' +
  'before:shrink-0 before:text-left before:text-xs before:font-semibold before:uppercase ' +
  'before:tracking-wide before:text-muted before:content-[attr(data-label)] sm:before:content-none';

const labelOf = (c: Column<unknown>) => c.cardLabel ?? (typeof c.header === 'string' ? c.header : undefined);

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
      <table className="block w-full border-collapse text-sm sm:table">
        <caption className={captionHidden ? 'sr-only' : 'block p-3 text-left font-semibold sm:table-caption'}>
          {caption}
        </caption>
        <thead className="hidden bg-surface-2 text-left text-xs uppercase tracking-wide text-muted sm:table-header-group">
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
        <tbody className="block sm:table-row-group">
          {rows.map((row) => (
            <tr
              key={rowKey(row)}
              className="block border-line py-2 not-first:border-t sm:table-row sm:border-t sm:py-0"
            >
              {columns.map((c, i) =>
                i === 0 ? (
                  <th
                    key={c.key}
                    scope="row"
                    data-label={labelOf(c)}
                    className={`${CELL} font-semibold sm:text-left sm:font-normal`}
                  >
                    <div className="ms-auto min-w-0">{c.cell(row)}</div>
                  </th>
                ) : (
                  <td
                    key={c.key}
                    data-label={labelOf(c)}
                    className={`${CELL} ${c.numeric ? 'tabular-nums' : 'sm:text-left'}`}
                  >
                    <div className="ms-auto min-w-0">{c.cell(row)}</div>
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
