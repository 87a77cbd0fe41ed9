/**
 * Stops an npm script with a clear message when the running Node.js is older than 22.12, the
 * oldest Astro 7 and this project's TypeScript scripts (type stripping) run on. Plain
 * JavaScript on purpose: it must run on any Node.js to say so.
 *
 * `npm install` brings Node 24 as a devDependency (the npm package `node`, allowed to run its
 * install script in package.json's `allowScripts`), and npm puts it first on PATH for every
 * script, so on a machine with Node 20 this check passes under `npm start` and `npm test`.
 * It fails when the dependencies were installed without scripts, or a script is run by hand
 * with an old `node`.
 *
 * `node scripts/require-node.mjs <script> [args…]` then runs `<script>` in this same process
 * (its `process.argv` keeps the arguments after it, e.g. `--demo`). So an npm script that starts a
 * long-running server is one command that the shell replaces itself with
 * (`exec node scripts/require-node.mjs scripts/start.ts`; dash does not exec a `sh -c` command by
 * itself): npm's SIGTERM and SIGINT reach that Node process, instead of a shell that dies on them
 * and leaves the server running.
 */
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 12)) {
  console.error(
    [
      `FarmFresh needs Node.js 22.12 or newer; this is Node.js ${process.versions.node}.`,
      'Run `npm install` (it installs Node 24 for the project, the `node` devDependency) and use the',
      'npm scripts (`npm start`, `npm test`), or install Node.js 24 yourself (see .nvmrc).',
    ].join('\n'),
  );
  process.exit(1);
}

const [script] = process.argv.splice(2, 1);
if (script) {
  const { pathToFileURL } = await import('node:url');
  const { resolve } = await import('node:path');
  const file = resolve(script);
  // The script sees itself as the entry point: argv[1] is its own path, its arguments follow.
  process.argv[1] = file;
  await import(pathToFileURL(file).href);
}
