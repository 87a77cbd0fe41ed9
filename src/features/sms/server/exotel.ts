/**
 * Placeholder for the Exotel sender (Exotel's Send SMS API), written in its own branch: until it
 * is merged, a shop set to SMS_SENDER=exotel starts but every send answers 503.
 */
import { AppError } from '#lib/http/envelope.ts';
import type { ExotelOptions, SmsMessage, SmsSender } from '../types.ts';

export class ExotelSmsSender implements SmsSender {
  readonly kind = 'exotel' as const;
  readonly options: ExotelOptions;
  constructor(options: ExotelOptions) {
    this.options = options;
  }
  async send(_to: string, _message: SmsMessage): Promise<void> {
    throw new AppError('unavailable', 'The Exotel SMS sender is not available in this build.');
  }
}
