/**
 * The shared table: a real table from `sm` up (caption, column headers, one row header per row),
 * and below `sm` a card per row whose every line carries its column's label, with nothing that
 * makes a 390 px screen scroll sideways.
 */
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type Column, Table } from './table.tsx';

interface Payment {
  id: string;
  phone: string;
  amount: string;
}

const columns: Column<Payment>[] = [
  { key: 'phone', header: 'Phone', cell: (p) => p.phone },
  { key: 'amount', header: 'Amount', numeric: true, cell: (p) => p.amount },
  { key: 'act', header: 'Action', cell: (p) => <button type="button">Complete {p.id}</button> },
];
const rows: Payment[] = [
  { id: 'w1', phone: '+254700000001', amount: 'KSh 1,500.00' },
  { id: 'w2', phone: '+254700000002', amount: 'KSh 20.00' },
];

const renderTable = () =>
  render(<Table caption="Withdrawals in review" columns={columns} rows={rows} rowKey={(p) => p.id} />);

/** The classes that apply below `sm` (Tailwind's unprefixed ones), without the `sm:` ones. */
const phoneClasses = (el: Element) => el.className.split(/\s+/).filter((c) => c && !c.includes(':'));

describe('Table', () => {
  it('keeps the table semantics: caption, column headers, a row header and cells per row', () => {
    renderTable();
    const table = screen.getByRole('table', { name: 'Withdrawals in review' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Phone', 'Amount', 'Action']);
    const bodyRows = within(table).getAllByRole('row').slice(1);
    expect(bodyRows).toHaveLength(2);
    const first = bodyRows[0] as HTMLElement;
    expect(within(first).getByRole('rowheader').textContent).toContain('+254700000001');
    expect(within(first).getAllByRole('cell')).toHaveLength(2);
    expect(within(first).getByRole('button', { name: 'Complete w1' })).toBeTruthy();
  });

  it('shows each row as a card of label and value lines below sm, the header row only from sm', () => {
    renderTable();
    const table = screen.getByRole('table');
    // Below sm: not a table layout and no minimum width (a max-content table scrolls sideways).
    expect(phoneClasses(table)).toContain('block');
    expect(phoneClasses(table)).not.toContain('min-w-max');
    expect(table.className).toContain('sm:table');
    const head = table.querySelector('thead') as HTMLElement;
    expect(phoneClasses(head)).toContain('hidden');
    expect(head.className).toContain('sm:table-header-group');

    for (const row of within(table).getAllByRole('row').slice(1)) {
      expect(phoneClasses(row)).toContain('block');
      const lines = [...row.children];
      expect(lines).toHaveLength(columns.length);
      lines.forEach((line, i) => {
        // Each line is "label … value": the column's header drawn before the value below sm only.
        expect(phoneClasses(line)).toContain('flex');
        // A value too wide for the label's line (buttons, long text) goes under it, not off the card.
        expect(phoneClasses(line)).toContain('flex-wrap');
        expect(line.className.split(' ')).toContain('before:content-[attr(data-label)]');
        expect(line.className).toContain('sm:before:content-none');
        expect(line.className).toContain('sm:table-cell');
        expect(line.getAttribute('data-label')).toBe(columns[i]?.header);
      });
    }
    // The label is drawn, not written: a cell's text is its value alone.
    expect(screen.getAllByRole('rowheader').map((h) => h.textContent)).toEqual([
      '+254700000001',
      '+254700000002',
    ]);
  });

  it('labels a column whose header is not plain text with its card label, or not at all', () => {
    render(
      <Table
        caption="Sessions"
        rowKey={(p: Payment) => p.id}
        rows={rows.slice(0, 1)}
        columns={[
          { key: 'phone', header: <em>Phone</em>, cardLabel: 'Phone number', cell: (p) => p.phone },
          { key: 'act', header: <span className="sr-only">Actions</span>, cell: (p) => p.id },
        ]}
      />,
    );
    const [phone, act] = [...(screen.getAllByRole('row')[1]?.children ?? [])];
    expect(phone?.getAttribute('data-label')).toBe('Phone number');
    expect(act?.hasAttribute('data-label')).toBe(false);
  });
});
