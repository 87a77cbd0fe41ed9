/**
 * The client's view of the session (signed in means a session exists:
 * docs/sign-in-rules.md#sessions) and the auth dialog's open state. The session itself is an
 * HttpOnly cookie the browser never reads; the readable `ff_auth=1` hint cookie (set and cleared by
 * the server) says whether one exists. The head script of ShopLayout copies it to
 * `<html data-auth="in|out">` before first paint, and this store keeps that attribute current, so
 * CSS shows the right navigation everywhere.
 *
 * - A 401 from any API call clears the client's session state.
 * - Signing in dispatches `ff:signed-in` on window and signing out `ff:signed-out`, so code that
 *   is loaded lazily (the wishlist hearts, a guest's pending cart add) can follow without
 *   importing this module eagerly; code that is loaded subscribes to `$session`.
 * - `$authDialog` says whether the auth dialog is wanted and on which tab; the dialog itself is
 *   loaded by `openAuth` (store.ts). This module imports neither the dialog nor any other
 *   feature's store, so the dialog imports it without a cycle. Other features import store.ts.
 * Client-only: never write these stores in server frontmatter.
 */
import { atom } from 'nanostores';
import { onUnauthorized } from '#lib/http/api-client.ts';
import { callRoute } from '#lib/http/client.ts';
import type { DataOut } from '#lib/http/contract.ts';
import type { logoutRoute, sessionRoute } from './contract.ts';

/** The signed-in customer as `/api/otp-login` and `/api/customer/session` return it. */
export type SessionCustomer = DataOut<typeof sessionRoute>['customer'];

export interface SessionState {
  signedIn: boolean;
  /** Known after a login in this page; null when only the hint cookie says "signed in". */
  customer: SessionCustomer | null;
}

const AUTH_HINT = /(?:^|;\s*)ff_auth=1(?:;|$)/;

function hintSaysSignedIn(): boolean {
  return typeof document !== 'undefined' && AUTH_HINT.test(document.cookie);
}

/** Signed in or not. Write it only through the actions below. */
export const $session = atom<SessionState>({ signedIn: hintSaysSignedIn(), customer: null });

/** True when the visitor is signed in (read inside handlers). */
export function isSignedIn(): boolean {
  return $session.get().signedIn;
}

function reflect(signedIn: boolean): void {
  if (typeof document === 'undefined') return;
  document.documentElement.dataset.auth = signedIn ? 'in' : 'out';
  window.dispatchEvent(new Event(signedIn ? 'ff:signed-in' : 'ff:signed-out'));
}

/** Records a successful login (the server has set the session and hint cookies). */
export function markSignedIn(customer: SessionCustomer | null): void {
  $session.set({ signedIn: true, customer });
  reflect(true);
}

/**
 * Forgets the session on the client: state, `<html data-auth>`, and the readable hint cookies
 * (the server clears them too; this covers a hint left behind by an expired session).
 */
export function clearSession(): void {
  const was = $session.get().signedIn;
  $session.set({ signedIn: false, customer: null });
  if (typeof document !== 'undefined') {
    // biome-ignore-start lint/suspicious/noDocumentCookie: synchronous and in every browser; cookieStore is neither.
    document.cookie = 'ff_auth=; Max-Age=0; path=/; SameSite=Lax';
    document.cookie = 'ff_cart=; Max-Age=0; path=/; SameSite=Lax';
    // biome-ignore-end lint/suspicious/noDocumentCookie: end of the two writes above.
  }
  if (was) reflect(false);
  else if (typeof document !== 'undefined') document.documentElement.dataset.auth = 'out';
}

/** Logout: revokes the session on the server, clears the client, goes to /. */
export async function logout(): Promise<void> {
  try {
    await callRoute<typeof logoutRoute>('POST /api/logout', {});
  } catch (err) {
    // The client forgets the session anyway; the server's cookie is HttpOnly and expires.
    console.warn('Logout request failed', err);
  }
  clearSession();
  window.location.assign('/');
}

if (typeof window !== 'undefined') onUnauthorized(clearSession);

/** Which tab of the auth dialog shows first. */
export type AuthTab = 'login' | 'signup';

export interface AuthDialogState {
  open: boolean;
  tab: AuthTab;
}

/** The auth dialog: wanted or not, and on which tab. Write it through requestAuth/closeAuth. */
export const $authDialog = atom<AuthDialogState>({ open: false, tab: 'signup' });

/** Told once the dialog closes: true after a login (Continue pressed), false when dismissed. */
export type AuthDone = (signedIn: boolean) => void;
let onDone: AuthDone | null = null;

/**
 * Asks for the auth dialog on `tab` (use `openAuth` from store.ts, which also loads it).
 * `done` replaces any earlier opener's callback.
 */
export function requestAuth(tab: AuthTab, done?: AuthDone): void {
  onDone = done ?? null;
  // The control that asked, for focus to return to when the dialog closes.
  authOpener =
    typeof document !== 'undefined' &&
    document.activeElement instanceof HTMLElement &&
    document.activeElement !== document.body
      ? document.activeElement
      : null;
  $authDialog.set({ open: true, tab });
}

let authOpener: HTMLElement | null = null;

/** The control that opened the auth dialog last (focus goes back to it, or to its panel's opener). */
export function authDialogOpener(): HTMLElement | null {
  return authOpener;
}

/** Closes the auth dialog; `signedIn` tells the opener whether a login happened. */
export function closeAuth(signedIn: boolean): void {
  $authDialog.set({ open: false, tab: 'signup' });
  const done = onDone;
  onDone = null;
  done?.(signedIn);
}

/**
 * True while the session store says signed in and the readable hint cookie is still there (a
 * logout in another tab removes it). The session itself is HttpOnly: the server still decides,
 * and a 401 from any call clears the store.
 */
export function hasSessionHint(): boolean {
  return isSignedIn() && typeof document !== 'undefined' && /(?:^|;\s*)ff_auth=1(?:;|$)/.test(document.cookie);
}

/** The login page URL that brings the customer back here afterwards. */
export function loginUrl(): string {
  const here = typeof location === 'undefined' ? '/' : location.pathname + location.search;
  return `/login?next=${encodeURIComponent(here)}`;
}

/** How long a "please log in" notice shows before the browser goes to the login page, in ms. */
export const LOGIN_REDIRECT_MS = 2000;
