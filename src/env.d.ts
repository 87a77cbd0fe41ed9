/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /** Request id for logs and the X-Request-Id response header. */
    reqId: string;
    /** The signed-in customer, memoised per request (undefined until looked up). */
    customer?: import('./lib/server/services/auth.ts').SessionCustomer | null;
  }
}

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate on the first hover, focus, touch or click (src/client-directives/interact.ts). */
    'client:interact'?: boolean;
  }
}
