// What Node 22.1 and later do for every program that asks (module.enableCompileCache), done here
// for the command's own parts on Node 20: the code V8 compiled in one run is kept in a per-user
// cache folder and given back to V8 in the next, which then starts without compiling it again
// (about 20 ms of a `check`). A part is loaded from its file as Node loads a CommonJS file (the
// same wrapper), with the cached code when there is one for exactly this file; V8 checks that the
// code was made by this V8 with these flags, and compiles afresh otherwise. A part holds no
// `import()` (that would need Node's experimental vm loader; the package test checks the bundles).
// What a run compiled is written at its end when it had no usable cache (the first run, or after
// an update), once per kind of run (`profileOf`): the code a `--help` compiled would not spare a
// `check` its compiling, and taking what each run compiled every time would cost a few ms of every run.
import * as fs from 'node:fs';
import * as nodeModule from 'node:module';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vm from 'node:vm';

/**
 * Where the cache is kept (the user's own cache folder, never a shared one), or undefined when it is
 * turned off, there is no home, or the run is in CI (`CI` set, as GitHub, GitLab and most runners
 * set it) without NODE_COMPILE_CACHE: a runner's home rarely outlives its job, so writing there
 * would cost every job and help none; a workflow that keeps a folder between jobs names it.
 * Node's own variables mean the same here.
 */
export function compileCacheDir(env: NodeJS.ProcessEnv, platform: NodeJS.Platform, home: string | undefined): string | undefined {
  if (env.NODE_DISABLE_COMPILE_CACHE) return undefined;
  if (!env.NODE_COMPILE_CACHE && (!home || (env.CI && env.CI !== 'false'))) return undefined;
  home ??= '';
  const own = ['website-reports', 'compile-cache'];
  const base = env.NODE_COMPILE_CACHE
    ? env.NODE_COMPILE_CACHE
    : platform === 'win32'
      ? path.join(env.LOCALAPPDATA || path.join(home, 'AppData', 'Local'), ...own)
      : platform === 'darwin'
        ? path.join(home, 'Library', 'Caches', ...own)
        : path.join(env.XDG_CACHE_HOME || path.join(home, '.cache'), ...own);
  // Code from one Node is of no use to another: each keeps its own.
  return path.join(base, `${process.version}-${process.arch}`);
}

/** How one part names another. */
const PART = /^\.\/[\w.-]+\.js$/;

/** The kind of run whose code a cache holds: the verb, and the ways of `check` that run other code. */
export function profileOf(argv: readonly string[]): string {
  const verb = argv[0];
  if (verb !== 'check' && verb !== 'scan' && verb !== 'merge') return 'other';
  const ways = verb === 'check' ? ['--dump', '--local'].filter((flag) => argv.some((a) => a === flag || a.startsWith(`${flag}=`))) : [];
  return [verb, ...ways.map((w) => w.slice(2))].join('+');
}

interface Loaded {
  script: vm.Script;
  /** The cache file of exactly this file (its size and time in the name); undefined without a cache folder. */
  cacheFile?: string;
  /** Compiled afresh: its code is worth keeping. */
  fresh: boolean;
}

export class PartLoader {
  private readonly loaded = new Map<string, { exports: unknown; entry: Loaded }>();

  /**
   * @param partsDir the folder of the parts (dist/); a part's `require('./name.js')` is another part
   *   (the bundles leave only each other out), loaded here too
   * @param cacheDir compileCacheDir's answer
   * @param profile profileOf the run
   * @param ids each part's content digest, made when the package was built (a tarball gives every
   *   file one time, so a part's size and time alone could name another build's code)
   */
  constructor(
    private readonly partsDir: string,
    private readonly cacheDir: string | undefined,
    private readonly profile: string,
    private readonly ids: Readonly<Record<string, string>>,
  ) {}

