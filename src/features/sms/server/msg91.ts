/**
 * Placeholder for the MSG91 sender (MSG91's Flow API), written in its own branch: until it is
 * merged, a shop set to SMS_SENDER=msg91 starts but every send answers 503.
 */
import { AppError } from '#lib/http/envelope.ts';
import type { Msg91Options, SmsMessage, SmsSender } from '../types.ts';

export class Msg91SmsSender implements SmsSender {
  readonly kind = 'msg91' as const;
  readonly options: Msg91Options;
  constructor(options: Msg91Options) {
    this.options = options;
  }
  async send(_to: string, _message: SmsMessage): Promise<void> {
    throw new AppError('unavailable', 'The MSG91 SMS sender is not available in this build.');
  }
}
