/**
 * The payment simulator: a standalone node:http server speaking the subset of Razorpay's API the
 * shop uses (api.ts), a checkout endpoint standing for the customer's browser (checkout.ts), and
 * signed webhooks to the shop (webhooks.ts), with everything held in memory. Control endpoints
 * for tests: `GET|POST /_simulator/settings` (read / change settings.ts) and
 * `POST /_simulator/webhooks/flush` (deliver held webhooks now); a UPI QR code's "scan and pay"
 * page at `/_simulator/qr/{id}` (qr-codes.ts). `/v1` needs Basic auth with the
 * simulator's key id and secret; `/_simulator` needs none (it listens on loopback only).
 * The shop starts one in simulator mode (startup.ts); tests start their own.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import { logger } from '#lib/log.ts';
import { matchApiRoute, type SimulatorContext } from './api.ts';
import { pay } from './checkout.ts';
import { authorized, readJson, SimulatorError, sendError, sendJson } from './http.ts';
import { QR_ROUTES, serveQrPage } from './qr-codes.ts';
import { DEFAULT_SETTINGS, SIMULATOR_KEYS, type SimulatorSettings, settingsPatch } from './settings.ts';
import { SimulatorState } from './state.ts';
import { WebhookSender } from './webhooks.ts';

export interface PaymentSimulatorOptions {
  /** Port to listen on; 0 (the default) picks a free one. */
  port?: number;
  /** Interface to listen on; default 127.0.0.1. */
  host?: string;
  /** Where webhooks go (the shop's `/api/payments/razorpay/webhook`); none are sent without one. */
  webhookUrl?: string | null;
  keyId?: string;
  keySecret?: string;
  webhookSecret?: string;
  /** Settings to start with (settings.ts DEFAULT_SETTINGS for the rest). */
  settings?: Partial<SimulatorSettings>;
}

export interface PaymentSimulator {
  /** Its base URL without `/v1`, e.g. `http://127.0.0.1:4750` (RAZORPAY_API_URL for a gateway). */
  url: string;
  /** Changes settings (checked; throws on a bad value) and answers them all. */
  settings(patch?: Partial<SimulatorSettings>): SimulatorSettings;
  /** Delivers every held webhook now; answers how many, once they are delivered. */
  flushWebhooks(): Promise<number>;
  /** Resolves once no webhook delivery is under way. */
  webhooksIdle(): Promise<void>;
  /** Stops it: no more webhooks or refund settlements; the port is free when this resolves. */
  close(): Promise<void>;
}

/** Starts a simulator; rejects with a clear message when the port is taken. */
export async function startPaymentSimulator(options: PaymentSimulatorOptions = {}): Promise<PaymentSimulator> {
  const keys = {
    keyId: options.keyId ?? SIMULATOR_KEYS.keyId,
    keySecret: options.keySecret ?? SIMULATOR_KEYS.keySecret,
    webhookSecret: options.webhookSecret ?? SIMULATOR_KEYS.webhookSecret,
  };
  let settings: SimulatorSettings = { ...DEFAULT_SETTINGS, ...settingsPatch.parse(options.settings ?? {}) };
  const changeSettings = (patch: unknown = {}) => {
    settings = { ...settings, ...settingsPatch.parse(patch) };
    return { ...settings };
  };
  const webhooks = new WebhookSender(
    { url: options.webhookUrl ?? null, secret: keys.webhookSecret, accountId: 'acc_FarmFreshSim01' },
    () => settings,
  );
  const ctx: SimulatorContext = {
    state: new SimulatorState(),
    webhooks,
    settings: () => settings,
    timers: new Set(),
    url: '',
  };

  const route = async (req: http.IncomingMessage, res: http.ServerResponse): Promise<void> => {
    const method = req.method ?? 'GET';
    const path = new URL(req.url ?? '/', 'http://simulator').pathname;
    if (path === '/_simulator/settings' && (method === 'GET' || method === 'POST'))
      return sendJson(res, 200, method === 'POST' ? changeSettings(await readJson(req)) : { ...settings });
    if (path === '/_simulator/webhooks/flush' && method === 'POST')
      return sendJson(res, 200, { delivered: await webhooks.flush() });
    if (await serveQrPage(ctx, req, res, path, () => readJson(req))) return;
    if (!path.startsWith('/v1/')) throw new SimulatorError(404, 'The requested URL was not found on the server.');
    if (!authorized(req, keys.keyId, keys.keySecret)) throw new SimulatorError(401, 'Authentication failed');
    const body = method === 'POST' ? await readJson(req) : {};
    if (path === '/v1/checkout/pay' && method === 'POST') return sendJson(res, 200, pay(ctx, body, keys.keySecret));
    const match = matchApiRoute(method, path) ?? matchApiRoute(method, path, QR_ROUTES);
    if (!match) throw new SimulatorError(404, 'The requested URL was not found on the server.');
    sendJson(res, 200, match.handler(ctx, match.id, body));
  };

  const server = http.createServer((req, res) => {
    route(req, res).catch((err: unknown) => {
      if (err instanceof SimulatorError) return sendError(res, err);
      if (err instanceof z.ZodError)
        return sendError(res, new SimulatorError(400, err.issues[0]?.message ?? 'Bad request'));
      logger.error({ err }, 'payment simulator: unexpected error');
      sendError(
        res,
        new SimulatorError(500, 'The server encountered an error. The incident has been reported to admins.'),
      );
    });
  });
  const host = options.host ?? '127.0.0.1';
  await listen(server, host, options.port ?? 0);
  const { port } = server.address() as AddressInfo;
  ctx.url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  return {
    url: ctx.url,
    settings: (patch) => changeSettings(patch),
    flushWebhooks: () => webhooks.flush(),
    webhooksIdle: () => webhooks.idle(),
    close: () => {
      webhooks.close();
      for (const timer of ctx.timers) clearTimeout(timer);
      ctx.timers.clear();
      return new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}

/** Listens on host:port; rejects with a message naming PAYMENT_SIMULATOR_PORT when the port is taken. */
function listen(server: http.Server, host: string, port: number): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once('error', (err: NodeJS.ErrnoException) =>
      reject(
        new Error(
          err.code === 'EADDRINUSE'
            ? `The payment simulator cannot listen on ${host}:${port}: the port is in use (set PAYMENT_SIMULATOR_PORT to a free port)`
            : `The payment simulator cannot listen on ${host}:${port}: ${err.message}`,
        ),
      ),
    );
    server.listen(port, host, () => resolve());
  });
}
