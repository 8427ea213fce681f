/**
 * Line and bar charts (recharts) that a screen reader can use: the chart is one labelled image,
 * and "Show as table" swaps it for the same numbers in a Table. Typed by the row: `x` and every
 * series' `key` must be fields of the rows.
 */
import { Button } from '@mchezo/ui/button';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Bar,
  CartesianGrid,
  Line,
  BarChart as RechartsBarChart,
  LineChart as RechartsLineChart,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { Table } from './table.tsx';

/** Series colours from the product's palette (readable on the dark surface). */
const COLOURS = ['#f97316', '#22c55e', '#38bdf8', '#eab308', '#c084fc'];

export interface Series<Row> {
  key: keyof Row & string;
  label: string;
}

export interface ChartProps<Row> {
  /** What the chart shows: its heading, the image's name and the table's caption. */
  title: string;
  rows: Row[];
  /** The field on the horizontal axis (a day, a version). */
  x: keyof Row & string;
  xLabel: string;
  series: Series<Row>[];
  /** How a value reads (money, percent); default the number as is. */
  format?: (value: number) => string;
  height?: number;
  /** Vertical lines at some `x` values (a release, a canary step), each with its label; also listed under the chart. */
  markers?: { x: string; label: string }[];
  /** Lines: a dot on every value, so a lone value between gaps (null) shows (a figure with no data some minutes). */
  dots?: boolean;
}

type Kind = 'line' | 'bar';

function Chart<Row extends object>({
  kind,
  title,
  rows,
  x,
  xLabel,
  series,
  format,
  height = 260,
  markers = [],
  dots = false,
}: ChartProps<Row> & { kind: Kind }) {
  const { t } = useTranslation('common');
  const [asTable, setAsTable] = useState(false);
  const id = useId();
  const show = (v: unknown) => (typeof v === 'number' ? (format ? format(v) : String(v)) : String(v ?? ''));
  const axisProps = { stroke: '#9aa6c3', fontSize: 12 };
  const body = series.map((s, i) =>
    kind === 'line' ? (
      <Line
        key={s.key}
        type="monotone"
        dataKey={String(s.key)}
        name={s.label}
        stroke={COLOURS[i % COLOURS.length]}
        dot={dots ? { r: 3 } : false}
        strokeWidth={2}
      />
    ) : (
      <Bar key={s.key} dataKey={String(s.key)} name={s.label} fill={COLOURS[i % COLOURS.length]} />
    ),
  );
  const Frame = kind === 'line' ? RechartsLineChart : RechartsBarChart;
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="space-y-3 rounded-lg border border-line bg-surface p-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={`${id}-title`} className="font-semibold">
          {title}
        </h2>
        <Button variant="secondary" aria-pressed={asTable} onClick={() => setAsTable((v) => !v)}>
          {asTable ? t('chart.showChart') : t('chart.showTable')}
        </Button>
      </div>
      {asTable ? (
        <Table
          caption={title}
          rows={rows}
          rowKey={(row) => String(row[x])}
          columns={[
            { key: x, header: xLabel, cell: (row) => show(row[x]) },
            ...series.map((s) => ({
              key: s.key,
              header: s.label,
              numeric: true,
              cell: (row: Row) => show(row[s.key]),
            })),
          ]}
        />
      ) : (
        <div role="img" aria-label={t('chart.imageLabel', { title })} className="w-full">
          <ResponsiveContainer width="100%" height={height}>
            <Frame data={rows} margin={{ top: 8, right: 8, bottom: 8, left: 8 }}>
              <CartesianGrid stroke="#2a3657" strokeDasharray="3 3" />
              <XAxis dataKey={String(x)} {...axisProps} />
              <YAxis {...axisProps} tickFormatter={(v: number) => show(v)} width={72} />
              <Tooltip
                formatter={(v) => show(v)}
                contentStyle={{ background: '#111a2e', border: '1px solid #2a3657', color: '#eef2ff' }}
              />
              {body}
              {markers.map((m) => (
                <ReferenceLine
                  key={`${m.x}-${m.label}`}
                  x={m.x}
                  stroke="#eab308"
                  strokeDasharray="4 2"
                  label={{ value: m.label, fill: '#eef2ff', fontSize: 11, position: 'insideTopLeft' }}
                />
              ))}
            </Frame>
          </ResponsiveContainer>
          {/* Outside the plot, so long series names never take the plot's height on a phone. */}
          <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs">
            {series.map((s, i) => (
              <li key={String(s.key)} className="flex min-w-0 items-center gap-1.5 break-all">
                <span
                  aria-hidden="true"
                  className="inline-block size-2.5 shrink-0 rounded-full"
                  style={{ background: COLOURS[i % COLOURS.length] }}
                />
                {s.label}
              </li>
            ))}
          </ul>
        </div>
      )}
      {markers.length > 0 ? (
        <ul className="space-y-1 text-xs text-muted">
          {markers.map((m) => (
            <li key={`${m.x}-${m.label}`}>
              {m.x}: {m.label}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

export function LineChart<Row extends object>(props: ChartProps<Row>) {
  return <Chart kind="line" {...props} />;
}

export function BarChart<Row extends object>(props: ChartProps<Row>) {
  return <Chart kind="bar" {...props} />;
}
