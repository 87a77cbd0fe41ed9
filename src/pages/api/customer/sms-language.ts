/** POST /api/customer/sms-language: src/features/notifications (contract.ts, routes.ts). */
import { mount } from '#lib/http/handler.ts';
import { smsLanguageEndpoint } from '#features/notifications/routes.ts';

export const { POST, ALL } = mount(smsLanguageEndpoint);
