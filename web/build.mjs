// Build the web client into the Python package: `npm ci && npm run build` (see docs/client.md).
// The output is reproducible (no timestamps, fixed file names); `source-hash.txt` records the
// hash of the sources it was built from, which tests/unit/test_web_assets.py checks.
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const here = new URL('.', import.meta.url).pathname;
const out = join(here, '..', 'services', 'gateway', 'web', 'static');
const vendor = join(here, '..', 'tests', 'browser', 'vendor');

function files(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

/** The hash of everything the build reads (the same recipe as the Python test's). */
export function sourceHash() {
  const inputs = ['build.mjs', 'package.json', 'package-lock.json', ...files(join(here, 'src')).map((p) => relative(here, p))];
  const hash = createHash('sha256');
  for (const name of inputs.sort()) {
    hash.update(`${name}\0`);
    hash.update(readFileSync(join(here, name)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
await build({
  entryPoints: [join(here, 'src', 'main.js')],
  bundle: true,
  format: 'esm',
  minify: true,
  target: ['es2020'],
  legalComments: 'none',
  outfile: join(out, 'app.js'),
  logLevel: 'warning',
});
for (const name of ['index.html', 'style.css', 'sw.js', 'icon.svg', 'icon-turn.svg']) copyFileSync(join(here, 'src', name), join(out, name));
writeFileSync(join(out, 'source-hash.txt'), `${sourceHash()}\n`);
mkdirSync(vendor, { recursive: true });
copyFileSync(join(here, 'node_modules', 'axe-core', 'axe.min.js'), join(vendor, 'axe.min.js'));
console.log(`built ${relative(join(here, '..'), out)}`);
