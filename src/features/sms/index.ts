/**
 * The SMS feature's server surface: what pages, scripts, the server and other features use of its
 * server code. Every message the shop sends is a registered DLT template with its variables filled
 * (`renderSms`), sent by the configured sender (`getSmsSender`); sign-in codes go through the
 * in-process queue (`enqueueSms`). `smsSetupNotices` is registered by src/server/wiring.ts.
 */

export { drainSmsQueue, enqueueSms, type SmsQueueStats, smsQueueStats } from './server/queue.ts';
export { codesShownOnScreen, getSmsSender, setSmsSenderForTests } from './server/sender-factory.ts';
export {
  assertSmsAvailable,
  ConsoleSmsSender,
  HttpSmsSender,
  SMS_UNAVAILABLE_MESSAGE,
  SMS_UNAVAILABLE_RETRY_S,
  smsAvailable,
} from './server/senders.ts';
export {
  DEMO_IDS_MESSAGE,
  logSmsStartupWarning,
  REAL_SMS_SENDERS,
  type SmsStartupCheck,
  smsMessagesOff,
  smsSetupNotices,
  smsStartupCheck,
  smsStartupWarning,
} from './server/startup.ts';
export {
  DEMO_TEMPLATES_FILE,
  parseSmsTemplates,
  readSmsTemplates,
  registeredTemplate,
  renderSms,
  SMS_TEMPLATE_LANGUAGES,
  SMS_TEMPLATE_NAMES,
  SMS_TEMPLATE_VARIABLES,
  type SmsTemplate,
  SmsTemplateError,
  type SmsTemplates,
  SmsTemplatesError,
  setSmsTemplatesForTests,
  smsMessageOff,
  smsTemplates,
  unregisteredReason,
  usesDemoTemplateIds,
} from './server/templates.ts';
export * from './types.ts';
