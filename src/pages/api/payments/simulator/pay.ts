/** POST /api/payments/simulator/pay: src/features/payments (contract.ts, routes.ts). */

import { simulatorPayEndpoint } from '#features/payments/routes.ts';
import { mount } from '#lib/http/handler.ts';

export const { POST, ALL } = mount(simulatorPayEndpoint);
