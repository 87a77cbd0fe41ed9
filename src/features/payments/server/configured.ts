/**
 * The shop's configured gateway (PAYMENT_GATEWAY): Razorpay with the shop's keys, the local
 * simulator (the same API on 127.0.0.1:PAYMENT_SIMULATOR_PORT, with its fixed test keys), or
 * none (online payment off).
 */
import { type Config, getConfig } from '#lib/config.ts';
import { SIMULATOR_KEYS } from '../simulator/settings.ts';
import type { PaymentGateway } from './gateway.ts';
import { RazorpayGateway } from './razorpay.ts';

/** The simulator's base URL for the shop's server processes. */
export function simulatorUrl(config: Config = getConfig()): string {
  return `http://127.0.0.1:${config.PAYMENT_SIMULATOR_PORT}`;
}

const built = new WeakMap<Config, PaymentGateway | null>();

/** The configured gateway, or null when online payment is off (PAYMENT_GATEWAY unset). */
export function getPaymentGateway(): PaymentGateway | null {
  const config = getConfig();
  if (built.has(config)) return built.get(config)!;
  let gateway: PaymentGateway | null = null;
  if (config.PAYMENT_GATEWAY === 'razorpay')
    gateway = new RazorpayGateway({
      name: 'razorpay',
      apiUrl: config.RAZORPAY_API_URL,
      keyId: config.RAZORPAY_KEY_ID!,
      keySecret: config.RAZORPAY_KEY_SECRET!,
      webhookSecret: config.RAZORPAY_WEBHOOK_SECRET!,
    });
  else if (config.PAYMENT_GATEWAY === 'simulator')
    gateway = new RazorpayGateway({ name: 'simulator', apiUrl: simulatorUrl(config), ...SIMULATOR_KEYS });
  built.set(config, gateway);
  return gateway;
}
