// `npm run package:cli`: the command line as its own npm package (`website-reports` on the
// registry), website-reports-cli-<version>.tgz in the repo root. esbuild bundles cli/main.ts with everything it uses (undici, sax,
// @vscode/l10n) into two files and the page analysis's worker thread (node-html-parser) into a
// third beside them (bundleCli), so the package has no dependencies to install; a
// staging folder gets them, cli/package.json (the version of the root package.json), the schema,
// the docs and the licence, and `npm pack` makes the tarball.
//
//   node scripts/packageCli.js [--out-dir DIR]     default: the repo root
const { execFileSync } = require('node:child_process');
const { createHash } = require('node:crypto');
const esbuild = require('esbuild');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { writeUndiciWasm, wasmApart } = require('./undiciWasm');

const ROOT = path.join(__dirname, '..');

/** The HTTP client's undici parts (core/client/undici.ts), three fifths of the bundle. */
const HTTP_MODULE = path.join(ROOT, 'core', 'client', 'undici.ts');
const HTTP_FILE = 'website-reports-http.js';

/** The MCP SDK and its schema library (cli/mcp/sdk.ts), loaded only by `mcp`. */
const MCP_MODULE = path.join(ROOT, 'cli', 'mcp', 'sdk.ts');
const MCP_FILE = 'website-reports-mcp.js';

/** Makes `module` a part of its own: the bundle requires `./file` beside it instead of inlining it. */
function partApart(name, module, file) {
  return {
    name,
    setup(build) {
      const base = path.basename(module, '.ts');
      build.onResolve({ filter: new RegExp(`[\\\\/]${base}$`) }, (args) =>
        path.resolve(args.resolveDir, `${args.path}.ts`) === module ? { path: `./${file}`, external: true } : undefined,
      );
    },
  };
}

/** The command (cli/main.ts), which the installed entry (cli/bin.ts) loads by this name. */
const MAIN_FILE = 'website-reports-main.js';

/** Every bundle of the command line: Node 20, CommonJS, minified, no comments (the same bytes from the same sources). */
const BUNDLE_OPTIONS = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  minify: true,
  legalComments: 'none',
  logLevel: 'warning',
};

// undici's HTTP/2 client loads node:http2 (and with it tls and crypto: ~7 ms of every start)
// when it is loaded, though it is used only where a TLS handshake chose h2, which the client
// never offers (undici's allowH2 is off). undici loads it in a try and goes on without it where
// a runtime has none; here it is such a runtime.
const noHttp2 = {
  name: 'no-http2',
  setup(build) {
    build.onResolve({ filter: /^node:http2$/ }, (args) =>
      /[\\/]undici[\\/]lib[\\/]dispatcher[\\/]client-h2\.js$/.test(args.importer) ? { path: 'http2', namespace: 'no-http2' } : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'no-http2' }, () => ({
      contents: "throw new Error('HTTP/2 is not used by website-reports');",
      loader: 'js',
    }));
  },
};
// undici takes two things from node:http, whose loading (its client, server and agent; ~9 ms of
// a `check`) the command never needs otherwise: `maxHeaderSize`, the default for a client made
// without one (the client always passes its own: core/client/transport.ts), and the class
// `IncomingMessage`, to treat a request body that is one specially (the client's bodies are
// strings). Any other module of undici that takes node:http fails the build, to be looked at.
const HTTP_TAKERS = /[\\/]undici[\\/]lib[\\/](core[\\/]util|dispatcher[\\/]client)\.js$/;
const noNodeHttp = {
  name: 'no-node-http',
  setup(build) {
    build.onResolve({ filter: /^(node:)?http$/ }, (args) => {
      if (!/[\\/]undici[\\/]/.test(args.importer)) return undefined;
      if (!HTTP_TAKERS.test(args.importer)) {
        throw new Error(`${args.importer} takes node:http: see no-node-http in scripts/packageCli.js`);
      }
      return { path: 'http', namespace: 'no-node-http' };
    });
    build.onLoad({ filter: /.*/, namespace: 'no-node-http' }, () => ({
      // Node's default header limit, for a client made without one (none is).
      contents: 'exports.maxHeaderSize = 16384; exports.IncomingMessage = class IncomingMessage {};',
      loader: 'js',
    }));
  },
};

