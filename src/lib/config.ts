/**
 * Typed runtime configuration, read once from `process.env` and validated with zod.
 *
 * One module serves the Astro server, astro.config.mjs and the CLI scripts (start, migrate, seed,
 * import, bench), which run outside Astro; that is why it reads `process.env` rather than
 * `astro:env`. No other module reads the shop's variables from `process.env`; groups of them with
 * their cross-checks live in src/lib/config/ and are spread into the schema here. Every variable
 * is listed with its default in the README's configuration table. Not configuration, so not here:
 * the Node adapter's own switches ASTRO_NODE_AUTOSTART / ASTRO_NODE_LOGGING (src/server/), and
 * the parameters of test and benchmark runs (TEST_*, E2E_PORT, BASE_URL, BENCH_*, CHROME_PATH,
 * CHROMIUM_PATH).
 */
import os from 'node:os';
import ipaddr from 'ipaddr.js';
import { z } from 'zod';
import { checkDatabaseSettings, databaseSettings } from './config/database-settings.ts';
import { checkPaymentSettings, paymentSettings } from './config/payment-settings.ts';
import { DEMO_SELLER, sellerSettings, unsetSellerSettings } from './config/seller-settings.ts';
import { checkSignInSettings, signInSettings } from './config/sign-in-settings.ts';

/**
 * Whether `host` names an interface the way HOST needs it: an IPv4 or IPv6 address, or a host
 * name of letters, digits and hyphens in dot-separated labels (one that reads as a number, such as
 * 999.1.1.1, is neither).
 * @example isListenHost('0.0.0.0') // true
 * @example isListenHost('999.1.1.1') // false
 */
