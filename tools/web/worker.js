// worker.js -- the page's Web Worker: sudokit's engine (WebAssembly, built
// from engine/ and techniques/ by `make web`) runs here, off the page's
// thread, so the page never freezes.  The page (app.js) creates this worker
// from the text of a <script> element and hands over the module as base64.
//
// Messages in:  {type: 'init', job, wasm}              -> 'ready' {info}
//               {type: 'generate', job, source, band, symmetry}
//                 -> 'progress'..., 'puzzle', then one 'rating' per table
//               {type: 'load', job, puzzle}            -> 'puzzle' (+ ratings)
//               {type: 'check', job, values}           -> 'check' {marks}
//               {type: 'hint', job, values, elims}     -> 'hint' {step}
//               {type: 'solution', job}                -> 'solution'
// Failures come back as {type: 'error', job, message}.  The solution stays
// here: the page gets it only when the player asks (reveal, download,
// print), so "Check my answer" can mark cells without giving anything away.
// A long generation is stopped by terminating the worker (the page then
// starts a new one and 'load's its puzzle back).
'use strict';

const WASI_EBADF = 8;
const WASI_ENOSYS = 52;
const RATE_BUDGET = 60;            // seconds per rating before giving up
const PROGRESS_EVERY = 150;        // ms between progress messages

let api = null;                    // the module's exports
let info = null;                   // web_init's answer
let game = null;                   // {puzzle, solution}
const enc = new TextEncoder();
const dec = new TextDecoder();

// {====== WASI: the few system calls wasi-libc makes.  No files, no
// environment; the clock is the worker's.

class WasiExit extends Error {
  constructor(code) { super('exit ' + code); this.code = code; }
}

function wasiImports(getMemory) {
  const view = () => new DataView(getMemory().buffer);
  let logLine = '';
  const calls = {
    environ_sizes_get(countPtr, sizePtr) {
      view().setUint32(countPtr, 0, true);
      view().setUint32(sizePtr, 0, true);
      return 0;
    },
    environ_get() { return 0; },
    clock_time_get(id, precision, outPtr) {
      // 0 = realtime, anything else is measured from the worker's start
      const ms = id === 0 ? Date.now() : performance.now();
      view().setBigUint64(outPtr, BigInt(Math.round(ms * 1e6)), true);
      return 0;
    },
    fd_write(fd, iovs, iovsLen, nwrittenPtr) {
      // stdout/stderr go to the console, a line at a time
      const v = view();
      let n = 0;
      for (let i = 0; i < iovsLen; i++) {
        const p = v.getUint32(iovs + 8 * i, true), len = v.getUint32(iovs + 8 * i + 4, true);
        logLine += dec.decode(new Uint8Array(getMemory().buffer, p, len));
        n += len;
      }
      const lines = logLine.split('\n');
      logLine = lines.pop();
      for (const l of lines) console.log('[sudokit] ' + l);
      v.setUint32(nwrittenPtr, n, true);
      return fd === 1 || fd === 2 ? 0 : WASI_EBADF;
    },
    fd_prestat_get() { return WASI_EBADF; },      // no preopened directories
    proc_exit(code) { throw new WasiExit(code); },
  };
  // every other call (files, directories) fails: the page has no files
  return new Proxy(calls, {
    get: (target, name) => target[name] || (() => WASI_ENOSYS),
  });
}