// undici asserts its own invariants with node:assert, whose loading (its errors, their diffing and
// colours; ~2 ms of every request's first) the least program never pays: here `assert` is a check
// that loads node:assert only when one fails, to throw just what it throws. undici calls it only
// as a function (a build where it uses more fails here, to be looked at).
const lazyAssert = {
  name: 'lazy-assert',
  setup(build) {
    build.onResolve({ filter: /^(node:)?assert$/ }, (args) => {
      if (args.namespace === 'lazy-assert') return { path: 'node:assert', external: true };
      if (!/[\\/]undici[\\/]/.test(args.importer)) return undefined;
      const source = fs.readFileSync(args.importer, 'utf8');
      const taken = source.match(/require\(['"](node:)?assert['"]\)/g) ?? [];
      const asFunction = source.match(/const assert = require\(['"](node:)?assert['"]\)/g) ?? [];
      if (/\bassert\.[A-Za-z]/.test(source) || taken.length !== asFunction.length) {
        throw new Error(`${args.importer} uses more of node:assert than assert(): see lazy-assert in scripts/packageCli.js`);
      }
      return { path: 'assert', namespace: 'lazy-assert' };
    });
    build.onLoad({ filter: /.*/, namespace: 'lazy-assert' }, () => ({
      contents:
        "let real; module.exports = function assert(value, message) { if (!value) (real ??= require('node:assert'))(value, message); };",
      loader: 'js',
    }));
  },
};
// @vscode/l10n loads node:fs/promises (and with it file handles, streams, readline: ~3 ms of every
// start) for the one case of reading a bundle from a URI, which the command line never does: here
// it is loaded when a member of it is first used.
const lazyFsPromises = {
  name: 'lazy-fs-promises',
  setup(build) {
    build.onResolve({ filter: /^(node:)?fs\/promises$/ }, (args) =>
      /[\\/]@vscode[\\/]l10n[\\/]/.test(args.importer) ? { path: 'fs/promises', namespace: 'lazy-fs-promises' } : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'lazy-fs-promises' }, () => ({
      contents: "module.exports = new Proxy({}, { get: (_, name) => require('node:fs/promises')[name] });",
      loader: 'js',
    }));
  },
};

/**
 * The command line as users run it: `dir`/website-reports.js (cli/bin.ts: V8's flags and the
 * compile cache), which loads `dir`/${MAIN_FILE} (the command), which requires `dir`/${HTTP_FILE}
 * (undici) only when a verb first talks HTTP, so `--help`, `--version` and `check --dump` never
 * compile it.
 */
async function bundleCli(dir) {
  const common = BUNDLE_OPTIONS;
  const httpApart = {
    name: 'http-apart',
    setup(build) {
      build.onResolve({ filter: /[\\/]undici$/ }, (args) =>
        path.resolve(args.resolveDir, `${args.path}.ts`) === HTTP_MODULE ? { path: `./${HTTP_FILE}`, external: true } : undefined,
      );
    },
  };
  // undici's parser as files beside its part, read when the first connection needs it (undiciWasm.js).
  writeUndiciWasm(dir);
  await Promise.all([
    esbuild.build({
      ...common,
      entryPoints: [path.join(ROOT, 'cli', 'main.ts')],
      outfile: path.join(dir, MAIN_FILE),
      plugins: [httpApart, partApart('mcp-apart', MCP_MODULE, MCP_FILE), lazyFsPromises],
    }),
    esbuild.build({ ...common, entryPoints: [MCP_MODULE], outfile: path.join(dir, MCP_FILE) }),

    esbuild.build({
      ...common,
      entryPoints: [HTTP_MODULE],
      outfile: path.join(dir, HTTP_FILE),
      plugins: [noHttp2, noNodeHttp, lazyAssert, wasmApart],
    }),
    // Where core/analysis/analysisPool.ts looks for it: beside the bundle.
    esbuild.build({
      ...common,
      entryPoints: [path.join(ROOT, 'core', 'analysis', 'analysisWorker.ts')],
      outfile: path.join(dir, 'analysisWorker.js'),
    }),
  ]);
  // The entry, with the parts' digests: the compile cache names a part's code by them (every file of
  // an unpacked tarball has one time, so a size and a time alone could name another build's code).
  const ids = {};
  for (const part of [MAIN_FILE, HTTP_FILE]) {
    ids[part] = createHash('sha256')
      .update(fs.readFileSync(path.join(dir, part)))
      .digest('hex')
      .slice(0, 16);
  }
  await esbuild.build({
    ...common,
    entryPoints: [path.join(ROOT, 'cli', 'bin.ts')],
    outfile: path.join(dir, 'website-reports.js'),
    define: { WEBREPORTS_PART_IDS: JSON.stringify(ids) },
  });
  return path.join(dir, 'website-reports.js');
}

/** The tarball's name: the npm package is `website-reports` (`npx website-reports`), the file says it is the command line. */
function tarballName(version) {
  return `website-reports-cli-${version}.tgz`;
}

/** The package's folder as npm packs it: the bundle, cli/package.json with the root's version, the schema, the docs, the licence. */
async function stageCli(stage) {
  const root = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  await bundleCli(path.join(stage, 'dist'));
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'cli', 'package.json'), 'utf8'));
  pkg.version = root.version;
  fs.writeFileSync(path.join(stage, 'package.json'), `${JSON.stringify(pkg, null, 2)}\n`);
  fs.mkdirSync(path.join(stage, 'schemas'), { recursive: true });
  fs.copyFileSync(path.join(ROOT, 'schemas', 'website-reports.schema.json'), path.join(stage, 'schemas', 'website-reports.schema.json'));
  fs.copyFileSync(path.join(ROOT, 'docs', 'CLI.md'), path.join(stage, 'README.md'));
  fs.copyFileSync(path.join(ROOT, 'LICENSE'), path.join(stage, 'LICENSE'));
  return pkg;
}

async function packageCli(outDir = ROOT) {
  const stage = fs.mkdtempSync(path.join(os.tmpdir(), 'website-reports-cli-'));
  try {
    const pkg = await stageCli(stage);
    fs.mkdirSync(outDir, { recursive: true });
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const out = execFileSync(npm, ['pack', '--json', '--pack-destination', path.resolve(outDir)], { cwd: stage, encoding: 'utf8' });
    const [{ filename }] = JSON.parse(out);
    const file = path.join(path.resolve(outDir), tarballName(pkg.version));
    fs.renameSync(path.join(path.resolve(outDir), filename), file);
    return file;
  } finally {
    fs.rmSync(stage, { recursive: true, force: true });
  }
}

module.exports = {
  packageCli,
  stageCli,
  tarballName,
  bundleCli,
  BUNDLE_OPTIONS,
  noHttp2,
  noNodeHttp,
  lazyAssert,
  lazyFsPromises,
  partApart,
  MCP_MODULE,
  MCP_FILE,
};

if (require.main === module) {
  const at = process.argv.indexOf('--out-dir');
  packageCli(at > 0 ? process.argv[at + 1] : undefined).then(
    (file) => console.log(file),
    (err) => {
      console.error(`packaging the command line failed: ${err.message}`);
      process.exit(1);
    },
  );
}
