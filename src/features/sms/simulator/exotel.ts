/**
 * The Exotel simulator: a node:http server on 127.0.0.1 speaking Exotel's Send SMS API (v1) as the
 * shop uses it. `POST /v1/Accounts/{sid}/Sms/send` (XML answers) or `…/Sms/send.json` (JSON
 * answers), a form body (application/x-www-form-urlencoded) with `From`, `To`, `Body`,
 * `EncodingType` (plain | unicode), `SmsType`, `DltEntityId` and `DltTemplateId`, and Basic auth
 * with the API key and token.
 *
 * Like the operators' DLT scrubbing, it refuses (400) a message whose header (`From`), entity id or
 * template id is not the account's registered one, whose `Body` is not the registered text with
 * each `{#var#}` filled by at most 30 characters, or whose text needs Unicode but is sent as
 * plain. Refusals answer in Exotel's error shape, `RestException { Status, Message }`, and never
 * quote the body (it may hold a sign-in code). Accepted messages answer 200 with an `SMSMessage`
 * queued for delivery and are kept for tests (`messages`, `waitFor`).
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { isGsm7 } from '../server/gsm7.ts';
import {
  closeServer,
  GatewayRefusal,
  type GatewaySimulator,
  listenOnLoopback,
  MessageLog,
  type RefusedRequest,
  readBody,
} from './http.ts';
import { matchesTemplate, type SimulatorTemplate } from './templates.ts';

/** The simulator's account unless a test gives its own: SID, API key and token, DLT entity id, header. */
export const EXOTEL_SIMULATOR_ACCOUNT = {
  sid: 'farmfreshsim1',
  apiKey: 'exotel-sim-key',
  apiToken: 'exotel-sim-token',
  dltEntityId: '1101000000000000001',
  senderId: 'FRMFRS',
} as const;

/** Most characters of a `Body` Exotel takes. */
const MAX_BODY_CHARS = 2000;
const ENCODING_TYPES = ['plain', 'unicode'];
const SMS_TYPES = ['transactional', 'transactional_opt_in', 'promotional'];

export interface ExotelSimulatorOptions {
  /** The shop's registered templates (those with a DLT template id count). */
  templates: SimulatorTemplate[];
  /** Port to listen on; 0 (the default) picks a free one. */
  port?: number;
  sid?: string;
  apiKey?: string;
  apiToken?: string;
  dltEntityId?: string;
  senderId?: string;
}

/** One message the simulator accepted, as it came. */
export interface ExotelSentSms {
  sid: string;
  to: string;
  from: string;
  body: string;
  encodingType: string;
  smsType: string | null;
  dltEntityId: string;
  dltTemplateId: string;
}

/** A running Exotel simulator (EXOTEL_API_URL). */
export type ExotelSimulator = GatewaySimulator<ExotelSentSms>;

