/**
 * The SMS gateway simulators' shared parts: reading a request's body, listening on loopback, and
 * the log of accepted messages that tests wait on (`waitFor(phone, n)` resolves when the n-th
 * message to that number has arrived, so a test waits for the SMS itself, never for a guessed time).
 */
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SimulatorTemplate } from './templates.ts';

/** Most bytes of a request body a simulator reads (a gateway's request is a few hundred). */
const MAX_BODY_BYTES = 65_536;

/** A request a simulator refused: its status and the reason (never the message's text). */
export interface RefusedRequest {
  status: number;
  reason: string;
}

/** A running gateway simulator, holding what it accepted (`Sent`) and refused. */
export interface GatewaySimulator<Sent> {
  /** Its base URL, e.g. `http://127.0.0.1:4810` (the gateway's API URL setting). */
  url: string;
  /** Accepted messages, in order. */
  messages: Sent[];
  /** Refused requests, in order. */
  refused: RefusedRequest[];
  /** Waits for the n-th (1-based) accepted message to `phone` and returns it. */
  waitFor(phone: string, n?: number): Promise<Sent>;
  /** Changeable by tests: milliseconds before each answer, and whether every send answers 500. */
  settings: { delayMs: number; down: boolean };
  /** Replaces the registered templates (as when the shop's registrations change). */
  registerTemplates(templates: SimulatorTemplate[]): void;
  /** Stops it; the port is free when this resolves. */
  close(): Promise<void>;
}

/** A request the simulator answers with an error status and the gateway's error text. */
export class GatewayRefusal extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.name = 'GatewayRefusal';
    this.status = status;
  }
}

/** The request's body as UTF-8 text; 413 when it is too large. */
export async function readBody(req: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new GatewayRefusal(413, 'Request body too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Listens on 127.0.0.1 (any free port unless given); answers the base URL. */
export async function listenOnLoopback(server: http.Server, name: string, port = 0): Promise<string> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', (err: NodeJS.ErrnoException) =>
      reject(new Error(`The ${name} simulator cannot listen on 127.0.0.1:${port}: ${err.message}`)),
    );
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Stops a server and drops its open connections; resolves once the port is free. */
export function closeServer(server: http.Server): Promise<void> {
  return new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

/** A phone number's digits, so `+919876543210` and MSG91's `919876543210` name the same number. */
export const phoneDigits = (phone: string) => phone.replace(/\D/g, '');

/** The messages a simulator accepted, in order, and waiters for the next ones. */
export class MessageLog<M extends { to: string }> {
  readonly messages: M[] = [];
  private waiters: (() => void)[] = [];

  add(message: M): void {
    this.messages.push(message);
    for (const wake of this.waiters.splice(0)) wake();
  }

  /** Accepted messages to `phone` (any of its spellings). */
  to(phone: string): M[] {
    return this.messages.filter((m) => phoneDigits(m.to) === phoneDigits(phone));
  }

  /** Waits for the `n`-th accepted message (1-based) to `phone` and returns it. */
  async waitFor(phone: string, n = 1): Promise<M> {
    while (this.to(phone).length < n) await new Promise<void>((wake) => this.waiters.push(wake));
    return this.to(phone)[n - 1]!;
  }
}
