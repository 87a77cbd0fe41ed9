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
