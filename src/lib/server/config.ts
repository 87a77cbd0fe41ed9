/**
 * Typed runtime configuration, read once from `process.env` and validated with zod.
 *
 * One module serves both the Astro server and the CLI scripts (migrate, seed, import, bench),
 * which run outside Astro; that is why it reads `process.env` rather than `astro:env`.
 * Every variable is listed with its default in the README's configuration table.
 */
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** PostgreSQL connection string; when unset the embedded PGlite database is used. */
  DATABASE_URL: z.string().url().optional(),
  /** Where PGlite keeps its files; `memory://` keeps everything in memory (tests). */
  PGLITE_DATA_DIR: z.string().default('./data/pglite'),
  /** Memory (MiB) the embedded PGlite database starts with; it grows when it needs more. 128 is its floor. */
  PGLITE_INITIAL_MEMORY_MB: z.coerce.number().int().min(128).max(4096).default(128),
  /** Seed the demo shop into an empty database on start: `auto` (default) or `never`. */
  SEED_DEMO: z.enum(['auto', 'never']).default('auto'),
  HOST: z.string().default('localhost'),
  PORT: z.coerce.number().int().min(0).max(65535).default(4321),
  /** Public address of the shop, used for canonical URLs, the sitemap and Open Graph tags. */
  SITE_URL: z.string().url().default('http://localhost:4321'),
  /** Prefix for relative image paths (spec 000 §5: the media host). Empty means this server. */
  MEDIA_BASE_URL: z.string().default(''),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Seconds anonymous catalogue HTML is kept in this process's micro-cache (0 turns it off). */
  PAGE_CACHE_SECONDS: z.coerce.number().min(0).max(3600).default(5),
  SHOP_NAME: z.string().default('FarmFresh'),
  SHOP_EMAIL: z.string().default('hello@farmfresh.example'),
  SHOP_PHONE: z.string().default('+91 487 242 0000'),
  SHOP_ADDRESS: z.string().default('MG Road, Thrissur, Kerala 680001, India'),
  /** Delivery fee policy (paise): free from the threshold, else the flat fee. */
  FREE_DELIVERY_FROM_PAISE: z.coerce.number().int().min(0).default(49900),
  DELIVERY_FEE_PAISE: z.coerce.number().int().min(0).default(4000),
  /** Loyalty points earned per ₹100 paid (whole hundreds), credited when the order is delivered; 1 point = ₹1 at checkout. */
  POINTS_PER_100_RUPEES: z.coerce.number().int().min(0).max(100).default(1),
  /** Credit line (paise) a new customer gets for "Pay using Credit"; 0 turns the method off for new accounts. */
  NEW_CUSTOMER_CREDIT_PAISE: z.coerce.number().int().min(0).default(100000),
  /** OTP settings (spec 000 §5 shows 4 digits; production should use 6). */
  OTP_LENGTH: z.coerce.number().int().min(4).max(8).default(4),
  /** Sign-in requests (OTP sends and checks) allowed per client IP per 10 minutes. */
  AUTH_IP_LIMIT: z.coerce.number().int().min(1).default(60),
  /** SMS sender: `console` logs the code (demo), `http` posts to a gateway. */
  SMS_SENDER: z.enum(['console', 'http']).optional(),
  SMS_GATEWAY_URL: z.string().url().optional(),
  SMS_GATEWAY_TOKEN: z.string().optional(),
  /** Payment gateway for the "Pay Online" method: unset (off) or `test`. */
  PAYMENT_GATEWAY: z.enum(['test']).optional(),
  /** Map tile URL template for the address pin map. */
  MAP_TILE_URL: z.string().default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  /** Largest request body accepted, in bytes (64 KB); larger ones get 413 before the rest is read. */
  MAX_BODY_BYTES: z.coerce.number().int().min(1024).max(16 * 1024 * 1024).default(65_536),
  /** Trust X-Forwarded-For for the client IP (only behind your own proxy). */
  TRUST_PROXY: bool.default(false),
});

export type Config = z.infer<typeof configSchema>;

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
  cached = parsed.data;
  return cached;
}

/** Forget the cached configuration (tests change process.env between cases). */
export function resetConfigForTests(): void {
  cached = undefined;
}
