/**
 * "Assign to player" for a Paybill payment in suspense (what `payments.mjs assign` does): find the
 * player by phone or account number, say why, and the payment is credited to them (audited).
 */
import type { ReviewQueueResponse } from '@mchezo/contracts/payments';
import type { FinancePlayer } from '@mchezo/contracts/staff-finance';
import { Button } from '@mchezo/ui/button';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAssignPaybill } from '../../api/finance.ts';
import { Modal } from '../../components/modal.tsx';
import { ReasonField, reasonLongEnough } from '../../components/reason-dialog.tsx';
import { FormError, useErrorText } from '../../components/states.tsx';
import { useMoney } from './money.ts';
import { PlayerFinder } from './player-finder.tsx';

type Payment = ReviewQueueResponse['paybill'][number];

export function AssignDialog({ payment, onClose }: { payment: Payment | null; onClose(): void }) {
  const { t } = useTranslation('finance');
  const money = useMoney();
  const errorText = useErrorText();
  const id = useId();
  const assign = useAssignPaybill();
  const [player, setPlayer] = useState<FinancePlayer | null>(null);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const close = () => {
    if (assign.isPending) return;
    setPlayer(null);
    setReason('');
    setProblem(null);
    assign.reset();
    onClose();
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!payment) return;
    if (!player) return setProblem(t('assign.pickPlayer'));
    if (!reasonLongEnough(reason)) return setProblem(t('assign.reasonShort'));
    setProblem(null);
    try {
      await assign.mutateAsync({
        id: payment.paybill_id,
        // A player with no account number yet is given theirs by the assignment.
        to: player.account_number ? { account_number: player.account_number } : { player_id: player.user_id },
        note: reason.trim(),
      });
      close();
    } catch (err) {
      setProblem(errorText(err));
    }
  };

  return (
    <Modal
      open={payment !== null}
      onClose={close}
      labelledBy={`${id}-title`}
      className="m-auto w-[min(36rem,calc(100vw-2rem))] rounded-xl border border-line p-0"
    >
      {payment ? (
        <form onSubmit={submit} noValidate className="space-y-4 p-5">
          <h2 id={`${id}-title`} className="text-lg font-bold">
            {t('assign.title')}
          </h2>
          <p className="text-sm text-muted">
            {t('assign.payment', {
              amount: money.kes(payment.amount),
              transId: payment.trans_id,
              billRef: payment.bill_ref || '—',
            })}
          </p>
          <PlayerFinder selected={player} onSelect={setPlayer} />
          <ReasonField
            id={`${id}-reason`}
            label={t('assign.reason')}
            value={reason}
            onChange={setReason}
            maxLength={500}
          />
          <FormError>{problem}</FormError>
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={close} disabled={assign.isPending}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" disabled={assign.isPending} aria-busy={assign.isPending || undefined}>
              {assign.isPending ? t('assign.busy') : t('assign.confirm')}
            </Button>
          </div>
        </form>
      ) : null}
    </Modal>
  );
}
