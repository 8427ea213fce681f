/** The tax report for the same range (decision 040): per period, and per tax and rate in force. */
import { useTranslation } from 'react-i18next';
import { type ReportRange, useTaxReport } from '../../api/finance.ts';
import { Empty, ErrorState, Loading } from '../../components/states.tsx';
import { Table } from '../../components/table.tsx';
import { useMoney } from './money.ts';
import { percentOf } from './rates.ts';

export function TaxReport({ range }: { range: ReportRange }) {
  const { t } = useTranslation('finance');
  const money = useMoney();
  const report = useTaxReport(range);

  return (
    <section className="space-y-3" aria-busy={report.isFetching || undefined}>
      <h2 className="text-lg font-semibold">{t('tax.title')}</h2>
      <p className="text-sm text-muted">{t('tax.description')}</p>
      {report.isPending ? (
        <Loading />
      ) : report.isError ? (
        <ErrorState error={report.error} onRetry={() => report.refetch()} />
      ) : (
        <>
          <Table
            caption={t('tax.byPeriod')}
            captionHidden={false}
            rows={[...report.data.rows, { period: t('table.total'), ...report.data.totals }]}
            rowKey={(r) => r.period}
            columns={[
              { key: 'period', header: t('table.period'), cell: (r) => r.period },
              {
                key: 'eb',
                header: t('tax.exciseBase'),
                numeric: true,
                cell: (r) => money.cents(r.excise_base_cents),
              },
              {
                key: 'ed',
                header: t('tax.exciseDuty'),
                numeric: true,
                cell: (r) => money.cents(r.excise_duty_cents),
              },
              {
                key: 'wb',
                header: t('tax.withholdingBase'),
                numeric: true,
                cell: (r) => money.cents(r.withholding_base_cents),
              },
              {
                key: 'wt',
                header: t('tax.withholdingTax'),
                numeric: true,
                cell: (r) => money.cents(r.withholding_tax_cents),
              },
            ]}
          />
          {report.data.rate_periods.length === 0 ? (
            <Empty title={t('tax.noRates')} />
          ) : (
            <Table
              caption={t('tax.byRate')}
              captionHidden={false}
              rows={report.data.rate_periods}
              rowKey={(l) => `${l.period}|${l.kind}|${l.from}`}
              columns={[
                { key: 'period', header: t('table.period'), cell: (l) => l.period },
                { key: 'kind', header: t('tax.kind'), cell: (l) => t(`tax.kinds.${l.kind}`) },
                { key: 'rate', header: t('tax.rate'), numeric: true, cell: (l) => percentOf(l.rate_bp) },
                {
                  key: 'when',
                  header: t('tax.inForce'),
                  cell: (l) =>
                    `${l.from ? money.time(l.from) : t('tax.always')} – ${l.to ? money.time(l.to) : t('tax.now')}`,
                },
                { key: 'base', header: t('tax.base'), numeric: true, cell: (l) => money.cents(l.base_cents) },
                { key: 'tax', header: t('tax.tax'), numeric: true, cell: (l) => money.cents(l.tax_cents) },
              ]}
            />
          )}
        </>
      )}
    </section>
  );
}
