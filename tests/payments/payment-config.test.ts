/**
 * The payment variables: PAYMENT_GATEWAY razorpay (with its keys) or simulator (demo mode's
 * default), the replaced `test` gateway and PAYMENT_TEST_DECLINE stopping start-up with a message
 * naming the replacement, and the gateway getPaymentGateway builds from them.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { getPaymentGateway, SIMULATOR_KEYS } from '#features/payments/index.ts';
import { getConfig, resetConfigForTests } from '#lib/config.ts';

const NAMES = [
  'NODE_ENV',
  'DEMO_MODE',
  'PAYMENT_GATEWAY',
  'PAYMENT_TEST_DECLINE',
  'RAZORPAY_KEY_ID',
  'RAZORPAY_KEY_SECRET',
  'RAZORPAY_WEBHOOK_SECRET',
  'RAZORPAY_API_URL',
  'PAYMENT_PENDING_MINUTES',
  'PAYMENT_SIMULATOR_PORT',
];
const saved = { ...process.env };
function configure(env: Record<string, string>) {
  for (const key of NAMES) delete process.env[key];
  Object.assign(process.env, env);
  resetConfigForTests();
}
afterEach(() => {
  process.env = { ...saved };
  resetConfigForTests();
});

const LIVE = {
  NODE_ENV: 'production',
  PAYMENT_GATEWAY: 'razorpay',
  RAZORPAY_KEY_ID: 'rzp_live_AbC123',
  RAZORPAY_KEY_SECRET: 'secret',
  RAZORPAY_WEBHOOK_SECRET: 'hook-secret',
};

describe('payment configuration', () => {
  it('is off in production unless named; demo mode uses the simulator', () => {
    configure({ NODE_ENV: 'production' });
    expect(getConfig()).toMatchObject({ PAYMENT_GATEWAY: undefined, PAYMENT_PENDING_MINUTES: 15 });
    expect(getPaymentGateway()).toBeNull();
    configure({ NODE_ENV: 'production', DEMO_MODE: 'true' });
    expect(getConfig()).toMatchObject({ PAYMENT_GATEWAY: 'simulator', PAYMENT_SIMULATOR_PORT: 4750 });
    expect(getPaymentGateway()).toMatchObject({ name: 'simulator', keyId: SIMULATOR_KEYS.keyId });
  });

  it('razorpay needs its key id, key secret and webhook secret, each named when missing', () => {
    configure(LIVE);
    expect(getConfig()).toMatchObject({ PAYMENT_GATEWAY: 'razorpay', RAZORPAY_API_URL: 'https://api.razorpay.com' });
    expect(getPaymentGateway()).toMatchObject({ name: 'razorpay', keyId: 'rzp_live_AbC123' });
    for (const name of ['RAZORPAY_KEY_ID', 'RAZORPAY_KEY_SECRET', 'RAZORPAY_WEBHOOK_SECRET']) {
      configure({ ...LIVE, [name]: '' });
      expect(() => getConfig()).toThrow(new RegExp(`${name}: required when PAYMENT_GATEWAY=razorpay`));
    }
    configure({ ...LIVE, RAZORPAY_KEY_ID: 'AbC123' });
    expect(() => getConfig()).toThrow(/RAZORPAY_KEY_ID: a Razorpay key id/);
  });

  it('RAZORPAY_API_URL points the gateway at another server (a test server), without a trailing slash', () => {
    configure({ ...LIVE, RAZORPAY_API_URL: 'http://127.0.0.1:4750/' });
    expect(getConfig().RAZORPAY_API_URL).toBe('http://127.0.0.1:4750');
    configure({ ...LIVE, RAZORPAY_API_URL: 'not a url' });
    expect(() => getConfig()).toThrow(/RAZORPAY_API_URL/);
  });

  it('PAYMENT_PENDING_MINUTES accepts 1 and up', () => {
    configure({ PAYMENT_PENDING_MINUTES: '1' });
    expect(getConfig().PAYMENT_PENDING_MINUTES).toBe(1);
    for (const bad of ['0', '-5', '1.5', 'soon']) {
      configure({ PAYMENT_PENDING_MINUTES: bad });
      expect(() => getConfig(), bad).toThrow(/PAYMENT_PENDING_MINUTES/);
    }
  });

  it('the old test gateway and PAYMENT_TEST_DECLINE stop start-up, saying the simulator replaced them', () => {
    configure({ NODE_ENV: 'production', DEMO_MODE: 'true', PAYMENT_GATEWAY: 'test' });
    expect(() => getConfig()).toThrow(/PAYMENT_GATEWAY: test is replaced by simulator/);
    configure({ NODE_ENV: 'production', DEMO_MODE: 'true', PAYMENT_TEST_DECLINE: 'true' });
    expect(() => getConfig()).toThrow(/PAYMENT_TEST_DECLINE: is replaced by PAYMENT_GATEWAY=simulator/);
    configure({ NODE_ENV: 'production', DEMO_MODE: 'true', PAYMENT_TEST_DECLINE: 'false' });
    expect(() => getConfig()).not.toThrow();
  });

  it('the simulator runs in demo mode only in production', () => {
    configure({ NODE_ENV: 'production', PAYMENT_GATEWAY: 'simulator' });
    expect(() => getConfig()).toThrow(/PAYMENT_GATEWAY: simulator is for demo mode only; set DEMO_MODE=true/);
    configure({ NODE_ENV: 'production', DEMO_MODE: 'true', PAYMENT_GATEWAY: 'simulator' });
    expect(() => getConfig()).not.toThrow();
  });
});
