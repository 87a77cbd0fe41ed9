/** The simulator's HTTP plumbing: JSON answers, Razorpay's error shape, bodies, Basic auth. */
import type http from 'node:http';
import { signatureMatches } from '../server/signatures.ts';

/** A failure answered in Razorpay's shape `{ error: { code, description, ... } }`. */
export class SimulatorError extends Error {
  readonly status: number;
  /** More fields of Razorpay's `error` object (source, step, reason, metadata, field). */
  readonly extra: Record<string, unknown>;
  readonly code: string;
  constructor(status: number, description: string, extra: Record<string, unknown> = {}) {
    super(description);
    this.name = 'SimulatorError';
    this.status = status;
    this.extra = extra;
    this.code = status >= 500 ? 'SERVER_ERROR' : 'BAD_REQUEST_ERROR';
  }
}

/** 400 with Razorpay's text for an id it does not know. */
export const unknownId = () => new SimulatorError(400, 'The id provided does not exist');

/** Sends `value` as JSON. */
export function sendJson(res: http.ServerResponse, status: number, value: unknown): void {
  const body = JSON.stringify(value);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
  });
  res.end(body);
}

/** Sends a SimulatorError in Razorpay's error shape. */
export function sendError(res: http.ServerResponse, err: SimulatorError): void {
  sendJson(res, err.status, {
    error: {
      code: err.code,
      description: err.message,
      source: 'business',
      step: 'payment_initiation',
      reason: 'input_validation_failed',
      metadata: {},
      field: null,
      ...err.extra,
    },
  });
}

/** The request's JSON body as an object (empty when there is none); 400 when it is not JSON. */
export async function readJson(req: http.IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > 65_536) throw new SimulatorError(400, 'The request body is too large');
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8').trim();
  if (!text) return {};
  try {
    const value: unknown = JSON.parse(text);
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    /* answered below */
  }
  throw new SimulatorError(400, 'The request body is not valid JSON');
}

/** True when the request carries Basic auth with exactly this key id and secret. */
export function authorized(req: http.IncomingMessage, keyId: string, keySecret: string): boolean {
  const header = req.headers.authorization ?? '';
  if (!header.startsWith('Basic ')) return false;
  const given = Buffer.from(header.slice(6), 'base64').toString('utf8');
  return signatureMatches(`${keyId}:${keySecret}`, given);
}

/** `notes` as Razorpay takes them: an object of up to 15 short values, kept as strings. */
export function notesOf(value: unknown): Record<string, string> {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw new SimulatorError(400, 'notes must be an object');
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length > 15) throw new SimulatorError(400, 'Number of notes must be 15 or less');
  return Object.fromEntries(entries.map(([k, v]) => [k, String(v).slice(0, 256)]));
}

/** A positive whole amount in paise, or 400 naming the field. */
export function amountOf(value: unknown, min = 100): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min)
    throw new SimulatorError(400, `The amount must be at least ${min} paise`, { field: 'amount' });
  return value;
}
