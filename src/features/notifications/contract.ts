/**
 * The SMS language preference route: which language order status
 * SMS are sent in. Zod only; the account island imports it as a type.
 */
import { z } from 'zod';
import { defineRoute } from '#lib/http/contract.ts';

const language = z.enum(['en', 'ml'], { error: 'Choose English (en) or Malayalam (ml).' });

/** POST /api/customer/sms-language: sets the language of order status SMS. */
export const smsLanguageRoute = defineRoute({
  method: 'POST',
  path: '/api/customer/sms-language',
  summary: 'Set the language of order status SMS: en (English) or ml (Malayalam)',
  auth: 'customer',
  body: z.object({ sms_language: language }),
  response: z.object({ sms_language: language }),
});

export const notificationContracts = [smsLanguageRoute] as const;
