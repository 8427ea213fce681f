/**
 * On an earlier revision of the history: roll the whole release back to it (every remote's entry
 * as it was then), from the newest revision on screen and with a reason. The change is a new
 * revision, so the history keeps what was rolled back.
 */
import { Button } from '@mchezo/ui/button';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { releaseKeys, releasesApi } from '../../api/releases.ts';
import { ChangeDialog } from './change-dialog.tsx';

export function RevisionRollback({ revision, current }: { revision: number; current: number }) {
  const { t } = useTranslation('releases');
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        {t('history.rollbackTo', { revision })}
      </Button>
      {open ? (
        <ChangeDialog
          open
          danger
          title={t('rollbackAll.title', { revision })}
          description={t('rollbackAll.description', { revision })}
          confirmLabel={t('rollbackAll.confirm')}
          busyLabel={t('rollbackAll.busy')}
          onClose={() => setOpen(false)}
          onConfirm={async (reason) => {
            await releasesApi.rollback({ revision, base_revision: current, reason });
            await client.invalidateQueries({ queryKey: releaseKeys.all });
          }}
        />
      ) : null}
    </>
  );
}
