/**
 * The regulator feed's parked events (docs/decisions/063-a-feed-that-cannot-jam.md): events the
 * receiver refused on their own (too large, not valid), set aside so the others went on, each with
 * why; compliance sends one again, with a reason (staff audit).
 */
import type { FeedStatusResponse } from '@mchezo/contracts/regulator-feed';
import { Button } from '@mchezo/ui/button';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedStatusQuery, releaseParkedEvent } from '../../api/compliance.ts';
import { toast } from '../../app/toaster.tsx';
import { formatDateTime } from '../../components/format.ts';
import { ReasonDialog } from '../../components/reason-dialog.tsx';
import { type Column, Table } from '../../components/table.tsx';

type Parked = FeedStatusResponse['parkedEvents'][number];

export function ParkedEvents({ count, events }: { count: number; events: Parked[] }) {
  const { t } = useTranslation('compliance');
  const client = useQueryClient();
  const [releasing, setReleasing] = useState<Parked | null>(null);

  const columns: Column<Parked>[] = [
    { key: 'sequence', header: t('feed.parkedColumns.sequence'), cell: (e) => e.sequence, numeric: true },
    { key: 'type', header: t('feed.parkedColumns.type'), cell: (e) => e.type },
    { key: 'occurred', header: t('feed.parkedColumns.occurred'), cell: (e) => formatDateTime(e.occurredAt) },
    { key: 'parked', header: t('feed.parkedColumns.parkedAt'), cell: (e) => formatDateTime(e.parkedAt) },
    { key: 'reason', header: t('feed.parkedColumns.reason'), cell: (e) => e.reason },
    {
      key: 'action',
      header: <span className="sr-only">{t('feed.parkedColumns.action')}</span>,
      cardLabel: t('feed.parkedColumns.action'),
      cell: (e) => (
        <Button
          variant="secondary"
          onClick={() => setReleasing(e)}
          aria-label={t('feed.releaseLabel', { sequence: e.sequence })}
        >
          {t('feed.release')}
        </Button>
      ),
    },
  ];

  return (
    <section aria-labelledby="parked-title" className="space-y-3">
      <h2 id="parked-title" className="font-bold">
        {t('feed.parkedTitle', { count })}
      </h2>
      <p className="text-sm text-muted">{t('feed.parkedHint')}</p>
      {events.length === 0 ? (
        <p className="text-sm">{t('feed.parkedNone')}</p>
      ) : (
        <>
          <Table
            caption={t('feed.parkedTitle', { count })}
            columns={columns}
            rows={events}
            rowKey={(e) => e.eventId}
          />
          {count > events.length ? (
            <p className="text-sm text-muted">{t('feed.parkedShown', { shown: events.length, count })}</p>
          ) : null}
        </>
      )}
      <ReasonDialog
        open={releasing !== null}
        title={t('feed.releaseTitle', { sequence: releasing?.sequence })}
        description={t('feed.releaseBody')}
        confirmLabel={t('feed.releaseConfirm')}
        busyLabel={t('feed.releasing')}
        onClose={() => setReleasing(null)}
        onConfirm={async (reason) => {
          if (!releasing) return;
          const res = await releaseParkedEvent(releasing.sequence, reason);
          toast.success(t('feed.released', { sequence: res.sequence }));
          await client.invalidateQueries({ queryKey: feedStatusQuery().queryKey });
        }}
      />
    </section>
  );
}
