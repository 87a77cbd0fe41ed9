/** POST /api/customer/sms-language: src/features/notifications (contract.ts, routes.ts). */

import { smsLanguageEndpoint } from '#features/notifications/routes.ts';
import { mount } from '#lib/http/handler.ts';

export const { POST, ALL } = mount(smsLanguageEndpoint);
