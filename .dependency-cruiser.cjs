/**
 * The shop's module boundaries, checked by dependency-cruiser (`npm run lint:boundaries`, part of `npm test`).
 * docs/adr/0054-feature-boundaries.md explains them.
 *
 * - A feature is a folder src/features/<f>/. Its public surface is `index.ts` (server code), `contract.ts`
 *   (route declarations), `rules.ts` (pure, browser-safe) and `store.ts` (browser state). Other features,
 *   scripts and the server import only that surface.
 * - Pages, layouts and other features' components and islands may also mount a feature's components
 *   (components/<Name>.astro) and islands (islands/<Name>.tsx, or islands/<Name>.ts for a script that drives
 *   server HTML); an endpoint under src/pages/api mounts its feature's routes.ts.
 * - The kernel (src/lib) imports no feature and nothing above it.
 * - No two features import each other, and no module takes part in an import cycle.
 * - Browser code (islands, contract.ts, rules.ts, store.ts, src/lib/ui, an .astro file's <script>) never
 *   reaches server code, whether directly or through other modules.
 *
 * scripts/lint-boundaries.ts runs these rules over src/, scripts/ and tests/, .astro files included. Tests may reach a
 * feature's internals (no rule restricts them) but take part in the cycle and resolution checks.
 */

/**
 * A feature's public surface: `index.ts` (server code), `contract.ts` (its routes' declarations and JSON types),
 * `rules.ts` (pure rules, browser-safe) and `store.ts` (the state its islands share with other islands).
 * src/features/contracts.ts, the list of every route's declaration, counts as surface too.
 */
const SURFACE = ['^src/features/[^/]+/(index|contract|rules|store)\\.ts$', '^src/features/contracts\\.ts$'];
/**
 * What can be mounted: a feature's components (components/<Name>.astro) and islands (islands/<Name>.tsx, or
 * islands/<Name>.ts for a plain script that drives server HTML). Astro hydrates an island from the file that
 * defines it, so islands cannot sit behind a barrel without shipping the barrel to the browser. (A checked .astro
 * file is named <Name>.astro.ts, hence no `$` after `.astro`.)
 */
const MOUNTABLE = '^src/features/[^/]+/(components/[A-Z][A-Za-z]*\\.astro|islands/[A-Z][A-Za-z]*\\.tsx?$)';
/** Modules that run in the browser. */
const BROWSER =
  '^src/features/[^/]+/(islands/.+|contract\\.ts|rules\\.ts|store\\.ts)$|^src/lib/ui/|\\.astro\\.script\\.ts$';
/** Modules that only run on the server: Node built-ins, the database, the cache, logging, configuration, features' server code. */
const SERVER =
  '^node:|^src/server/|^src/pages/|^src/lib/(db|cache)/|^src/lib/(log|config)\\.ts$|^src/lib/http/(handler|openapi)\\.ts$' +
  '|^src/features/[^/]+/(server/.+|server\\.ts|index\\.ts|routes\\.ts)$' +
  '|^node_modules/(pg|pino|drizzle-orm|@electric-sql/pglite|pdfkit|csv-parse)/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'feature-imports-public-surface',
      severity: 'error',
      comment:
        "A feature imports another feature only through that feature's public surface (index.ts, contract.ts, " +
        'rules.ts, store.ts) or by mounting one of its components or islands; never its internals.',
      from: { path: '^src/features/([^/]+)/' },
      to: { path: '^src/features/', pathNot: ['^src/features/$1/', ...SURFACE, MOUNTABLE] },
    },
    {
      name: 'page-imports-public-surface',
      severity: 'error',
      comment:
        "Pages and layouts import a feature's public surface and mount its components and islands; an endpoint " +
        "under src/pages/api also mounts its feature's routes.ts. Never a feature's internals.",
      from: { path: '^src/(pages|layouts)/' },
      to: {
        path: '^src/features/',
        pathNot: [...SURFACE, MOUNTABLE, '^src/features/[^/]+/routes\\.ts$'],
      },
    },
    {
      name: 'endpoint-mounts-routes-only-from-api',
      severity: 'error',
      comment: "Only an endpoint file under src/pages/api mounts a feature's routes.ts.",
      from: { path: '^src/pages/', pathNot: '^src/pages/api/' },
      to: { path: '^src/features/[^/]+/routes\\.ts$' },
    },
    {
      name: 'outside-imports-public-surface',
      severity: 'error',
      comment: "The scripts, the server and the middleware import a feature's public surface only.",
      from: { path: '^(scripts/|src/server/|src/middleware\\.ts$)' },
      to: { path: '^src/features/', pathNot: SURFACE },
    },
    {
      name: 'kernel-imports-no-feature',
      severity: 'error',
      comment:
        'src/lib is the kernel every feature builds on: it imports no feature, page, layout or server module. ' +
        'Where the kernel needs something a feature provides, it declares an interface the feature registers.',
      from: { path: '^src/lib/' },
      to: { path: '^src/(features|pages|layouts|server)/|^src/middleware\\.ts$' },
    },
    {
      name: 'features-do-not-import-each-other',
      severity: 'error',
      comment:
        'No two features import each other, directly or through others: the features form a layered graph. ' +
        'Two features that cannot live without each other are one feature.',
      scope: 'folder',
      from: { path: '^src/features/[^/]+$' },
      to: { path: '^src/features/[^/]+$', circular: true },
    },
    {
      name: 'no-cycles',
      severity: 'error',
      comment: 'No module takes part in an import cycle.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'browser-code-stays-browser-safe',
      severity: 'error',
      comment:
        'Islands, contract.ts, rules.ts, stores, src/lib/ui and .astro <script>s run in the browser: they never ' +
        'reach server code (the database, logging, configuration, Node built-ins, a feature’s server code).',
      from: { path: BROWSER },
      to: { path: SERVER, reachable: true },
    },
    {
      name: 'no-unresolvable',
      severity: 'error',
      comment: 'Every import resolves to a file or a package.',
      from: {},
      to: { couldNotResolve: true, pathNot: '^astro:|^virtual:' },
    },
  ],
  options: {
    parser: 'swc',
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|\\.astro|data)/' },
    combinedDependencies: false,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
