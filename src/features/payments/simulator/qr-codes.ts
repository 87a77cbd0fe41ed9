/**
 * The simulator's UPI QR codes, as Razorpay's QR Codes API: create (`POST /v1/payments/qr_codes`,
 * type upi_qr), fetch, close (`POST …/{id}/close`) and list a code's payments (`GET …/{id}/payments`).
 * The customer's phone is played by the "scan and pay" page at a code's `image_url`
 * (`/_simulator/qr/{id}`): a browser opening it gets a page with the amount, the UPI link and a Pay
 * button; an image request (an `<img>`) gets an SVG picture. Paying (the button, or
 * `POST /_simulator/qr/{id}/pay` with JSON `{ amount?, force? }` for tests: another amount, or a
 * payment on a closed code as one racing its close) makes a captured UPI payment, closes a
 * single-use code and sends `payment.captured` and `qr_code.credited`, signed as Razorpay signs them.
 */
import { createHash } from 'node:crypto';
import type http from 'node:http';
import type { Handler, SimulatorContext } from './api.ts';
import { amountOf, notesOf, SimulatorError, unknownId } from './http.ts';
import { nowSeconds, type SimPayment, type SimQrCode } from './state.ts';

const collection = <T>(items: T[]) => ({ entity: 'collection', count: items.length, items });

/** The shortest time a QR code may stay open (s), as Razorpay asks of `close_by`. */
const MIN_OPEN_S = 120;

function qrOf(ctx: SimulatorContext, id: string): SimQrCode {
  const qr = ctx.state.qrCodes.get(id);
  if (!qr) throw unknownId();
  return qr;
}

/** A code past its close_by is closed, as the gateway closes it by itself. */
function expire(ctx: SimulatorContext, qr: SimQrCode): SimQrCode {
  if (qr.status === 'active' && qr.close_by <= nowSeconds()) ctx.state.closeQrCode(qr, 'on_demand');
  return qr;
}

export const createQrCode: Handler = (ctx, _id, body) => {
  if (body.type !== 'upi_qr') throw new SimulatorError(400, 'type must be upi_qr', { field: 'type' });
  if (body.usage !== 'single_use' && body.usage !== 'multiple_use')
    throw new SimulatorError(400, 'usage must be single_use or multiple_use', { field: 'usage' });
  if (body.fixed_amount !== true)
    throw new SimulatorError(400, 'The simulator makes fixed-amount QR codes only', { field: 'fixed_amount' });
  const closeBy = body.close_by;
  if (typeof closeBy !== 'number' || !Number.isInteger(closeBy) || closeBy < nowSeconds() + MIN_OPEN_S)
    throw new SimulatorError(400, 'close_by should be at least 2 minutes after the current time', {
      field: 'close_by',
    });
  return ctx.state.createQrCode(
    {
      name: typeof body.name === 'string' ? body.name.slice(0, 100) : 'QR code',
      usage: body.usage,
      payment_amount: amountOf(body.payment_amount),
      description: typeof body.description === 'string' ? body.description.slice(0, 200) : '',
      fixed_amount: true,
      notes: notesOf(body.notes),
      close_by: closeBy,
    },
    (id) => `${ctx.url}/_simulator/qr/${id}`,
  );
};

export const fetchQrCode: Handler = (ctx, id) => expire(ctx, qrOf(ctx, id));

export const closeQrCode: Handler = (ctx, id) => {
  const qr = expire(ctx, qrOf(ctx, id));
  if (qr.status === 'closed') throw new SimulatorError(400, 'QR code is already closed');
  ctx.state.closeQrCode(qr, 'on_demand');
  ctx.webhooks.emit('qr_code.closed', { qr_code: qr });
  return qr;
};

export const fetchQrPayments: Handler = (ctx, id) => collection(ctx.state.paymentsOfQr(qrOf(ctx, id).id).reverse());

/** Pays a QR code (see the module comment); throws SimulatorError for a closed code unless `force`. */
export function payQrCode(ctx: SimulatorContext, id: string, body: Record<string, unknown>): SimPayment {
  const qr = expire(ctx, qrOf(ctx, id));
  if (qr.status !== 'active' && body.force !== true)
    throw new SimulatorError(400, 'This QR code is closed: it takes no payments');
  const amount = body.amount === undefined ? qr.payment_amount : amountOf(body.amount, 1);
  const payment = ctx.state.payQrCode(qr, amount);
  ctx.webhooks.emit('payment.captured', { payment });
  ctx.webhooks.emit('qr_code.credited', { payment, qr_code: qr });
  return payment;
}

/** The QR Codes API's routes: method, path pattern and handler (matched by api.ts matchApiRoute). */
export const QR_ROUTES: [string, RegExp, Handler][] = [
  ['POST', /^\/v1\/payments\/qr_codes$/, createQrCode],
  ['GET', /^\/v1\/payments\/qr_codes\/([^/]+)$/, fetchQrCode],
  ['POST', /^\/v1\/payments\/qr_codes\/([^/]+)\/close$/, closeQrCode],
  ['GET', /^\/v1\/payments\/qr_codes\/([^/]+)\/payments$/, fetchQrPayments],
];

