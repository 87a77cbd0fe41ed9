/** POST and GET /api/admin/orders/{id}/upi-qr: src/features/payments (upi-qr-contract.ts, routes.ts). */

import { makeUpiQrEndpoint, upiQrStateEndpoint } from '#features/payments/routes.ts';
import { mount } from '#lib/http/handler.ts';

export const { POST, GET, HEAD, ALL } = mount(makeUpiQrEndpoint, upiQrStateEndpoint);
