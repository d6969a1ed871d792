// The V8 flags the command runs with, set before any of its code is compiled (bin.ts): compiled
// code kept between runs (compileCache.ts) is only taken back under the flags it was made with.
//
// undici parses HTTP with a WebAssembly module. V8 first runs it from its quick compiler and then
// compiles the busy parts again, optimised, on a background thread, which the process waits for
// when it exits: 30 to 45 ms of every run that reads a few pages. The quick code is plenty for the
// answers a run reads. Only WebAssembly is affected (the page analysis is JavaScript).
export const WASM_FLAGS = '--liftoff-only';
