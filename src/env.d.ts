/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /** Request id for logs and the X-Request-Id response header. */
    reqId: string;
  }
}
