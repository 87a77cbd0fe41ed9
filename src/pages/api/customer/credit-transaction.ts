/** GET /api/customer/credit-transaction: src/features/account (contract.ts, routes.ts). */
import { mount } from '#lib/http/handler.ts';
import { creditTransactionEndpoint } from '#features/account/routes.ts';

export const { GET, HEAD, ALL } = mount(creditTransactionEndpoint);