function isListenHost(host: string): boolean {
  if (ipaddr.isValid(host)) return ipaddr.IPv4.isValidFourPartDecimal(host) || host.includes(':');
  return (
    /^(?=.{1,253}$)[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/.test(
      host,
    ) && !/^[0-9.]+$/.test(host)
  );
}

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const configSchema = z
  .object({
    /**
     * Unset means production: every way of starting the built shop (`npm start`, `node
     * dist/server/entry.mjs`, the cluster) is production. `astro dev` sets `development` itself.
     */
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    /**
     * Demo mode, the one switch for what only a demo may do: the console SMS sender (codes shown on
     * screen), the payment simulator (test payments), seeding the demo shop into an empty database, and the
     * banners saying so. Unset: on under `astro dev` (NODE_ENV=development), off everywhere else.
     */
    DEMO_MODE: bool.optional(),
    ...databaseSettings,
    /** Where PGlite keeps its files; `memory://` keeps everything in memory (tests). */
    PGLITE_DATA_DIR: z.string().default('./data/pglite'),
    /** Memory (MiB) the embedded PGlite database starts with; it grows when it needs more. 128 is its floor. */
    PGLITE_INITIAL_MEMORY_MB: z.coerce.number().int().min(128).max(4096).default(128),
    /** Minutes between runs of the database clean-up (old throttle events, sessions, OTPs); 0 turns it off. */
    DB_PRUNE_INTERVAL_MINUTES: z.coerce.number().min(0).max(1440).default(10),
    /**
     * Seconds between runs of the payments job (reconcile, expire, late payments, refunds), across all
     * processes. Half the minute an order waits between two questions, so a run that starts a little
     * early (timers, polling) only delays an order's next question by this much, not by a minute.
     */
    JOB_PAYMENTS_INTERVAL_SECONDS: z.coerce.number().int().min(5).max(3600).default(30),
    /** Seconds between runs of the order SMS dispatcher (beside the run right after each order change). */
    JOB_ORDER_SMS_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3600).default(5),
    /** PostgreSQL: connections the job queue (pg-boss) may open in each server process, apart from the web pool. */
    JOB_DB_POOL_MAX: z.coerce.number().int().min(1).max(20).default(2),
    /** Seed the demo shop into an empty database on start: `auto` (the default in demo mode, and only allowed there) or `never`. */
    SEED_DEMO: z.enum(['auto', 'never']).optional(),
    /** Interface and port the server listens on (also `astro dev`). */
    HOST: z
      .string()
      .refine(isListenHost, 'must be a host name or an IP address, such as localhost, 0.0.0.0 or ::')
      .default('localhost'),
    PORT: z.coerce.number().int().min(0).max(65535).default(4321),
    /** Server processes (node:cluster workers) on PostgreSQL; default the number of CPUs. PGlite always runs one. */
    WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
    /**
     * Seconds a stopping server (SIGTERM, SIGINT) keeps serving with /readyz answering 503, so load
     * balancers stop sending before it closes its port; 0 closes at once. The whole stop is cut
     * short 30 s after the signal, so orchestrators give it at least 35 s.
     */
    SHUTDOWN_DRAIN_SECONDS: z.coerce.number().int().min(0).max(25).default(10),
    /**
     * Port of the Prometheus metrics endpoint (GET /metrics, on its own listener); 0 turns it off.
     * In a cluster the primary serves every worker's series added up.
     */
    METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(9464),
    /** Interface the metrics endpoint listens on: loopback by default, so only the host (or a sidecar) scrapes it. */
    METRICS_HOST: z
      .string()
      .refine(isListenHost, 'must be a host name or an IP address, such as 127.0.0.1 or 0.0.0.0')
      .default('127.0.0.1'),
    /** TLS certificate and key (PEM files) for `node dist/server/entry.mjs` to serve HTTPS itself; both or neither. */
    SERVER_CERT_PATH: z.string().optional(),
    SERVER_KEY_PATH: z.string().optional(),
    /**
     * The server's JavaScript heap limit in MiB (Node's `--max-old-space-size`), passed by `npm start`
     * (scripts/server-flags.ts) to the server and so to its cluster workers. The default holds a
     * 100,000-product catalogue (cards in memory, details by key; about 165 MB of heap in use) with
     * the default page cache, and keeps a process's resident memory within the shop's 350 MB budget: V8 lets the heap grow
     * towards its limit before collecting it in full, so a larger limit is more resident memory
     * (the bench's `scale` phase, docs/performance.md "Memory"). A larger page cache
     * (PAGE_CACHE_MB) needs a larger one. `node dist/server/entry.mjs` run by hand does not read it.
     */
    NODE_MAX_OLD_SPACE_MB: z.coerce.number().int().min(64).max(16_384).default(192),
    /** Build folder the server and `npm start` use (default `dist`; e.g. `.build/NAME` for a second build). */
    DIST_DIR: z.string().default('dist'),
    /** `npm start` rebuilds even when the build looks fresh. */
    FORCE_BUILD: bool.default(false),
    /** Public address of the shop, used for canonical URLs, the sitemap and Open Graph tags. */
    SITE_URL: z.string().url().default('http://localhost:4321'),
    /**
     * Most URLs one sitemap file lists (sitemaps.org allows 50,000): a shop with more answers
     * /sitemap.xml with a sitemap index of /sitemap-1.xml, /sitemap-2.xml, … of this many each (ADR 0163).
     */
    SITEMAP_URLS_PER_FILE: z.coerce.number().int().min(1).max(50_000).default(45_000),
    /**
     * Folder of uploaded photos (converted WebP files under content-hashed names), served at
     * /media/photos/. Several servers share one folder (a shared volume), so a photo uploaded
     * through one is served by all.
     */
    MEDIA_DIR: z.string().default('./data/media'),
    /** Prefix for relative image paths (the media host). Empty means this server. */
    MEDIA_BASE_URL: z.string().default(''),
    /** pino level; unset: `info`, or `warn` when NODE_ENV=test. */
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
    /**
     * Longest time (s) an anonymous catalogue page stays in this process's route cache (0 turns the
     * cache off). A page leaves it earlier, within a second, when a product or category it shows
     * changes; this bounds what the catalogue snapshot does not watch (banners, delivery areas).
     */
    PAGE_CACHE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(300),
    /** Most MiB of page bodies (stored compressed) the route cache keeps per process; least recently used out first. */
    PAGE_CACHE_MB: z.coerce.number().int().min(1).max(4096).default(24),
    SHOP_NAME: z.string().default('FarmFresh'),
    SHOP_EMAIL: z.string().default('hello@farmfresh.example'),
    SHOP_PHONE: z.string().default('+91 487 242 0000'),
    SHOP_ADDRESS: z.string().default('MG Road, Thrissur, Kerala 680001, India'),
    /**
     * Delivery zones and slots (fees, free-delivery thresholds, minimum orders, windows and
     * capacities): a JSON file, checked by `npm run shop -- zones`. Empty: the demo shop's Thrissur
     * zones (src/features/delivery/data/zones.json).
     */
    DELIVERY_ZONES_FILE: z.string().default(''),
    /** The shop's GSTIN, printed on GST invoices (15 characters; the demo's is made up). */
    SHOP_GSTIN: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/, 'a 15-character GSTIN such as 32ABCDE1234F1Z5')
      .default('32ABCDE1234F1Z5'),
    ...sellerSettings,
    /** GST state code of the shop's registration (Kerala 32): intra-state supplies get CGST + SGST. */
    SHOP_STATE_CODE: z
      .string()
      .regex(/^\d{2}$/, 'a two-digit GST state code such as 32')
      .default('32'),
    /**
     * Prefix of invoice numbers, e.g. FF → FF/26-27/000123 (up to 3 capital letters or digits: Rule
     * 46 allows 16 characters).
     */
    INVOICE_PREFIX: z
      .string()
      .regex(/^[A-Z0-9]{1,3}$/, 'up to 3 capital letters or digits')
      .default('FF'),
    /**
     * Loyalty points earned per ₹100 paid (whole hundreds), credited when the order is delivered; 1
     * point = ₹1 at checkout.
     */
    POINTS_PER_100_RUPEES: z.coerce.number().int().min(0).max(100).default(1),
    /**
     * Credit line (paise) a new customer gets for "Pay using Credit"; a number that ever had one
     * gets none again. Unset: 0 (no credit unless the shop grants it), 100000 (₹1,000) in demo mode.
     */
    NEW_CUSTOMER_CREDIT_PAISE: z.coerce.number().int().min(0).optional(),
    /**
     * Key of the HMAC under which numbers that had a credit line are remembered after their
     * account is deleted (credit_grants). Set a long random secret in production; changing it
     * forgets the earlier grants.
     */
    CREDIT_GRANT_HASH_KEY: z.string().min(1).default('farmfresh-credit-grants'),
    /**
     * A staff adjustment of credit or points worth more than this many rupees (points at ₹1 each)
     * waits for a second owner or manager to approve it (ADR 0116); 0 turns approvals off.
     */
    APPROVAL_ABOVE_RUPEES: z.coerce.number().int().min(0).max(10_000_000).default(1000),
    /**
     * Packing may give back at most this many rupees on one order line when done by a packer or
     * rider (whatever the payment mode, cash at the door included); more needs an owner or manager
     * (ADR 0116). 0 turns the limit off.
     */
    REFUND_APPROVAL_ABOVE_RUPEES: z.coerce.number().int().min(0).max(10_000_000).default(1000),
    /** Open (not yet delivered or cancelled) cash or card on delivery orders one customer may hold. */
    MAX_OPEN_COD_ORDERS: z.coerce.number().int().min(1).max(100).default(3),
    /** Orders one customer may place per hour. */
    MAX_ORDERS_PER_HOUR: z.coerce.number().int().min(1).max(1000).default(10),
    /** Orders one customer may cancel per 24 hours before cash or card on delivery pauses for them. */
    MAX_CANCELS_PER_DAY: z.coerce.number().int().min(1).max(100).default(3),
    /** Promo codes that could not be used, per customer and per client IP per hour, before further tries answer 429. */
    PROMO_TRIES_PER_HOUR: z.coerce.number().int().min(1).max(1000).default(10),
    PROMO_IP_TRIES_PER_HOUR: z.coerce.number().int().min(1).default(30),
    /**
     * Hours after delivery during which a customer may report a problem with an order (the content
     * pages state it); a complaint not about one order (/grievance) has no window.
     */
    COMPLAINT_WINDOW_HOURS: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 30)
      .default(24),
    /** Days a complaint's photo is kept after the complaint is made; then a job deletes the file. */
    COMPLAINT_PHOTO_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(180),
    ...signInSettings,
    ...paymentSettings,
    /** Map tile URL template for the address pin map. */
    MAP_TILE_URL: z.string().default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
    /** Largest request body accepted, in bytes (64 KB); larger ones get 413 before the rest is read. */
    MAX_BODY_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .max(16 * 1024 * 1024)
      .default(65_536),
    /**
     * Addresses of the shop's own reverse proxies (comma-separated CIDRs or single addresses, e.g.
     * `127.0.0.1/32,10.0.0.0/8`). Forwarded headers count only on a connection from one of them;
     * the client IP is then the right-most `X-Forwarded-For` address not in the list. Empty: no
     * proxy, forwarded headers count for nothing.
     */
    TRUSTED_PROXIES: z
      .string()
      .default('')
      .transform((text, ctx) => {
        const ranges: [ipaddr.IPv4 | ipaddr.IPv6, number][] = [];
        for (const item of text
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)) {
          try {
            ranges.push(item.includes('/') ? ipaddr.parseCIDR(item) : toRange(ipaddr.parse(item)));
          } catch {
            ctx.addIssue({
              code: 'custom',
              message: `"${item}" is not an IP address or CIDR range such as 10.0.0.0/8`,
            });
            return z.NEVER;
          }
        }
        return ranges;
      }),
    /** Replaced by TRUSTED_PROXIES: a value other than false stops start-up with a message saying so. */
    TRUST_PROXY: z.string().optional(),
  })
  .superRefine((c, ctx) => {
    if (c.TRUST_PROXY !== undefined && !['false', '0', 'no'].includes(c.TRUST_PROXY))
      ctx.addIssue({
        code: 'custom',
        path: ['TRUST_PROXY'],
        message:
          'is replaced by TRUSTED_PROXIES: set TRUSTED_PROXIES to the addresses of your reverse proxies (e.g. 127.0.0.1/32,10.0.0.0/8) and remove TRUST_PROXY',
      });
    // Demo-only settings in production stop start-up unless demo mode is named.
    const demo = c.DEMO_MODE ?? c.NODE_ENV === 'development';
    if (c.NODE_ENV === 'production' && !demo) {
      const demoOnly: [keyof typeof c, string][] = [
        ['SMS_SENDER', 'console'],
        ['PAYMENT_GATEWAY', 'simulator'],
        ['SEED_DEMO', 'auto'],
      ];
      for (const [name, value] of demoOnly)
        if (c[name] === value)
          ctx.addIssue({
            code: 'custom',
            path: [name],
            message: `${value} is for demo mode only; set DEMO_MODE=true (or run \`npm run demo\`) to run the demo shop, or remove ${name}`,
          });
    }
    checkDatabaseSettings(c, ctx);
    checkPaymentSettings(c, ctx);
    checkSignInSettings(c, ctx);
    if (c.SHOP_GSTIN.slice(0, 2) !== c.SHOP_STATE_CODE)
      ctx.addIssue({
        code: 'custom',
        path: ['SHOP_GSTIN'],
        message: `must start with SHOP_STATE_CODE (${c.SHOP_STATE_CODE})`,
      });
    if (Boolean(c.SERVER_CERT_PATH) !== Boolean(c.SERVER_KEY_PATH)) {
      ctx.addIssue({
        code: 'custom',
        path: [c.SERVER_CERT_PATH ? 'SERVER_KEY_PATH' : 'SERVER_CERT_PATH'],
        message: 'set SERVER_CERT_PATH and SERVER_KEY_PATH together',
      });
    }
  });

