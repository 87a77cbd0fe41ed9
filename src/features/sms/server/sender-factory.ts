/**
 * The configured SMS sender (SMS_SENDER), made once per process: `console` (demo mode), `http`
 * (a generic JSON gateway), `exotel` (Exotel's Send SMS API) or `msg91` (MSG91's Flow API).
 */
import { getConfig } from '#lib/config.ts';
import type { SmsSender } from '../types.ts';
import { ExotelSmsSender } from './exotel.ts';
import { Msg91SmsSender } from './msg91.ts';
import { assertSmsAvailable, ConsoleSmsSender, HttpSmsSender } from './senders.ts';
import { smsTemplates } from './templates.ts';

/** Makes the sender SMS_SENDER names (the settings' cross-checks have ensured what it needs). */
function makeSender(): SmsSender {
  const c = getConfig();
  switch (c.SMS_SENDER) {
    case 'exotel':
      return new ExotelSmsSender({
        apiUrl: c.EXOTEL_API_URL,
        sid: c.EXOTEL_SID!,
        apiKey: c.EXOTEL_API_KEY!,
        apiToken: c.EXOTEL_API_TOKEN!,
        dltEntityId: c.SMS_DLT_ENTITY_ID!,
        senderId: c.SMS_SENDER_ID!,
      });
    case 'msg91':
      return new Msg91SmsSender({ apiUrl: c.MSG91_API_URL, authKey: c.MSG91_AUTH_KEY! });
    case 'http':
      return new HttpSmsSender(c.SMS_GATEWAY_URL!, c.SMS_GATEWAY_TOKEN, {
        entityId: c.SMS_DLT_ENTITY_ID,
        senderId: c.SMS_SENDER_ID,
        templateIds: smsTemplates().own,
      });
    default:
      return new ConsoleSmsSender();
  }
}

let sender: SmsSender | undefined;

/** The configured sender (created once). Throws 503 (`assertSmsAvailable`) when there is none. */
export function getSmsSender(): SmsSender {
  if (sender) return sender;
  assertSmsAvailable();
  sender = makeSender();
  return sender;
}

/**
 * Whether sign-in codes are shown on screen instead of sent: the console sender (demo mode) sends
 * no SMS. Read from the configuration, so it answers even when no sender is set.
 */
export function codesShownOnScreen(): boolean {
  return getConfig().SMS_SENDER === 'console';
}

/** Replace the sender (tests). */
export function setSmsSenderForTests(next: SmsSender | undefined): void {
  sender = next;
}
