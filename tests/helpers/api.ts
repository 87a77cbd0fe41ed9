/**
 * A small HTTP client for API tests: keeps a Bearer token or the session cookie, sends JSON,
 * form-urlencoded or multipart bodies, and comes from its own (random) client IP so throttles
 * of one test never touch another (the test servers trust loopback as their proxy, TRUSTED_PROXIES).
 */
import { randomInt } from 'node:crypto';

export type Body = { json?: unknown; form?: Record<string, string>; multipart?: Record<string, string> };

export interface ApiResult<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

/** A random Indian mobile number in E.164 form, unique enough for a test run. */
export const randomPhone = () => `+919${String(randomInt(0, 1_000_000_000)).padStart(9, '0')}`;

/** An Indian mobile number in E.164 ("+919876543210") as the shop shows it: "+91 98765 43210". */
export const readablePhone = (e164: string) => `${e164.slice(0, 3)} ${e164.slice(3, 8)} ${e164.slice(8)}`;

export class ApiClient {
  token: string | null = null;
  cookie: string | null = null;
  readonly ip = `10.${randomInt(0, 255)}.${randomInt(0, 255)}.${randomInt(1, 254)}`;

  readonly baseUrl: string;
  readonly useCookie: boolean;

  constructor(baseUrl: string, useCookie = false) {
    this.baseUrl = baseUrl;
    this.useCookie = useCookie;
  }

  async request<T = any>(
    method: string,
    path: string,
    body: Body = {},
    headers: Record<string, string> = {},
  ): Promise<ApiResult<T>> {
    const h: Record<string, string> = { 'x-forwarded-for': this.ip, ...headers };
    if (this.token && !this.useCookie) h.authorization = `Bearer ${this.token}`;
    if (this.cookie && this.useCookie) {
      h.cookie = this.cookie;
      h.origin ??= this.baseUrl;
    }
    let payload: BodyInit | undefined;
    if (body.json !== undefined) {
      h['content-type'] = 'application/json';
      payload = JSON.stringify(body.json);
    } else if (body.form) {
      h['content-type'] = 'application/x-www-form-urlencoded';
      payload = new URLSearchParams(body.form).toString();
    } else if (body.multipart) {
      const fd = new FormData();
      for (const [k, v] of Object.entries(body.multipart)) fd.append(k, v);
      payload = fd;
    }
    const res = await fetch(this.baseUrl + path, { method, headers: h, body: payload, redirect: 'manual' });
    const session = res.headers.getSetCookie().find((c) => c.startsWith('ff_session='));
    if (session) this.cookie = session.split(';')[0]!;
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      /* not JSON */
    }
    return { status: res.status, headers: res.headers, body: parsed as T };
  }

  get = <T = any>(path: string, headers?: Record<string, string>) => this.request<T>('GET', path, {}, headers);
  post = <T = any>(path: string, body: Body = {}, headers?: Record<string, string>) =>
    this.request<T>('POST', path, body, headers);
  put = <T = any>(path: string, body: Body = {}, headers?: Record<string, string>) =>
    this.request<T>('PUT', path, body, headers);
  delete = <T = any>(path: string, body: Body = {}, headers?: Record<string, string>) =>
    this.request<T>('DELETE', path, body, headers);

  /** Signs up a new customer through the OTP flow (reading the demo code) and keeps the session. */
  async signUp(phone = randomPhone(), name = 'Test Customer', email = 'test@example.com'): Promise<{ phone: string }> {
    const reg = await this.post('/api/register', { json: { name, email, mobile: phone } });
    if (reg.status !== 200) throw new Error(`register failed: ${reg.status} ${JSON.stringify(reg.body)}`);
    const login = await this.post(
      '/api/otp-login',
      { json: { key: phone, otp: reg.body.data.demo_otp } },
      { 'x-token-transport': 'bearer' },
    );
    if (login.status !== 200) throw new Error(`otp-login failed: ${login.status} ${JSON.stringify(login.body)}`);
    this.token = login.body.data.token;
    return { phone };
  }
}