/** One address as a CIDR range of its own (a /32 or /128). */
function toRange(address: ipaddr.IPv4 | ipaddr.IPv6): [ipaddr.IPv4 | ipaddr.IPv6, number] {
  return [address, address.kind() === 'ipv4' ? 32 : 128];
}

/** The credit line (paise) of a new customer in demo mode: ₹1,000. */
export const DEMO_NEW_CUSTOMER_CREDIT_PAISE = 100_000;

/**
 * Defaults that depend on other variables: demo mode on NODE_ENV; a new customer's credit line on demo mode; the SMS sender, the payment
 * gateway and demo seeding on demo mode; the log level on NODE_ENV; the OTP length on the sender; the customer-care contacts on the
 * shop's contacts; the seller settings on demo mode (the demo shop's made-up ones there, none outside it).
 * `SELLER_SETTINGS_UNSET` names the seller settings `env` leaves unset (src/lib/seller.ts).
 */
const withDerivedDefaults = <T extends z.infer<typeof configSchema>>(
  c: T,
  env: Readonly<Record<string, string | undefined>> = {},
) => {
  const DEMO_MODE = c.DEMO_MODE ?? c.NODE_ENV === 'development';
  const SMS_SENDER = c.SMS_SENDER ?? (DEMO_MODE ? ('console' as const) : undefined);
  const PAYMENT_GATEWAY = c.PAYMENT_GATEWAY ?? (DEMO_MODE ? ('simulator' as const) : undefined);
  const SEED_DEMO = c.SEED_DEMO ?? (DEMO_MODE ? ('auto' as const) : ('never' as const));
  const LOG_LEVEL = c.LOG_LEVEL ?? (c.NODE_ENV === 'test' ? ('warn' as const) : ('info' as const));
  // One process owns a PGlite folder; on PostgreSQL every core serves.
  const WEB_CONCURRENCY = c.DATABASE_URL ? (c.WEB_CONCURRENCY ?? os.availableParallelism()) : 1;
  // The demo grocer's seller details fill in only the demo: a real shop never shows made-up ones.
  const seller: Partial<typeof DEMO_SELLER> = DEMO_MODE ? DEMO_SELLER : {};
  return {
    ...c,
    SHOP_LEGAL_NAME: c.SHOP_LEGAL_NAME ?? seller.SHOP_LEGAL_NAME,
    SHOP_FSSAI_LICENCE: c.SHOP_FSSAI_LICENCE ?? seller.SHOP_FSSAI_LICENCE,
    SHOP_FSSAI_VALID_UNTIL: c.SHOP_FSSAI_VALID_UNTIL ?? seller.SHOP_FSSAI_VALID_UNTIL,
    GRIEVANCE_OFFICER_NAME: c.GRIEVANCE_OFFICER_NAME ?? seller.GRIEVANCE_OFFICER_NAME,
    GRIEVANCE_OFFICER_DESIGNATION: c.GRIEVANCE_OFFICER_DESIGNATION ?? seller.GRIEVANCE_OFFICER_DESIGNATION,
    GRIEVANCE_OFFICER_PHONE: c.GRIEVANCE_OFFICER_PHONE ?? seller.GRIEVANCE_OFFICER_PHONE,
    GRIEVANCE_OFFICER_EMAIL: c.GRIEVANCE_OFFICER_EMAIL ?? seller.GRIEVANCE_OFFICER_EMAIL,
    DEMO_MODE,
    NEW_CUSTOMER_CREDIT_PAISE: c.NEW_CUSTOMER_CREDIT_PAISE ?? (DEMO_MODE ? DEMO_NEW_CUSTOMER_CREDIT_PAISE : 0),
    SMS_SENDER,
    PAYMENT_GATEWAY,
    SEED_DEMO,
    LOG_LEVEL,
    WEB_CONCURRENCY,
    OTP_LENGTH: c.OTP_LENGTH ?? (SMS_SENDER === 'console' ? 4 : 6),
    SHOP_CARE_PHONE: c.SHOP_CARE_PHONE ?? c.SHOP_PHONE,
    SHOP_CARE_EMAIL: c.SHOP_CARE_EMAIL ?? c.SHOP_EMAIL,
    SELLER_SETTINGS_UNSET: unsetSellerSettings(env),
  };
};

export type Config = ReturnType<typeof withDerivedDefaults<z.infer<typeof configSchema>>>;

let cached: Config | undefined;

/** The validated configuration. Throws with every bad variable named when the environment is invalid. */
export function getConfig(): Config {
  if (cached) return cached;
  // An empty variable counts as unset (e.g. `DATABASE_URL=` selects PGlite).
  const env = Object.fromEntries(Object.entries(process.env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  cached = withDerivedDefaults(parsed.data, env);
  return cached;
}

/** Forget the cached configuration (tests change process.env between cases). */
export function resetConfigForTests(): void {
  cached = undefined;
}