function base64Bytes(b64) {
  const bin = atob(b64.replace(/\s+/g, ''));
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

async function start(b64) {
  let memory = null;
  const imports = { wasi_snapshot_preview1: wasiImports(() => memory) };
  const { instance } = await WebAssembly.instantiate(base64Bytes(b64), imports);
  memory = instance.exports.memory;
  api = instance.exports;
  api._initialize();
  info = call(() => api.web_init());
}

// }======

// {====== calling the module: text in and out through web_io()

function writeIO(text) {
  const bytes = enc.encode(text);
  const size = api.web_io_size();
  if (bytes.length + 1 > size) throw new Error('input too long');
  const mem = new Uint8Array(api.memory.buffer, api.web_io(), size);
  mem.set(bytes);
  mem[bytes.length] = 0;
}

function readIO() {
  const mem = new Uint8Array(api.memory.buffer, api.web_io(), api.web_io_size());
  const end = mem.indexOf(0);
  return JSON.parse(dec.decode(mem.subarray(0, end < 0 ? mem.length : end)));
}

// Run f (a call into the module) and return its JSON answer; -1 throws
// the module's message.
function call(f, input) {
  if (input !== undefined) writeIO(input);
  const rc = f();
  const answer = readIO();
  if (rc < 0 && answer.error) throw new Error(answer.error);
  return answer;
}

function randomWords(n) {
  return Array.from(crypto.getRandomValues(new Uint32Array(n)));
}

// }======

// {====== jobs

// Answer of one puzzle from the generator.  source: {lo, hi} givens (0, 0 =
// minimal); symmetry: 0 none, 1 rot180 (as sk_symmetry).
function generateOne(source, symmetry, stats, report) {
  for (;;) {
    const [hi, lo, stream] = randomWords(3);
    const rc = api.web_generate(source.lo, source.hi, symmetry, hi, lo, stream, 1);
    const answer = readIO();
    if (rc < -1) throw new Error(answer.error);      // bad options: no retry helps
    stats.grids += answer.grids || 1;
    if (rc >= 0) return answer;
    report();
  }
}

function rateWith(table, puzzle) {
  return call(() => api.web_rate(table, RATE_BUDGET), puzzle);
}

function ratingMessage(job, t, r) {
  return { type: 'rating', job, table: info.tables[t].name, missing: info.tables[t].missing, ...r };
}

// Rate the current puzzle with every table not rated yet (known: table
// index -> rating already computed while searching a band).
function postRatings(job, known) {
  for (let t = 0; t < info.tables.length; t++) {
    const r = known && known[t] ? known[t] : rateWith(t, game.puzzle);
    postMessage(ratingMessage(job, t, r));
  }
}

// A puzzle from the generator: by given count (source alone), or one whose
// SE rating lies in band = [min, max] (milli), trying puzzles from source
// until one fits.  Progress goes out every PROGRESS_EVERY ms.
function generate(msg) {
  const t0 = performance.now();
  let last = t0;
  const stats = { grids: 0, puzzles: 0, lastER: null };
  const report = () => {
    const now = performance.now();
    if (now - last < PROGRESS_EVERY) return;
    last = now;
    postMessage({ type: 'progress', job: msg.job, elapsed: (now - t0) / 1000, ...stats });
  };
  let g, seRating = null;
  for (;;) {
    g = generateOne(msg.source, msg.symmetry || 0, stats, report);
    stats.puzzles++;
    if (!msg.band) break;
    const r = rateWith(0, g.puzzle);
    stats.lastER = r.stuck || r.over_budget ? null : r.er;
    if (!r.stuck && !r.over_budget && r.er >= msg.band[0] && r.er <= msg.band[1]) {
      seRating = r;
      break;
    }
    report();
  }
  game = { puzzle: g.puzzle, solution: g.solution };
  postMessage({
    type: 'puzzle', job: msg.job, puzzle: g.puzzle, givens: g.givens,
    elapsed: (performance.now() - t0) / 1000, ...stats,
  });
  postRatings(msg.job, seRating ? { 0: seRating } : null);
}

// A puzzle from the page: it must have exactly one solution.
function load(msg) {
  const s = call(() => api.web_solve(), msg.puzzle);
  if (s.count !== 1)
    throw new Error(s.count === 0 ? 'this puzzle has no solution' : 'this puzzle has more than one solution');
  game = { puzzle: msg.puzzle, solution: s.solution };
  const givens = [...msg.puzzle].filter((c) => c !== '.').length;
  postMessage({ type: 'puzzle', job: msg.job, puzzle: msg.puzzle, givens, loaded: true });
  if (msg.rate !== false) postRatings(msg.job, null);
}

function needGame() {
  if (!game) throw new Error('no puzzle yet');
}

// values: 81 characters, the player's digits ('.' elsewhere).  Each one is
// marked 'r' (right) or 'w' (wrong); nothing else is said.
function check(msg) {
  needGame();
  let marks = '';
  for (let c = 0; c < 81; c++) {
    const v = msg.values[c];
    if (game.puzzle[c] !== '.' || v < '1' || v > '9') marks += '.';
    else marks += v === game.solution[c] ? 'r' : 'w';
  }
  postMessage({ type: 'check', job: msg.job, marks });
}

// The next step of the SE path from the player's position.  Wrong digits
// are left out (the position would have no solution); the answer says how
// many were, not where.
function hint(msg) {
  needGame();
  let values = '', ignored = 0;
  for (let c = 0; c < 81; c++) {
    const v = game.puzzle[c] !== '.' ? game.puzzle[c] : msg.values[c];
    const ok = v >= '1' && v <= '9' && v === game.solution[c];
    if (!ok && v >= '1' && v <= '9') ignored++;
    values += ok ? v : '.';
  }
  const input = game.puzzle + '\n' + values + '\n' + (msg.elims || []).join(' ');
  const res = call(() => api.web_hint(0), input);
  const step = res.step ? { ...res.step, focus: res.focus } : res;
  postMessage({ type: 'hint', job: msg.job, step, ignored, table: info.tables[0].name });
}

function solution(msg) {
  needGame();
  postMessage({ type: 'solution', job: msg.job, puzzle: game.puzzle, solution: game.solution });
}

// The whole solving path under a table (index in info.tables), each step
// with the grid state before it and its pattern's candidates.
function path(msg) {
  needGame();
  const table = msg.table | 0;
  const t0 = performance.now();
  const res = call(() => api.web_path(table, RATE_BUDGET), game.puzzle);
  postMessage({ type: 'path', job: msg.job, path: res, ms: performance.now() - t0 });
}

const handlers = { generate, load, check, hint, solution, path };

// Requests that arrive while the module is still being compiled wait for
// it, in the order they came (reactions to one promise run in order).
let booting = null;

onmessage = async (e) => {
  const msg = e.data;
  try {
    if (msg.type === 'init') {
      booting = start(msg.wasm);
      await booting;
      postMessage({ type: 'ready', job: msg.job, info });
      return;
    }
    if (booting) await booting;
    if (!api) throw new Error('the engine is not loaded');
    const h = handlers[msg.type];
    if (!h) throw new Error('unknown request ' + msg.type);
    h(msg);
  } catch (err) {
    postMessage({ type: 'error', job: msg.job, request: msg.type, message: String(err && err.message || err) });
  }
};

// }======