/** Starts an Exotel simulator on 127.0.0.1. */
export async function startExotelSimulator(options: ExotelSimulatorOptions): Promise<ExotelSimulator> {
  const account = {
    sid: options.sid ?? EXOTEL_SIMULATOR_ACCOUNT.sid,
    apiKey: options.apiKey ?? EXOTEL_SIMULATOR_ACCOUNT.apiKey,
    apiToken: options.apiToken ?? EXOTEL_SIMULATOR_ACCOUNT.apiToken,
    dltEntityId: options.dltEntityId ?? EXOTEL_SIMULATOR_ACCOUNT.dltEntityId,
    senderId: options.senderId ?? EXOTEL_SIMULATOR_ACCOUNT.senderId,
  };
  const byId = (list: SimulatorTemplate[]) =>
    new Map(list.filter((t) => t.dltTemplateId).map((t) => [t.dltTemplateId!, t.template] as const));
  let templates = byId(options.templates);
  const log = new MessageLog<ExotelSentSms>();
  const refused: RefusedRequest[] = [];
  const settings = { delayMs: 0, down: false };
  const sendPath = /^\/v1\/Accounts\/([^/]+)\/Sms\/send(\.json)?$/;

  /** Checks one send request and answers the accepted message, or throws the gateway's refusal. */
  const accept = async (req: http.IncomingMessage, sid: string): Promise<ExotelSentSms> => {
    if (req.method !== 'POST') throw new GatewayRefusal(405, 'Method Not Allowed');
    if (sid !== account.sid || !authorized(req.headers.authorization, account.apiKey, account.apiToken))
      throw new GatewayRefusal(401, 'Authentication failed. Invalid API Key or Token.');
    if (!(req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded'))
      throw new GatewayRefusal(400, 'Invalid Parameters: send the parameters as a form');
    const form = new URLSearchParams(await readBody(req));
    const field = (name: string) => {
      const value = form.get(name);
      if (value === null || value === '') throw new GatewayRefusal(400, `Invalid Parameters: ${name} is mandatory`);
      return value;
    };
    const from = field('From');
    const to = field('To');
    const body = field('Body');
    const encodingType = form.get('EncodingType') ?? 'plain';
    const smsType = form.get('SmsType');
    if ([...body].length > MAX_BODY_CHARS)
      throw new GatewayRefusal(400, `Invalid Parameters: Body exceeds ${MAX_BODY_CHARS} characters`);
    if (!ENCODING_TYPES.includes(encodingType))
      throw new GatewayRefusal(400, 'Invalid Parameters: EncodingType must be plain or unicode');
    if (smsType !== null && !SMS_TYPES.includes(smsType))
      throw new GatewayRefusal(400, `Invalid Parameters: SmsType must be one of ${SMS_TYPES.join(', ')}`);
    if (!/^\+?\d{10,15}$/.test(to)) throw new GatewayRefusal(400, 'Invalid Recipient');
    if (from !== account.senderId)
      throw new GatewayRefusal(400, 'The Sender ID (From) is not approved for this account');
    const dltEntityId = field('DltEntityId');
    if (dltEntityId !== account.dltEntityId)
      throw new GatewayRefusal(400, 'DltEntityId is not the DLT entity registered for this account');
    const dltTemplateId = field('DltTemplateId');
    const template = templates.get(dltTemplateId);
    if (template === undefined)
      throw new GatewayRefusal(400, `DltTemplateId ${dltTemplateId} is not a registered DLT template`);
    if (!matchesTemplate(template, body))
      throw new GatewayRefusal(400, `Body does not match the registered text of DLT template ${dltTemplateId}`);
    if (encodingType === 'plain' && !isGsm7(body))
      throw new GatewayRefusal(400, 'Body has characters outside the GSM 7-bit alphabet: send EncodingType=unicode');
    return { sid: randomBytes(16).toString('hex'), to, from, body, encodingType, smsType, dltEntityId, dltTemplateId };
  };

  const server = http.createServer((req, res) => {
    const match = sendPath.exec(new URL(req.url ?? '/', 'http://simulator').pathname);
    const json = Boolean(match?.[2]);
    const answer = (status: number, value: Record<string, unknown>) =>
      setTimeout(() => {
        const text = json ? JSON.stringify(value) : toXml(value);
        res.writeHead(status, { 'content-type': json ? 'application/json; charset=utf-8' : 'application/xml' });
        res.end(text);
      }, settings.delayMs);
    const refuse = (err: GatewayRefusal) => {
      refused.push({ status: err.status, reason: err.message });
      answer(err.status, { RestException: { Status: err.status, Message: err.message } });
    };
    if (!match) return refuse(new GatewayRefusal(404, 'Not Found'));
    if (settings.down) return refuse(new GatewayRefusal(500, 'Internal Server Error'));
    accept(req, decodeURIComponent(match[1]!)).then(
      (sms) => {
        log.add(sms);
        answer(200, { SMSMessage: smsMessage(sms, account.sid) });
      },
      (err: unknown) => refuse(err instanceof GatewayRefusal ? err : new GatewayRefusal(500, 'Internal Server Error')),
    );
  });
  const url = await listenOnLoopback(server, 'Exotel', options.port);
  return {
    url,
    messages: log.messages,
    refused,
    waitFor: (phone, n) => log.waitFor(phone, n),
    settings,
    registerTemplates: (list) => {
      templates = byId(list);
    },
    close: () => closeServer(server),
  };
}

/** True when `header` is Basic auth with exactly this key and token. */
function authorized(header: string | undefined, apiKey: string, apiToken: string): boolean {
  if (!header?.startsWith('Basic ')) return false;
  return Buffer.from(header.slice(6), 'base64').toString('utf8') === `${apiKey}:${apiToken}`;
}

/** Exotel's answer to an accepted send: the message, queued for the operator. */
function smsMessage(sms: ExotelSentSms, accountSid: string): Record<string, unknown> {
  const now = new Date().toISOString().replace('T', ' ').slice(0, 19);
  return {
    Sid: sms.sid,
    AccountSid: accountSid,
    From: `${accountSid}/${sms.from}`,
    To: sms.to,
    DateCreated: now,
    DateUpdated: now,
    DateSent: null,
    Body: sms.body,
    Direction: 'outbound-api',
    Uri: `/v1/Accounts/${accountSid}/SMS/Messages/${sms.sid}.json`,
    ApiVersion: null,
    Price: null,
    Status: 'queued',
    DetailedStatusCode: 21010,
    DetailedStatus: 'PENDING_TO_OPERATOR',
    SmsUnits: null,
  };
}

/** Exotel's XML form of an answer (`<TwilioResponse>` around the same fields). */
function toXml(value: Record<string, unknown>): string {
  const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const element = (name: string, v: unknown): string =>
    v !== null && typeof v === 'object'
      ? `<${name}>${Object.entries(v as Record<string, unknown>)
          .map(([k, x]) => element(k, x))
          .join('')}</${name}>`
      : `<${name}>${v === null ? '' : escapeXml(String(v))}</${name}>`;
  return `<?xml version="1.0" encoding="UTF-8"?>\n${element('TwilioResponse', value)}`;
}
