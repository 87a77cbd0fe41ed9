/** The SMS language route's handler (contract.ts; mounted by src/pages/api/customer/sms-language.ts). */

import { NO_STORE } from '#lib/cache/cache-control.ts';
import { getDb } from '#lib/db/index.ts';
import { implement } from '#lib/http/handler.ts';
import { smsLanguageRoute } from './contract.ts';
import { setSmsLanguage } from './server/order-sms.ts';

export const smsLanguageEndpoint = implement(smsLanguageRoute, async ({ body, customer }) => ({
  message: body.sms_language === 'ml' ? 'Order SMS will be sent in Malayalam.' : 'Order SMS will be sent in English.',
  data: { sms_language: await setSmsLanguage(await getDb(), customer.id, body.sms_language) },
  headers: NO_STORE,
}));
