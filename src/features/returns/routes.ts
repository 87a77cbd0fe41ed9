/** The returns route's handler (contract.ts; mounted by src/pages/api/admin/orders/[id]/returns.ts). */
import { NO_STORE } from '#lib/cache/cache-control.ts';
import { getDb } from '#lib/db/index.ts';
import { implement } from '#lib/http/handler.ts';
import { formatPaise } from '#lib/money.ts';
import { recordReturnRoute } from './contract.ts';
import { REFUND_TO_TEXT } from './rules.ts';
import { recordReturn } from './server/returns.ts';

export const recordReturnEndpoint = implement(recordReturnRoute, async ({ params, body, actor }) => {
  const outcome = await recordReturn(await getDb(), params.id, body, actor);
  const note = outcome.creditNote ? ` Credit note ${outcome.creditNote.number}.` : '';
  return {
    data: {
      refund_paise: outcome.refundPaise,
      refund_to: outcome.refundTo,
      credit_note: outcome.creditNote,
      replayed: outcome.replayed,
    },
    message: outcome.replayed
      ? `Recorded already: ${formatPaise(outcome.refundPaise)} back ${REFUND_TO_TEXT[outcome.refundTo]}.${note}`
      : `${formatPaise(outcome.refundPaise)} back ${REFUND_TO_TEXT[outcome.refundTo]}.${note}`,
    headers: NO_STORE,
  };
});
