/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /** Request id for logs and the X-Request-Id response header. */
    reqId: string;
    /** The signed-in customer, memoised per request (undefined until looked up). */
    customer?: import('#lib/http/session.ts').SessionCustomer | null;
    /** The signed-in staff member (back office), memoised per request (undefined until looked up). */
    staff?: import('#lib/http/staff-session.ts').SessionStaff | null;
  }
}
