/**
 * Finance reports (docs/decisions/055): per East Africa Time day or month, deposits,
 * withdrawals, stakes, wins, GGR, taxes, adjustments and NGR, as charts (with their table
 * fallback) and a table with totals; the CSV; and the tax report with its rate periods.
 */
import type { FinanceFigures } from '@mchezo/contracts/staff-finance';
import { FINANCE_FIGURES } from '@mchezo/contracts/staff-finance-constants';
import { Button } from '@mchezo/ui/button';
import { inputClass } from '@mchezo/ui/fields';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ReportRange, reportCsv, useFinanceReport } from '../../api/finance.ts';
import { BarChart, LineChart } from '../../components/charts.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { saveFile } from '../../components/save-file.ts';
import { ErrorState, FormError, Loading, useErrorText } from '../../components/states.tsx';
import { Table } from '../../components/table.tsx';
import { useMoney } from './money.ts';
import { defaultRange } from './range.ts';
import { TaxReport } from './tax-report.tsx';

type KesRow = { period: string } & Record<(typeof FINANCE_FIGURES)[number], number>;

export default function FinancePage() {
  const { t } = useTranslation('finance');
  const money = useMoney();
  const errorText = useErrorText();
  const id = useId();
  const [draft, setDraft] = useState<ReportRange>(defaultRange);
  const [range, setRange] = useState<ReportRange>(defaultRange);
  const [downloading, setDownloading] = useState(false);
  const [csvError, setCsvError] = useState<string | null>(null);
  const report = useFinanceReport(range);

  const apply = (e: FormEvent) => {
    e.preventDefault();
    setRange(draft);
  };
  const download = async () => {
    setDownloading(true);
    setCsvError(null);
    try {
      saveFile(await reportCsv(range), `finance-${range.period}-${range.from}-${range.to}.csv`);
    } catch (err) {
      setCsvError(errorText(err));
    } finally {
      setDownloading(false);
    }
  };
  const label = (name: keyof FinanceFigures) => t(`figures.${name}`);
  // The charts read KES (cents / 100) so their axes and tooltips show money.
  const kesRows: KesRow[] = (report.data?.rows ?? []).map(
    (r) =>
      ({ period: r.period, ...Object.fromEntries(FINANCE_FIGURES.map((f) => [f, r[f] / 100])) }) as KesRow,
  );
  const field = `${inputClass()} w-full`;

  return (
    <div className="space-y-8">
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <Button
            variant="secondary"
            onClick={download}
            disabled={downloading || !report.data}
            aria-busy={downloading || undefined}
          >
            {downloading ? t('csv.busy') : t('csv.download')}
          </Button>
        }
      />
      <FormError>{csvError}</FormError>
      <form
        onSubmit={apply}
        aria-label={t('range.label')}
        className="grid gap-3 sm:grid-cols-[10rem_1fr_1fr_auto] sm:items-end"
      >
        <div className="space-y-1.5">
          <label htmlFor={`${id}-period`} className="block text-sm font-semibold">
            {t('range.period')}
          </label>
          <select
            id={`${id}-period`}
            value={draft.period}
            onChange={(e) => setDraft({ ...draft, period: e.target.value as ReportRange['period'] })}
            className={field}
          >
            <option value="day">{t('range.day')}</option>
            <option value="month">{t('range.month')}</option>
          </select>
        </div>
        <div className="space-y-1.5">
          <label htmlFor={`${id}-from`} className="block text-sm font-semibold">
            {t('range.from')}
          </label>
          <input
            id={`${id}-from`}
            type="date"
            value={draft.from}
            required
            onChange={(e) => setDraft({ ...draft, from: e.target.value })}
            className={field}
          />
        </div>
        <div className="space-y-1.5">
          <label htmlFor={`${id}-to`} className="block text-sm font-semibold">
            {t('range.to')}
          </label>
          <input
            id={`${id}-to`}
            type="date"
            value={draft.to}
            required
            onChange={(e) => setDraft({ ...draft, to: e.target.value })}
            className={field}
          />
        </div>
        <Button type="submit" disabled={report.isFetching} aria-busy={report.isFetching || undefined}>
          {report.isFetching ? t('range.busy') : t('range.show')}
        </Button>
      </form>
      <p className="text-xs text-muted">{t('range.hint')}</p>

      {report.isPending ? (
        <Loading />
      ) : report.isError ? (
        <ErrorState error={report.error} onRetry={() => report.refetch()} />
      ) : (
        <>
          <BarChart
            title={t('charts.money')}
            rows={kesRows}
            x="period"
            xLabel={t('table.period')}
            series={(['deposits', 'withdrawals'] as const).map((key) => ({ key, label: label(key) }))}
            format={money.kes}
          />
          <LineChart
            title={t('charts.games')}
            rows={kesRows}
            x="period"
            xLabel={t('table.period')}
            series={(['stakes', 'wins', 'ggr', 'ngr'] as const).map((key) => ({ key, label: label(key) }))}
            format={money.kes}
          />
          <Table<FinanceFigures & { period: string }>
            caption={t('table.caption')}
            captionHidden={false}
            rows={[...report.data.rows, { period: t('table.total'), ...report.data.totals }]}
            rowKey={(r) => r.period}
            columns={[
              { key: 'period', header: t('table.period'), cell: (r) => r.period },
              ...FINANCE_FIGURES.map((name) => ({
                key: name,
                header: label(name),
                numeric: true,
                cell: (r: FinanceFigures) => money.cents(r[name]),
              })),
            ]}
          />
          <p className="text-xs text-muted">{t('table.definitions')}</p>
        </>
      )}
      <TaxReport range={range} />
    </div>
  );
}