/** Rupees from paise, as a UPI link's `am` and the page show them. */
const rupees = (paise: number) => (paise / 100).toFixed(2);

/** The UPI deep link a real QR code holds. */
export function upiLink(qr: SimQrCode): string {
  const query = new URLSearchParams({
    pa: 'farmfresh.sim@razorpay',
    pn: qr.name,
    am: rupees(qr.payment_amount),
    cu: 'INR',
    tr: qr.id,
    tn: qr.description,
  });
  return `upi://pay?${query.toString()}`;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * A picture standing for the code (not a scannable QR: a 21×21 pattern drawn from the UPI link's
 * hash, with the three finder squares), with the amount under it.
 */
export function qrSvg(qr: SimQrCode): string {
  const bits = createHash('sha256').update(upiLink(qr)).digest();
  const cells: string[] = [];
  const finder = (x: number, y: number) => x < 7 && y < 7;
  for (let y = 0; y < 21; y++)
    for (let x = 0; x < 21; x++) {
      if (finder(x, y) || finder(20 - x, y) || finder(x, 20 - y)) continue;
      const i = y * 21 + x;
      if ((bits[i % 32]! >> (i % 8)) & 1) cells.push(`<rect x="${x + 2}" y="${y + 2}" width="1" height="1"/>`);
    }
  const square = (x: number, y: number) =>
    `<rect x="${x + 2.5}" y="${y + 2.5}" width="6" height="6" fill="none" stroke="#000"/><rect x="${x + 4}" y="${y + 4}" width="3" height="3"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 25 29" width="250" height="290" role="img" aria-label="UPI QR for ₹${rupees(qr.payment_amount)} (payment simulator)"><rect width="25" height="29" fill="#fff"/><g fill="#000">${cells.join('')}${square(0, 0)}${square(14, 0)}${square(0, 14)}</g><text x="12.5" y="26.5" font-family="sans-serif" font-size="2.2" text-anchor="middle">UPI ₹${rupees(qr.payment_amount)}</text></svg>`;
}

/** The scan-and-pay page: the amount, the UPI link, the code's state and a Pay button while it is active. */
export function qrPage(qr: SimQrCode, paid?: SimPayment): string {
  const amount = `₹${rupees(qr.payment_amount)}`;
  const state =
    qr.status === 'active'
      ? `<form method="post" action="/_simulator/qr/${escapeHtml(qr.id)}/pay"><button type="submit">Pay ${amount}</button></form>`
      : `<p role="status">${paid || qr.close_reason === 'paid' ? `Paid ${amount}. You can close this page.` : 'This QR code is closed: it takes no payments.'}</p>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Scan and pay · payment simulator</title>
<style>body{font-family:system-ui,sans-serif;max-width:26rem;margin:1.5rem auto;padding:0 1rem;color:#1c1917}button{font-size:1.125rem;padding:.75rem 1.5rem;background:#15803d;color:#fff;border:0;border-radius:.5rem;width:100%}code{word-break:break-all;font-size:.8rem}</style></head>
<body><p>Payment simulator — test payments only</p><h1>Scan and pay ${amount}</h1><p>${escapeHtml(qr.name)} · ${escapeHtml(qr.description)}</p>
<p>UPI link: <code>${escapeHtml(upiLink(qr))}</code></p>${state}</body></html>`;
}

/** `/_simulator/qr/{id}` and `/_simulator/qr/{id}/pay`; false when the path is neither. */
export async function serveQrPage(
  ctx: SimulatorContext,
  req: http.IncomingMessage,
  res: http.ServerResponse,
  path: string,
  readBody: () => Promise<Record<string, unknown>>,
): Promise<boolean> {
  const match = /^\/_simulator\/qr\/([^/]+)(\/pay)?$/.exec(path);
  if (!match) return false;
  const id = decodeURIComponent(match[1]!);
  const method = req.method ?? 'GET';
  if (!match[2] && (method === 'GET' || method === 'HEAD')) {
    const qr = expire(ctx, qrOf(ctx, id));
    const page = (req.headers.accept ?? '').includes('text/html');
    const body = page ? qrPage(qr) : qrSvg(qr);
    res.writeHead(200, {
      'content-type': page ? 'text/html; charset=utf-8' : 'image/svg+xml',
      'content-length': Buffer.byteLength(body),
      'cache-control': 'no-store',
    });
    res.end(method === 'HEAD' ? undefined : body);
    return true;
  }
  if (match[2] && method === 'POST') {
    const form = (req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');
    const payment = payQrCode(ctx, id, form ? {} : await readBody());
    if (form) {
      res.writeHead(303, { location: `/_simulator/qr/${encodeURIComponent(id)}` });
      res.end();
    } else {
      const body = JSON.stringify(payment);
      res.writeHead(200, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': Buffer.byteLength(body),
      });
      res.end(body);
    }
    return true;
  }
  throw new SimulatorError(405, 'Method not allowed');
}
