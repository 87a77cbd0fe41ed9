/**
 * `npm run lint:boundaries`: checks the import rules of .dependency-cruiser.cjs over src/, scripts/ and tests/.
 *
 * dependency-cruiser reads JavaScript and TypeScript but not .astro files, and most of the shop's pages and
 * layouts are .astro files. So the check runs over a copy of the tree (under node_modules/.cache) in which
 * every `X.astro` becomes `X.astro.ts`, holding the imports of its frontmatter, and `X.astro.script.ts`, holding
 * the imports of its <script> tags (browser code). An import of './X.astro' resolves to the copy's
 * `X.astro.ts`, since the resolver tries the `.ts` extension when a file is missing. Reports name the real files.
 * Exits non-zero when a rule is broken.
 */
import { cpSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { cruise } from 'dependency-cruiser';

const root = join(import.meta.dirname, '..');
const copy = join(root, 'node_modules/.cache/boundaries');
const SCANNED = ['src', 'scripts', 'tests'];

/** The import statements of an .astro file: those of its frontmatter, and those of its <script> tags. */
export function astroImports(source: string): { frontmatter: string; script: string } {
  const fence = /^---\r?\n([\s\S]*?)\r?\n---/.exec(source);
  const frontmatter = fence ? fence[1] : '';
  const scripts = [...source.matchAll(/<script(?![^>]*is:inline)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
  return { frontmatter: importsOf(frontmatter), script: importsOf(scripts.join('\n')) };
}

/**
 * Only the import statements (static, re-exports and dynamic): the rest of a frontmatter may `return` at the
 * top level, which is no module code. An import clause holds no quote, so a statement ends at its specifier.
 */
function importsOf(code: string): string {
  const statements = code.match(/^\s*(?:import|export)\s+(?:[^'";]*?\sfrom\s*)?['"][^'"]+['"]/gm) ?? [];
  const dynamic = code.match(/\bimport\(\s*['"][^'"]+['"]\s*\)/g) ?? [];
  return [...statements.map((s) => `${s.trim()};`), ...dynamic.map((d) => `${d};`)].join('\n');
}

function copyTree(): void {
  rmSync(copy, { recursive: true, force: true });
  mkdirSync(copy, { recursive: true });
  cpSync(join(root, 'package.json'), join(copy, 'package.json'));
  // Packages resolve through a link, so that reports name them node_modules/<package> as in the real tree.
  symlinkSync(join(root, 'node_modules'), join(copy, 'node_modules'));
  for (const dir of SCANNED) {
    cpSync(join(root, dir), join(copy, dir), {
      recursive: true,
      filter: (from) => {
        if (!from.endsWith('.astro')) return true;
        const to = join(copy, from.slice(root.length));
        mkdirSync(dirname(to), { recursive: true });
        const { frontmatter, script } = astroImports(readFileSync(from, 'utf8'));
        writeFileSync(`${to}.ts`, frontmatter);
        if (script) writeFileSync(`${to}.script.ts`, script);
        return false;
      },
    });
  }
}

/** Fewer modules than this means the parser is missing, not that the tree is small. */
const MIN_MODULES = 300;

async function main(): Promise<void> {
  copyTree();
  const rules = createRequire(import.meta.url)(join(root, '.dependency-cruiser.cjs'));
  process.chdir(copy);
  const result = await cruise(
    SCANNED,
    {
      ...rules.options,
      preserveSymlinks: true,
      validate: true,
      ruleSet: { forbidden: rules.forbidden },
      outputType: 'err-long',
    },
    undefined,
    undefined,
  );
  const report = String(result.output)
    .replaceAll('.astro.script.ts', '.astro <script>')
    .replaceAll('.astro.ts', '.astro');
  process.stdout.write(report.endsWith('\n') ? report : `${report}\n`);
  // Without its parser (swc) dependency-cruiser reads almost nothing and finds nothing wrong:
  // a run that cruised fewer modules than the tree holds is a failure, not a pass.
  const cruised = Number(/\((\d+) modules/.exec(report)?.[1] ?? 0);
  if (report.includes('missing-swc-transpiler') || cruised < MIN_MODULES) {
    process.stderr.write(
      `lint:boundaries read ${cruised} modules (expected at least ${MIN_MODULES}); is @swc/core installed?\n`,
    );
    process.exitCode = 1;
    return;
  }
  process.exitCode = result.exitCode > 0 ? 1 : 0;
}

if (import.meta.main) {
  try {
    await main();
  } finally {
    process.chdir(root);
    rmSync(copy, { recursive: true, force: true });
  }
}
