/**
 * Starts the shop's own payment simulator when PAYMENT_GATEWAY=simulator: once per server (the
 * cluster's primary, or the only process), on 127.0.0.1:PAYMENT_SIMULATOR_PORT, with webhooks to
 * the shop's `/api/payments/razorpay/webhook` and the PAYMENT_SIMULATOR_* settings.
 */
import { getConfig } from '#lib/config.ts';
import { logger } from '#lib/log.ts';
import { type PaymentSimulator, startPaymentSimulator } from './server.ts';

/** The path of the shop's Razorpay webhook endpoint. */
export const WEBHOOK_PATH = '/api/payments/razorpay/webhook';

/**
 * The simulator for this server, or null when PAYMENT_GATEWAY is not `simulator`; rejects with a
 * clear message when its port is taken. `shopPort`: where the shop listens when not on PORT
 * (`astro dev --port`).
 */
export async function startConfiguredSimulator(shopPort?: number): Promise<PaymentSimulator | null> {
  const config = getConfig();
  if (config.PAYMENT_GATEWAY !== 'simulator') return null;
  const https = Boolean(config.SERVER_CERT_PATH && config.SERVER_KEY_PATH);
  // The server listens on HOST; a wildcard address is reached on loopback.
  const host = ['0.0.0.0', '::', ''].includes(config.HOST) ? '127.0.0.1' : config.HOST;
  const shop = `${https ? 'https' : 'http'}://${host.includes(':') ? `[${host}]` : host}:${shopPort ?? config.PORT}`;
  const simulator = await startPaymentSimulator({
    port: config.PAYMENT_SIMULATOR_PORT,
    webhookUrl: `${shop}${WEBHOOK_PATH}`,
    settings: {
      webhooks: config.PAYMENT_SIMULATOR_WEBHOOKS,
      webhookDelayMs: config.PAYMENT_SIMULATOR_WEBHOOK_DELAY_MS,
      refunds: config.PAYMENT_SIMULATOR_REFUNDS,
    },
  });
  logger.info({ url: simulator.url }, 'payment simulator started (test payments only)');
  return simulator;
}
