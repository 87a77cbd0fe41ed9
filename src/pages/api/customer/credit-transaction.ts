/** GET /api/customer/credit-transaction: src/features/account (contract.ts, routes.ts). */

import { creditTransactionEndpoint } from '#features/account/routes.ts';
import { mount } from '#lib/http/handler.ts';

export const { GET, HEAD, ALL } = mount(creditTransactionEndpoint);
