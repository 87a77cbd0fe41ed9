/**
 * In the browser, zod 4 probes once whether `new Function` works (to compile fast parsers); under
 * our Content-Security-Policy (no 'unsafe-eval') that probe is caught but still reported as a CSP
 * violation. `jitless` skips the probe; parsing stays correct, only the JIT is off. Imported for
 * its effect by every shared rules module that uses zod. The server keeps the JIT.
 */
import { z } from 'zod';

if (typeof window !== 'undefined') z.config({ jitless: true });
