/**
 * Registered templates for the gateway tests, in the shape the simulators take, and `message()`,
 * which makes the SmsMessage the shop's renderer would make for one of them.
 */
import type { SimulatorTemplate } from '#features/sms/simulator/templates.ts';
import type { SmsMessage, SmsTemplateKey, SmsTemplateLanguage } from '#features/sms/types.ts';

export interface TestTemplate extends SimulatorTemplate {
  key: SmsTemplateKey;
  language: SmsTemplateLanguage;
  dltTemplateId: string;
  msg91TemplateId: string;
}

export const SIGN_IN_EN: TestTemplate = {
  key: 'sign_in_code',
  language: 'en',
  dltTemplateId: '1107160000000000101',
  msg91TemplateId: 'ff-sign-in-en',
  template: '{#var#} is your FarmFresh verification code. It expires in 5 minutes. Do not share it.',
  variables: ['code'],
};

export const SIGN_IN_ML: TestTemplate = {
  key: 'sign_in_code',
  language: 'ml',
  dltTemplateId: '1107160000000000102',
  msg91TemplateId: 'ff-sign-in-ml',
  template: '{#var#} ആണ് നിങ്ങളുടെ FarmFresh സ്ഥിരീകരണ കോഡ്. ഇത് ആരുമായും പങ്കിടരുത്.',
  variables: ['code'],
};

export const ORDER_CONFIRMED_EN: TestTemplate = {
  key: 'order_confirmed',
  language: 'en',
  dltTemplateId: '1107160000000000103',
  msg91TemplateId: 'ff-order-confirmed-en',
  template: 'FarmFresh: order {#var#} of Rs {#var#} is confirmed. See it at https://farmfresh.example/orders/{#var#}',
  variables: ['order', 'amount', 'order_id'],
};

export const TEMPLATES = [SIGN_IN_EN, SIGN_IN_ML, ORDER_CONFIRMED_EN];

/** The message for `t` with `values` in its places, in order (no length check: tests make over-long ones too). */
export function message(t: TestTemplate, values: string[]): SmsMessage {
  return {
    key: t.key,
    language: t.language,
    dltTemplateId: t.dltTemplateId,
    msg91TemplateId: t.msg91TemplateId,
    template: t.template,
    variables: t.variables.map((name, i) => ({ name, value: values[i]! })),
    text: t.template.split('{#var#}').reduce((text, part, i) => text + values[i - 1] + part),
  };
}
