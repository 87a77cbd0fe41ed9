/**
 * The MSG91 simulator: a node:http server on 127.0.0.1 speaking MSG91's Flow API (v5) as the shop
 * uses it. `POST /api/v5/flow` (or `/api/v5/flow/`), the `authkey` header, and a JSON body
 * `{ template_id, short_url?, recipients: [{ mobiles, <variable>: value, … }] }` (`flow_id`, the
 * older name of `template_id`, is taken too).
 *
 * MSG91 holds each template's registered text and its DLT ids in the shop's account and fills the
 * text itself from each recipient's variables, so the simulator refuses (400) an unknown template
 * id, a recipient whose `mobiles` is not a number with its country code, and a missing variable
 * or one over 30 characters; a wrong `authkey` answers 401. Answers are MSG91's
 * `{ type: 'success' | 'error', message }`; an accepted request's message is its request id.
 * Accepted messages (one per recipient, with the text as filled) are kept for tests.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import {
  closeServer,
  GatewayRefusal,
  type GatewaySimulator,
  listenOnLoopback,
  MessageLog,
  type RefusedRequest,
  readBody,
} from './http.ts';
import { fillTemplate, type SimulatorTemplate } from './templates.ts';

/** The simulator's auth key unless a test gives its own. */
export const MSG91_SIMULATOR_AUTH_KEY = 'msg91-sim-authkey';

export interface Msg91SimulatorOptions {
  /** The shop's templates as its MSG91 account holds them (those with an MSG91 template id count). */
  templates: SimulatorTemplate[];
  /** Port to listen on; 0 (the default) picks a free one. */
  port?: number;
  authKey?: string;
}

/** One message the simulator accepted: the recipient, the template, the variables as sent and the text MSG91 made. */
export interface Msg91SentSms {
  requestId: string;
  /** `mobiles` as sent: digits with the country code, no `+`. */
  to: string;
  templateId: string;
  variables: Record<string, string>;
  text: string;
}

/** A running MSG91 simulator (MSG91_API_URL). */
export type Msg91Simulator = GatewaySimulator<Msg91SentSms>;

/** Starts an MSG91 simulator on 127.0.0.1. */
export async function startMsg91Simulator(options: Msg91SimulatorOptions): Promise<Msg91Simulator> {
  const authKey = options.authKey ?? MSG91_SIMULATOR_AUTH_KEY;
  const byId = (list: SimulatorTemplate[]) =>
    new Map(list.filter((t) => t.msg91TemplateId).map((t) => [t.msg91TemplateId!, t] as const));
  let templates = byId(options.templates);
  const log = new MessageLog<Msg91SentSms>();
  const refused: RefusedRequest[] = [];
  const settings = { delayMs: 0, down: false };

  /** Checks one Flow request and answers the messages it sends, or throws MSG91's refusal. */
  const accept = async (req: http.IncomingMessage): Promise<Msg91SentSms[]> => {
    if (req.method !== 'POST') throw new GatewayRefusal(405, 'Method not allowed');
    if (req.headers.authkey !== authKey) throw new GatewayRefusal(401, 'AuthenticationFailure');
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(await readBody(req)) as Record<string, unknown>;
    } catch {
      throw new GatewayRefusal(400, 'Invalid JSON body');
    }
    if (!body || typeof body !== 'object') throw new GatewayRefusal(400, 'Invalid JSON body');
    const templateId = body.template_id ?? body.flow_id;
    if (typeof templateId !== 'string' || !templateId) throw new GatewayRefusal(400, 'template_id is required');
    const template = templates.get(templateId);
    if (!template) throw new GatewayRefusal(400, `Template ID ${templateId} is not valid`);
    const recipients = body.recipients;
    if (!Array.isArray(recipients) || recipients.length === 0) throw new GatewayRefusal(400, 'recipients is required');
    const requestId = randomBytes(12).toString('hex');
    return recipients.map((recipient: unknown) => {
      const fields = (recipient ?? {}) as Record<string, unknown>;
      const mobiles = String(fields.mobiles ?? '');
      if (!/^\d{10,15}$/.test(mobiles))
        throw new GatewayRefusal(400, 'mobiles must be a number with its country code, digits only');
      const variables: Record<string, string> = {};
      for (const name of template.variables) {
        const value = fields[name];
        if (typeof value !== 'string' && typeof value !== 'number')
          throw new GatewayRefusal(400, `Variable ${name} is missing for template ${templateId}`);
        variables[name] = String(value);
      }
      const text = fillTemplate(
        template.template,
        template.variables.map((name) => variables[name]!),
      );
      if (text === null)
        throw new GatewayRefusal(400, `A variable of template ${templateId} is over the DLT limit of 30 characters`);
      return { requestId, to: mobiles, templateId, variables, text };
    });
  };

  const server = http.createServer((req, res) => {
    const answer = (status: number, value: Record<string, unknown>) =>
      setTimeout(() => {
        res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
        res.end(JSON.stringify(value));
      }, settings.delayMs);
    const refuse = (err: GatewayRefusal) => {
      refused.push({ status: err.status, reason: err.message });
      answer(err.status, { type: 'error', message: err.message, code: String(err.status) });
    };
    const path = new URL(req.url ?? '/', 'http://simulator').pathname;
    if (path !== '/api/v5/flow' && path !== '/api/v5/flow/') return refuse(new GatewayRefusal(404, 'Not found'));
    if (settings.down) return refuse(new GatewayRefusal(500, 'Internal server error'));
    accept(req).then(
      (sent) => {
        for (const sms of sent) log.add(sms);
        answer(200, { type: 'success', message: sent[0]!.requestId });
      },
      (err: unknown) => refuse(err instanceof GatewayRefusal ? err : new GatewayRefusal(500, 'Internal server error')),
    );
  });
  const url = await listenOnLoopback(server, 'MSG91', options.port);
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
