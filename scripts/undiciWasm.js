// undici's HTTP parser is WebAssembly written into JavaScript as base64 (two copies, 145 KB: the
// SIMD one and its fallback). Each bundle that carries undici takes them out as files beside it,
// read only when the first connection needs its parser: a start does not scan them while
// compiling (~4 ms of the command line's), and a package that holds two such bundles (the .vsix:
// the extension and its MCP server) holds them once, and as bytes, not as base64 text.
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.join(__dirname, '..');

/** undici's module of each copy, and the file it becomes beside the bundle. */
const WASM_FILES = {
  'llhttp-wasm.js': 'llhttp.wasm',
  'llhttp_simd-wasm.js': 'llhttp_simd.wasm',
};

/** Writes the two parsers' bytes into `dir`, where the bundles built with `wasmApart` look for them. */
function writeUndiciWasm(dir) {
  fs.mkdirSync(dir, { recursive: true });
  for (const [module, file] of Object.entries(WASM_FILES)) {
    const bytes = require(path.join(ROOT, 'node_modules', 'undici', 'lib', 'llhttp', module));
    const target = path.join(dir, file);
    // Unchanged bytes are not written again: the file's time stays that of the last change.
    if (!fs.existsSync(target) || !fs.readFileSync(target).equals(bytes)) fs.writeFileSync(target, bytes);
  }
}

/** The esbuild plugin: each copy's module reads its file beside the bundle instead of holding it. */
const wasmApart = {
  name: 'wasm-apart',
  setup(build) {
    build.onLoad({ filter: /[\\/]undici[\\/]lib[\\/]llhttp[\\/]llhttp(_simd)?-wasm\.js$/ }, (args) => ({
      contents: `module.exports = require('node:fs').readFileSync(require('node:path').join(__dirname, ${JSON.stringify(WASM_FILES[path.basename(args.path)])}));`,
      loader: 'js',
    }));
  },
};

module.exports = { WASM_FILES, writeUndiciWasm, wasmApart };