  /** The exports of part `name`, run once, from its cached code when there is some. */
  load(name: string): unknown {
    const known = this.loaded.get(name);
    if (known) return known.exports;
    const file = path.join(this.partsDir, name);
    // A first line `#!…` is for the shell; Node's own loader leaves it out as well. The parts are
    // ASCII (esbuild writes any other character as an escape; the package test checks), so Latin-1
    // reads the same text without decoding UTF-8: half the time of reading a part.
    const source = fs.readFileSync(file, 'latin1').replace(/^#!.*/, '');
    const stamp = `${this.ids[name] ?? 'unknown'}-${fileStamp(fs.statSync(file))}`;
    const cacheFile = this.cacheDir && path.join(this.cacheDir, `${name}-${this.profile}-${stamp}.cache`);
    let cachedData: Buffer | undefined;
    try {
      if (cacheFile) cachedData = fs.readFileSync(cacheFile);
    } catch {
      // none yet
    }
    const script = new vm.Script(nodeModule.wrap(source), {
      filename: file,
      cachedData,
    });
    const module = { exports: {} as unknown };
    const entry = { script, cacheFile, fresh: !cachedData || script.cachedDataRejected === true };
    this.loaded.set(name, { exports: module.exports, entry }); // a part that requires this one back gets it as Node would
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- Node's own modules, as Node's require gives them
    const partRequire = (id: string): unknown => (PART.test(id) ? this.load(id.slice(2)) : require(id));
    (script.runInThisContext() as (...args: unknown[]) => void)(module.exports, partRequire, module, file, this.partsDir);
    this.loaded.set(name, { exports: module.exports, entry });
    return module.exports;
  }

  /**
   * Keeps what this run compiled of the parts that had no usable cache (and removes the same
   * part's older files of this profile: one file a part and profile). Never fails: a cache is only a help.
   */
  save(write: (file: string, data: Uint8Array) => void): void {
    let wrote = false;
    for (const [name, { entry }] of this.loaded) {
      if (!entry.fresh || !entry.cacheFile) continue;
      wrote = true;
      try {
        fs.mkdirSync(path.dirname(entry.cacheFile), { recursive: true, mode: 0o700 });
        write(entry.cacheFile, entry.script.createCachedData());
        const mine = path.basename(entry.cacheFile);
        for (const other of fs.readdirSync(path.dirname(entry.cacheFile))) {
          if (other !== mine && other.startsWith(`${name}-${this.profile}-`) && other.endsWith('.cache')) {
            fs.rmSync(path.join(path.dirname(entry.cacheFile), other), { force: true });
          }
        }
      } catch {
        // not writable (a read-only home, a full disk): the next run compiles as this one did
      }
    }
    if (wrote && this.cacheDir) pruneVersions(this.cacheDir);
  }
}

/** The Node versions whose caches are kept (one folder each): the newest used, where several are switched between. */
export const KEPT_VERSIONS = 3;

/** Removes the caches of all but the KEPT_VERSIONS most recently written Node versions beside `versioned`. */
function pruneVersions(versioned: string): void {
  try {
    const parent = path.dirname(versioned);
    const versions = fs
      .readdirSync(parent)
      .filter((name) => /^v\d+\.\d+\.\d+-\w+$/.test(name))
      .map((name) => ({ name, at: fs.statSync(path.join(parent, name)).mtimeMs }))
      .sort((a, b) => b.at - a.at);
    for (const old of versions.slice(KEPT_VERSIONS)) fs.rmSync(path.join(parent, old.name), { recursive: true, force: true });
  } catch {
    // a cache is only a help
  }
}

/** The file a cache was made from, besides its digest: its size and time (a part edited in place; V8 itself checks only the length). */
function fileStamp(stat: fs.Stats): string {
  return `${stat.size}-${Math.trunc(stat.mtimeMs)}`;
}

/** os.homedir, or undefined where there is none. */
export function homeDir(): string | undefined {
  try {
    return os.homedir() || undefined;
  } catch {
    return undefined;
  }
}
