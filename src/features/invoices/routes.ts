/** The invoice route's handler (contract.ts; mounted by src/pages/api/customer/orders/[id]/invoice.ts). */

import { NO_STORE } from '#lib/cache/cache-control.ts';
import { getDb } from '#lib/db/index.ts';
import { implementFile } from '#lib/http/handler.ts';
import { invoiceRoute } from './contract.ts';
import { loadInvoice } from './server/invoice.ts';
import { renderInvoicePdf } from './server/pdf.ts';

export const invoiceEndpoint = implementFile(invoiceRoute, async ({ params, customer }) => {
  const invoice = await loadInvoice(await getDb(), customer.id, params.id);
  return {
    body: await renderInvoicePdf(invoice),
    filename: `invoice-${invoice.number.replaceAll('/', '-')}.pdf`,
    headers: NO_STORE,
  };
});
