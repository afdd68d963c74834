// app.js -- the page: the grid, its buttons, downloads and printing.
//
// The engine runs in a Web Worker (worker.js) made from the text of the
// <script id="sk-worker"> element; the WebAssembly module travels to it as
// the base64 text of <script id="sk-wasm">.  Both are inlined by `make web`
// (tools/web/bundle.sh), so this one HTML file works from disk and loads
// nothing else.  The page keeps the puzzle and the player's digits; the
// worker keeps the solution and answers check / hint / solution requests.
'use strict';
(() => {
  const $ = (id) => document.getElementById(id);

  // SE rating bands (milli-points) and where their puzzles come from:
  // a given-count level, or minimal puzzles (no clue can be removed).
  const BANDS = [
    { id: 'er-1', label: 'ER 1.0–1.4: hidden singles', min: 1000, max: 1400, source: 'easy' },
    { id: 'er-2', label: 'ER 1.5–2.4: singles, direct locking', min: 1500, max: 2400, source: 'hard' },
    { id: 'er-3', label: 'ER 2.5–3.9: locking, pairs, triples, X-Wing', min: 2500, max: 3900, source: 'minimal' },
    { id: 'er-4', label: 'ER 4.0–5.9: wings, unique loops, quads, BUG', min: 4000, max: 5900, source: 'minimal' },
    { id: 'er-5', label: 'ER 6.0–7.4: aligned pairs, forcing chains', min: 6000, max: 7400, source: 'minimal' },
    { id: 'er-6', label: 'ER 7.5–8.9: nishio, multiple, dynamic chains', min: 7500, max: 8900, source: 'minimal' },
    { id: 'er-7', label: 'ER 9.0–9.4: dynamic chains (+) (rare: seconds)', min: 9000, max: 9400, source: 'minimal' },
    { id: 'er-8', label: 'ER 9.5–11.9: nested chains (extremely rare: may run for hours)',
      min: 9500, max: 11900, source: 'minimal' },
  ];

  const S = {
    info: null,                 // web_init's answer
    puzzle: null,               // 81 characters, '.' = empty
    entries: new Array(81).fill(0),
    marks: new Array(81).fill(''),   // '', 'right', 'wrong', 'revealed', 'corrected'
    sel: 0,
    elims: [],                  // candidates taken out by hints (cell*16 + digit)
    hint: null,                 // the step shown
    solution: null,             // once the player asked for it
    revealed: false,
    job: 0,                     // the request that made the current puzzle
    ratingsPending: 0,
    generating: false,
    notes: new Array(81).fill(0),    // the player's own pencil marks, bit d per digit
    undo: [],                   // changes made, newest last: {c, value, notes} before and after
    redo: [],
    started: 0,                 // performance.now() when the clock last started
    elapsed: 0,                 // seconds on the clock before that
    solved: false,
    printing: false,            // a Print button filled the print area itself
    hintGrade: 0,               // 1 the technique, 2 where, 3 the whole step
    hintKey: '',                // the position the hint was asked on
    hintMs: 0,
    path: null,                 // the solving path, once asked for: worker's answer
    view: -1,                   // the path step shown on the grid, -1: the game
  };

  // {====== the worker

  const wasmText = $('sk-wasm').textContent;
  let worker = null, workerURL = null, seq = 0;
  const pending = new Map();    // job -> {resolve, reject, progress}
  let ready = null;

  function request(msg, progress) {
    const job = ++seq;
    return new Promise((resolve, reject) => {
      pending.set(job, { resolve, reject, progress });
      worker.postMessage({ ...msg, job });
    });
  }

  function startWorker() {
    workerURL = URL.createObjectURL(new Blob([$('sk-worker').textContent], { type: 'text/javascript' }));
    worker = new Worker(workerURL);
    worker.onmessage = (e) => onWorker(e.data);
    worker.onerror = (e) => {
      e.preventDefault();
      failAll(new Error(e.message || 'the worker failed'));
    };
    ready = request({ type: 'init', wasm: wasmText });
    return ready;
  }

  function failAll(err) {
    for (const p of pending.values()) p.reject(err);
    pending.clear();
  }

  // Stop whatever the worker is doing: a new one takes over and learns the
  // current puzzle again (without rating it anew).
  function restartWorker() {
    worker.terminate();
    URL.revokeObjectURL(workerURL);
    const err = new Error('cancelled');
    err.cancelled = true;
    failAll(err);
    if (S.ratingsPending)
      for (const id of ['rating-se', 'rating-xdrs'])
        if ($(id).textContent === 'rating…') $(id).textContent = 'not rated (interrupted)';
    S.ratingsPending = 0;
    startWorker();
    if (S.puzzle) request({ type: 'load', puzzle: S.puzzle, rate: false }).catch(() => {});
  }

  function onWorker(msg) {
    if (msg.type === 'rating') return showRating(msg);
    const p = pending.get(msg.job);
    if (!p) return;
    if (msg.type === 'progress') {
      if (p.progress) p.progress(msg);
      return;
    }
    pending.delete(msg.job);
    if (msg.type === 'error') p.reject(new Error(msg.message));
    else p.resolve(msg);
  }

  // }======

  // {====== the grid

  const grid = $('grid');
  const cells = [];

  function buildGrid() {
    for (let c = 0; c < 81; c++) {
      const d = document.createElement('div');
      const r = Math.floor(c / 9), k = c % 9;
      d.className = `cell r${r} c${k}`;
      d.setAttribute('role', 'gridcell');
      d.dataset.cell = String(c);
      d.id = `cell-${c}`;
      d.addEventListener('mousedown', (e) => {
        e.preventDefault();
        select(c);
        grid.focus();
      });
      grid.appendChild(d);
      cells.push(d);
    }
  }

  const isGiven = (c) => S.puzzle && S.puzzle[c] !== '.';
  const valueAt = (c) => (isGiven(c) ? +S.puzzle[c] : S.entries[c]);
  const sees = (a, b) => {
    const ra = Math.floor(a / 9), ca = a % 9, rb = Math.floor(b / 9), cb = b % 9;
    return ra === rb || ca === cb ||
      (Math.floor(ra / 3) === Math.floor(rb / 3) && Math.floor(ca / 3) === Math.floor(cb / 3));
  };
  const cellName = (c) => `r${Math.floor(c / 9) + 1}c${(c % 9) + 1}`;

  // The candidates of an empty cell: the digits no placed peer holds, less
  // those hints took out (S.elims, cell*16 + digit); the current hint's own
  // eliminations are kept so that they can be drawn struck.
  function candidates(c) {
    let m = 0x3fe;
    for (let o = 0; o < 81; o++) if (o !== c && sees(c, o) && valueAt(o)) m &= ~(1 << valueAt(o));
    const current = new Set(S.hint && S.hintGrade >= 3 ? S.hint.elim : []);
    for (const x of S.elims) if (Math.floor(x / 16) === c && !current.has(x)) m &= ~(1 << (x % 16));
    return m;
  }

  function clashes(c) {
    const v = valueAt(c);
    if (!v) return false;
    for (let o = 0; o < 81; o++) if (o !== c && sees(c, o) && valueAt(o) === v) return true;
    return false;
  }

  function drawMarks(d, c, mask, notes) {
    const box = document.createElement('div');
    box.className = 'cands' + (notes ? ' notes' : '');
    const struck = new Set((S.hint && S.hintGrade >= 3 ? S.hint.elim : []).filter((x) => Math.floor(x / 16) === c).map((x) => x % 16));
    for (let k = 1; k <= 9; k++) {
      const sp = document.createElement('span');
      if (mask & (1 << k)) {
        sp.textContent = String(k);
        if (struck.has(k)) sp.className = 'struck';
      }
      box.appendChild(sp);
    }
    d.replaceChildren(box);
    d.dataset.cands = [...'123456789'].filter((k) => mask & (1 << +k)).join('');
  }

  // A step of the solving path on the grid: the state before it with its
  // candidates, the pattern's candidates highlighted, eliminations struck,
  // the placement framed.
  function renderView() {
    const st = S.path.steps[S.view], step = st.step;
    const focus = new Set(st.focus), elim = new Set(step.elim);
    for (let c = 0; c < 81; c++) {
      const d = cells[c], v = st.values[c];
      const cl = d.classList;
      for (const m of ['selected', 'peer', 'same', 'right', 'wrong', 'revealed', 'corrected', 'clash', 'hint-elim'])
        cl.remove(m);
      cl.toggle('given', S.puzzle[c] !== '.');
      cl.toggle('hint-cell', [...focus].some((x) => Math.floor(x / 16) === c));
      cl.toggle('place-cell', step.cell === c);
      d.dataset.value = v === '.' ? '' : v;
      if (v !== '.') {
        d.textContent = v;
        delete d.dataset.cands;
        continue;
      }
      const mask = parseInt(st.cands.substr(3 * c, 3), 16) << 1;
      drawMarks(d, c, mask, false);
      const spans = d.firstChild.children;
      for (let k = 1; k <= 9; k++) {
        if (elim.has(c * 16 + k)) spans[k - 1].className = 'struck';
        else if (focus.has(c * 16 + k)) spans[k - 1].className = 'focus';
        if (step.cell === c && step.digit === k) spans[k - 1].className = 'focus';
      }
    }
    for (const li of $('path-list').children) li.classList.toggle('current', +li.dataset.step === S.view);
  }

  // The links of a chain, read from the step's text: each run of nodes
  // "r1c2=9 -> r2c3<>9 -> ..." drawn as arrows from candidate to candidate,
  // green into a candidate made true, red (dashed) into one made false.
  const SVG = 'http://www.w3.org/2000/svg';
  function chainLinks(text) {
    const links = [];
    const node = /r(\d)c(\d)(=|<>)(\d)/;
    for (const run of (text || '').split(/,|\bso\b|=>/)) {
      const parts = run.split(' -> ').map((t) => node.exec(t.trim())).filter(Boolean);
      for (let i = 1; i < parts.length; i++) {
        const [a, b] = [parts[i - 1], parts[i]];
        links.push({ from: [(a[1] - 1) * 9 + (a[2] - 1), +a[4]], to: [(b[1] - 1) * 9 + (b[2] - 1), +b[4]], on: b[3] === '=' });
      }
    }
    return links;
  }

  function drawLinks(text) {
    const svg = $('links'), links = chainLinks(text);
    svg.replaceChildren();
    const gr = grid.getBoundingClientRect(), br = grid.parentElement.getBoundingClientRect();
    svg.setAttribute('width', String(gr.width));
    svg.setAttribute('height', String(gr.height));
    svg.style.left = `${gr.left - br.left}px`;
    svg.style.top = `${gr.top - br.top}px`;
    if (!links.length) return;
    const defs = document.createElementNS(SVG, 'defs');
    for (const [id, color] of [['arrow-on', '#2f9e44'], ['arrow-off', '#c92a2a']]) {
      const m = document.createElementNS(SVG, 'marker');
      m.setAttribute('id', id);
      for (const [k, v] of [['viewBox', '0 0 10 10'], ['refX', '9'], ['refY', '5'], ['markerWidth', '6'],
                            ['markerHeight', '6'], ['orient', 'auto-start-reverse']]) m.setAttribute(k, v);
      const path = document.createElementNS(SVG, 'path');
      path.setAttribute('d', 'M0,0 L10,5 L0,10 z');
      path.setAttribute('fill', color);
      m.appendChild(path);
      defs.appendChild(m);
    }
    svg.appendChild(defs);
    const cw = gr.width / 9, ch = gr.height / 9;
    const at = ([c, d]) => [(c % 9) * cw + (((d - 1) % 3) + 0.5) * cw / 3,
                            Math.floor(c / 9) * ch + (Math.floor((d - 1) / 3) + 0.5) * ch / 3];
    for (const l of links) {
      const [x1, y1] = at(l.from), [x2, y2] = at(l.to);
      const len = Math.hypot(x2 - x1, y2 - y1) || 1, cut = Math.min(cw / 7, len / 3);
      const line = document.createElementNS(SVG, 'line');
      line.setAttribute('x1', String(x1 + (x2 - x1) * cut / len));
      line.setAttribute('y1', String(y1 + (y2 - y1) * cut / len));
      line.setAttribute('x2', String(x2 - (x2 - x1) * cut / len));
      line.setAttribute('y2', String(y2 - (y2 - y1) * cut / len));
      line.setAttribute('class', l.on ? 'on' : 'off');
      line.setAttribute('marker-end', `url(#${l.on ? 'arrow-on' : 'arrow-off'})`);
      svg.appendChild(line);
    }
  }

  function render() {
    if (S.view >= 0 && S.path) {
      renderView();
      drawLinks(S.path.steps[S.view].step.describe);
      return;
    }
    drawLinks(S.hint && S.hintGrade >= 3 ? S.hint.describe : '');
    for (const d of cells) d.classList.remove('place-cell');
    const selValue = valueAt(S.sel);
    const grade = S.hint ? S.hintGrade : 0;
    const hintElim = new Set(grade >= 3 ? S.hint.elim.map((x) => Math.floor(x / 16)) : []);
    const hintFocus = new Set(grade >= 2 ? cellsOf(S.hint.focus || []) : []);
    const showCands = $('show-cands').checked && !!S.puzzle, markClash = $('clashes').checked;
    for (let c = 0; c < 81; c++) {
      const d = cells[c], v = valueAt(c);
      delete d.dataset.cands;
      if (v) d.textContent = String(v);
      else if (S.notes[c]) drawMarks(d, c, S.notes[c], true);
      else if (showCands) drawMarks(d, c, candidates(c), false);
      else d.textContent = '';
      d.dataset.value = v ? String(v) : '';
      d.classList.toggle('clash', markClash && !isGiven(c) && clashes(c));
      const cl = d.classList;
      cl.toggle('given', !!isGiven(c));
      cl.toggle('selected', c === S.sel);
      cl.toggle('peer', c !== S.sel && sees(c, S.sel));
      cl.toggle('same', c !== S.sel && selValue > 0 && v === selValue);
      for (const m of ['right', 'wrong', 'revealed', 'corrected']) cl.toggle(m, S.marks[c] === m);
      cl.toggle('hint-cell', grade >= 2 && (S.hint.cell === c || hintFocus.has(c)));
      cl.toggle('hint-elim', hintElim.has(c));
      d.setAttribute('aria-selected', c === S.sel ? 'true' : 'false');
      d.setAttribute('aria-label', `${cellName(c)}: ${v ? (isGiven(c) ? 'given ' : '') + v : 'empty'}` +
        (S.marks[c] ? `, ${S.marks[c]}` : ''));
    }
    grid.setAttribute('aria-activedescendant', `cell-${S.sel}`);
  }

  function select(c) {
    S.sel = c;
    render();
  }

  // A digit (0 clears) into a cell: only cells that are not givens, and
  // not after the solution was revealed.
  function enter(c, d) {
    if (!S.puzzle || isGiven(c) || S.revealed || S.generating || S.view >= 0) return;
    if ($('notes-mode').checked && d) {
      if (S.entries[c]) return;
      change(c, 0, S.notes[c] ^ (1 << d));
      return;
    }
    if (S.entries[c] === d && !(d === 0 && S.notes[c])) return;
    change(c, d, 0);
  }

  // One change of a cell (value and notes), kept for undo.
  function change(c, value, notes) {
    S.undo.push({ c, before: [S.entries[c], S.notes[c]], after: [value, notes] });
    S.redo = [];
    apply(c, value, notes);
  }

  function apply(c, value, notes) {
    if (S.hint && S.hintGrade >= 3)      // the step seen whole is taken
      for (const x of S.hint.elim) if (!S.elims.includes(x)) S.elims.push(x);
    S.entries[c] = value;
    S.notes[c] = notes;
    S.marks[c] = '';
    S.hint = null;
    $('hint-box').hidden = true;
    say('');
    S.sel = c;
    render();
    save();
    if (value && S.entries.every((v, i) => v || isGiven(i))) solvedCheck();
  }

  function undoRedo(from, to) {
    if (!S.puzzle || S.revealed || S.generating || !from.length) return;
    const u = from.pop();
    to.push(u);
    const [value, notes] = from === S.undo ? u.before : u.after;
    apply(u.c, value, notes);
  }

  // The last cell filled: the worker says whether the grid is the solution.
  async function solvedCheck() {
    const res = await request({ type: 'check', values: entriesText() });
    if (res.marks.includes('w')) {
      say('Every cell is filled, but not every digit is right: "Check my answer" shows which.', 'bad');
      return;
    }
    S.solved = true;
    stopClock();
    document.body.dataset.solved = 'yes';
    save();
    say(`Solved in ${clockText()} — every digit is right.`, 'good');
  }

  function onKey(e) {
    if (S.generating) return;
    if (S.view >= 0) {
      const k = e.key;
      if (k === 'ArrowRight' || k === 'ArrowDown' || k === 'PageDown') showStep(S.view + 1);
      else if (k === 'ArrowLeft' || k === 'ArrowUp' || k === 'PageUp') showStep(S.view - 1);
      else if (k === 'Escape') closePath();
      else return;
      e.preventDefault();
      return;
    }
    if ((e.ctrlKey || e.metaKey) && !e.altKey) {
      const k = e.key.toLowerCase();
      if (k === 'z' && !e.shiftKey) undoRedo(S.undo, S.redo);
      else if (k === 'y' || (k === 'z' && e.shiftKey)) undoRedo(S.redo, S.undo);
      else return;
      e.preventDefault();
      return;
    }
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.key === 'n' || e.key === 'N') {
      $('notes-mode').checked = !$('notes-mode').checked;
      e.preventDefault();
      return;
    }
    const r = Math.floor(S.sel / 9), k = S.sel % 9;
    const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    if (/^[1-9]$/.test(e.key)) enter(S.sel, +e.key);
    else if (e.key === 'Backspace' || e.key === 'Delete' || e.key === '0' || e.key === ' ') enter(S.sel, 0);
    else if (moves[e.key]) {
      const [dr, dk] = moves[e.key];
      select(Math.min(8, Math.max(0, r + dr)) * 9 + Math.min(8, Math.max(0, k + dk)));
    } else return;
    e.preventDefault();
  }

  const entriesText = () => S.entries.map((v, c) => (v && !isGiven(c) ? String(v) : '.')).join('');

  // {====== the clock, the address and what a reload keeps

  const seconds = () => S.elapsed + (S.started ? (performance.now() - S.started) / 1000 : 0);
  function clockText() {
    const t = Math.floor(seconds());
    const h = Math.floor(t / 3600), m = Math.floor(t / 60) % 60, sec = String(t % 60).padStart(2, '0');
    return h ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
  }
  function stopClock() {
    S.elapsed = seconds();
    S.started = 0;
    tick();
  }
  function tick() { $('timer').textContent = clockText(); }

  const storeKey = (p) => 'sudokit:' + p;
  function save() {
    if (!S.puzzle) return;
    try {
      localStorage.setItem(storeKey(S.puzzle), JSON.stringify({
        entries: S.entries, notes: S.notes, elims: S.elims, elapsed: Math.floor(seconds()),
        solved: S.solved, revealed: S.revealed,
      }));
    } catch (err) { /* storage off or full: the game goes on */ }
  }
  function restore(puzzle) {
    try {
      const k = JSON.parse(localStorage.getItem(storeKey(puzzle)) || 'null');
      if (!k || k.revealed || !Array.isArray(k.entries) || k.entries.length !== 81) return false;
      for (let c = 0; c < 81; c++) {
        const v = k.entries[c] | 0;
        S.entries[c] = puzzle[c] === '.' && v >= 0 && v <= 9 ? v : 0;
        S.notes[c] = puzzle[c] === '.' ? (k.notes && k.notes[c] | 0) & 0x3fe : 0;
      }
      S.elims = Array.isArray(k.elims) ? k.elims.filter((x) => Number.isInteger(x)) : [];
      S.elapsed = +k.elapsed || 0;
      S.solved = !!k.solved;
      return true;
    } catch (err) {
      return false;
    }
  }
  // The puzzle in the address (#PUZZLE): a link or a reload reopens it.
  function puzzleFromAddress() {
    const m = /^#([1-9.]{81})$/.exec(location.hash);
    return m ? m[1] : null;
  }

  // }======

  // {====== messages and ratings

  function say(text, kind) {
    const m = $('message');
    m.textContent = text;
    m.className = 'message' + (kind ? ' ' + kind : '');
  }

  function status(text) { $('status').textContent = text; }

  const tenths = (m) => {
    const t = Math.floor((m + 50) / 100);
    return `${Math.floor(t / 10)}.${t % 10}`;
  };

  // The SE rating in words: what the hardest step asks of a player.
  const WORDS = [
    [1200, 'Very easy', 'full houses and hidden singles in boxes'],
    [1500, 'Easy', 'hidden singles'],
    [2600, 'Moderate', 'naked singles and locked candidates'],
    [3900, 'Medium', 'pairs, triples and the X-Wing'],
    [5900, 'Hard', 'wings, quads, unique rectangles or BUG'],
    [7400, 'Very hard', 'aligned pairs or forcing chains'],
    [8900, 'Fiendish', 'nishio, multiple or dynamic forcing chains'],
    [Infinity, 'Extreme', 'dynamic chains (+) or nested forcing chains'],
  ];
  function ratingWords(er) {
    const [, word, what] = WORDS.find(([max]) => er <= max);
    return { word, what };
  }

  // XDRS final difficulty from the hardest step P (ratings/xdrs.lua).
  const xdrsD = (p) => Math.min(10, Math.max(1, (90 * p + 19) / 109));

  function missingNote(msg) {
    return msg.missing && msg.missing.length
      ? ` (this build lacks ${msg.missing.join(', ')})` : '';
  }

  function showRating(msg) {
    if (msg.job !== S.job) return;
    S.ratingsPending = Math.max(0, S.ratingsPending - 1);
    if (msg.table === 'se') {
      const dd = $('rating-se');
      if (msg.over_budget) dd.textContent = 'not rated: gave up after 60 s';
      else if (msg.stuck) dd.textContent = `20.0 — no technique applies after ${msg.steps} steps${missingNote(msg)}`;
      else dd.textContent = `${tenths(msg.er)} / ${tenths(msg.ep)} / ${tenths(msg.ed)}`;
      const w = $('rating-words');
      if (msg.over_budget || msg.stuck) {
        w.textContent = msg.stuck ? 'Beyond the techniques of this page' : 'Not rated';
        delete w.dataset.word;
      } else {
        const { word, what } = ratingWords(msg.er);
        w.textContent = `${word} — needs ${what}`;
        w.dataset.word = word;
      }
      dd.dataset.er = String(msg.er);
      dd.dataset.ep = String(msg.ep);
      dd.dataset.ed = String(msg.ed);
    } else if (msg.table === 'hodoku') {
      const dd = $('rating-hodoku');
      if (msg.over_budget) dd.textContent = 'not rated: gave up after 60 s';
      else if (msg.level) {
        dd.textContent = `${msg.level} (${msg.score})`;
        dd.dataset.level = msg.level;
        dd.dataset.score = String(msg.score);
      } else dd.textContent = 'not rated';
    } else if (msg.table === 'xdrs') {
      const dd = $('rating-xdrs');
      if (msg.over_budget) dd.textContent = 'not rated: gave up after 60 s';
      else {
        const p = msg.er / 1000;
        dd.textContent = `${xdrsD(p).toFixed(3)} (P ${tenths(msg.er)}${msg.stuck ? ', stuck' : ''})`;
        dd.dataset.p = String(msg.er);
        dd.dataset.d = xdrsD(p).toFixed(3);
      }
    }
    if (!S.ratingsPending) document.body.dataset.rated = 'yes';
  }

  // }======

  // {====== puzzles

  function newPuzzle(puzzle, givens, job) {
    S.puzzle = puzzle;
    S.entries.fill(0);
    S.notes.fill(0);
    S.marks.fill('');
    S.undo = [];
    S.redo = [];
    S.elims = [];
    S.path = null;
    S.view = -1;
    document.body.dataset.view = 'game';
    $('path-list').replaceChildren();
    $('path-box').open = false;
    S.elapsed = 0;
    S.solved = false;
    const kept = restore(puzzle);
    S.started = S.solved ? 0 : performance.now();
    document.body.dataset.solved = S.solved ? 'yes' : 'no';
    tick();
    try { history.replaceState(null, '', '#' + puzzle); } catch (err) { /* no address to set */ }
    S.hint = null;
    S.solution = null;
    S.revealed = false;
    S.job = job;
    S.ratingsPending = S.info.tables.length;
    document.body.dataset.rated = 'no';
    grid.dataset.puzzle = puzzle;
    $('givens').textContent = String(givens);
    for (const id of ['rating-se', 'rating-xdrs', 'rating-words', 'rating-hodoku']) {
      const dd = $(id);
      dd.textContent = 'rating…';
      delete dd.dataset.er; delete dd.dataset.p; delete dd.dataset.d;
      delete dd.dataset.level; delete dd.dataset.score;
    }
    if (!S.info.tables.some((t) => t.name === 'xdrs'))
      $('rating-xdrs').textContent = 'not in this build (no ratings/xdrs.yaml)';
    if (!S.info.tables.some((t) => t.name === 'hodoku'))
      $('rating-hodoku').textContent = 'not in this build (no ratings/hodoku.yaml)';
    $('hint-box').hidden = true;
    say(kept ? 'Your digits on this puzzle are back from your last visit.' : '');
    S.sel = puzzle.indexOf('.') >= 0 ? puzzle.indexOf('.') : 0;
    enableGame(true);
    render();
    printArea(false);
    grid.focus();
  }

  function sourceOf(name) {
    if (name === 'minimal') return { lo: 0, hi: 0 };
    const [lo, hi] = S.info.levels[name];
    return { lo, hi };
  }

  function setGenerating(on) {
    S.generating = on;
    document.body.dataset.state = on ? 'generating' : 'idle';
    $('generate').disabled = on;
    $('cancel').hidden = !on;
    enableGame(!on && !!S.puzzle);
  }

  function enableGame(on) {
    for (const id of ['check', 'hint', 'reveal', 'png-puzzle', 'png-solution', 'print-puzzle', 'print-both',
                      'undo', 'redo'])
      $(id).disabled = !on;
    for (const b of $('pad').querySelectorAll('button')) b.disabled = !on;
  }

  async function generate() {
    const choice = $('level').value;
    const band = BANDS.find((b) => b.id === choice);
    const source = sourceOf(band ? band.source : choice);
    if (S.ratingsPending) restartWorker();        // don't wait for an old rating
    setGenerating(true);
    const what = band ? band.label.split(':')[0] : `${choice} (${source.lo}–${source.hi} givens)`;
    status(`Generating ${what}…`);
    const t0 = performance.now();
    try {
      const res = await request({
        type: 'generate', source, band: band ? [band.min, band.max] : null,
        symmetry: $('symmetric').checked ? 1 : 0,
      }, (p) => {
        const last = p.lastER != null ? `, last ER ${tenths(p.lastER)}` : '';
        status(`Generating ${what}… ${p.elapsed.toFixed(1)} s, ${p.grids} grids, ` +
               `${p.puzzles} puzzles tried${last}`);
      });
      newPuzzle(res.puzzle, res.givens, res.job);
      const secs = ((performance.now() - t0) / 1000).toFixed(2);
      status(`New puzzle: ${res.givens} givens, ${secs} s` +
             (band ? `, ${res.puzzles} puzzle${res.puzzles > 1 ? 's' : ''} tried` : ''));
    } catch (err) {
      status(err.cancelled ? 'Generation cancelled.' : 'Generation failed: ' + err.message);
    } finally {
      setGenerating(false);
    }
  }

  async function loadOwn(e) {
    e.preventDefault();
    const text = $('own').value.replace(/\s+/g, '').replace(/0/g, '.');
    if (!/^[1-9.]{81}$/.test(text)) {
      say('A puzzle is 81 characters: 1–9, and . or 0 for an empty cell.', 'bad');
      return;
    }
    if (S.generating || S.ratingsPending) restartWorker();
    try {
      const res = await request({ type: 'load', puzzle: text });
      newPuzzle(res.puzzle, res.givens, res.job);
      status(`Loaded your puzzle: ${res.givens} givens.`);
    } catch (err) {
      say(err.message, 'bad');
    }
  }

  async function solution() {
    if (!S.solution) S.solution = (await request({ type: 'solution' })).solution;
    return S.solution;
  }

  // }======

  // {====== check, hint, reveal

  async function check() {
    const res = await request({ type: 'check', values: entriesText() });
    let right = 0, wrong = 0;
    for (let c = 0; c < 81; c++) {
      const m = res.marks[c];
      if (m === 'r') { S.marks[c] = 'right'; right++; }
      else if (m === 'w') { S.marks[c] = 'wrong'; wrong++; }
      else if (S.marks[c] === 'right' || S.marks[c] === 'wrong') S.marks[c] = '';
    }
    const empty = S.entries.filter((v, c) => !v && !isGiven(c)).length;
    render();
    if (!right && !wrong) say('Nothing to check yet: type some digits first.');
    else if (!wrong && !empty) say('Solved — every digit is right.', 'good');
    else say(`${right} right, ${wrong} wrong, ${empty} still empty.`, wrong ? 'bad' : 'good');
    grid.focus();
  }

  // A step's name: the engine gives one name per step, the one its
  // description (step.describe) uses too.
  const stepName = (step) => step.name;
  const cellsOf = (xs) => [...new Set(xs.map((x) => Math.floor(x / 16)))].sort((a, b) => a - b);

  // Hints are graded: the first press names the technique, the second
  // shows where to look, the third gives the whole step.  A press on a
  // changed position starts again with the next step.
  async function hint() {
    const key = entriesText() + '|' + S.elims.join(',');
    if (S.hint && S.hintKey === key && S.hintGrade < 3) {
      S.hintGrade++;
      showHint();
      return;
    }
    if (S.hint && S.hintGrade >= 3)      // the step shown is taken: its eliminations count
      for (const x of S.hint.elim) if (!S.elims.includes(x)) S.elims.push(x);
    $('hint').disabled = true;
    say('Looking for the next step…');
    const t0 = performance.now();
    try {
      const res = await request({ type: 'hint', values: entriesText(), elims: S.elims });
      S.hintMs = performance.now() - t0;
      const step = res.step;
      const box = $('hint-box');
      const n = res.ignored;
      say(n ? `${n} of your digits ${n > 1 ? 'are' : 'is'} not part of the solution and ` +
          `${n > 1 ? 'were' : 'was'} left out ("Check my answer" shows which).` : '', n ? 'bad' : '');
      box.dataset.ms = S.hintMs.toFixed(1);
      if (step.solved || step.stuck) {
        S.hint = null;
        box.hidden = false;
        box.dataset.grade = '3';
        $('hint-name').textContent = step.solved ? 'Nothing left to find' : 'No step found';
        $('hint-diff').textContent = '';
        $('hint-text').textContent = step.solved ? 'Every cell is filled.'
          : 'None of the techniques of this build applies from here.';
      } else {
        S.hint = step;
        S.hintKey = entriesText() + '|' + S.elims.join(',');
        S.hintGrade = 1;
        showHint();
      }
      render();
    } catch (err) {
      if (!err.cancelled) say('Hint failed: ' + err.message, 'bad');
    } finally {
      $('hint').disabled = S.revealed;
      grid.focus();
    }
  }

  function showHint() {
    const step = S.hint, box = $('hint-box'), name = stepName(step);
    box.hidden = false;
    box.dataset.grade = String(S.hintGrade);
    box.dataset.technique = step.id;
    box.dataset.difficulty = String(step.difficulty);
    box.dataset.cell = String(step.cell);
    box.dataset.digit = String(step.digit);
    $('hint-name').textContent = name;
    $('hint-diff').textContent = `difficulty ${tenths(step.difficulty)} (SE)`;
    const where = cellsOf(step.focus && step.focus.length ? step.focus : [step.cell * 16]).map(cellName);
    if (S.hintGrade === 1)
      $('hint-text').textContent = `A ${name} applies. Press Hint again to see where.`;
    else if (S.hintGrade === 2)
      $('hint-text').textContent = `Look at ${where.join(', ')}. Press Hint again for the whole step.`;
    else {
      $('hint-text').textContent = step.describe;
      // an elimination is seen only among the candidates
      if (step.elim.length && !$('show-cands').checked) {
        $('show-cands').checked = true;
        say('Candidates are now shown, so that the step\'s eliminations can be seen (struck).');
      }
    }
    render();
  }

  async function reveal() {
    const sol = await solution();
    for (let c = 0; c < 81; c++) {
      if (isGiven(c)) continue;
      const d = +sol[c];
      if (S.entries[c] === d) S.marks[c] = 'right';
      else S.marks[c] = S.entries[c] ? 'corrected' : 'revealed';
      S.entries[c] = d;
    }
    S.revealed = true;
    S.hint = null;
    $('hint-box').hidden = true;
    $('hint').disabled = true;
    $('check').disabled = true;
    for (const b of $('pad').querySelectorAll('button')) b.disabled = true;
    say('The solution is filled in; your right digits are green, corrected ones underlined.');
    stopClock();
    save();
    render();
    grid.focus();
  }

  // }======

  // {====== the solving path

  async function openPath() {
    if (!S.puzzle) return;
    const table = +$('path-table').value || 0;
    if (!S.path || S.path.tableIndex !== table) {
      S.view = -1;
      $('path-list').replaceChildren(Object.assign(document.createElement('li'), { textContent: 'Solving…' }));
      const res = await request({ type: 'path', table });
      S.path = res.path;
      S.path.ms = res.ms;
      S.path.tableIndex = table;
      const list = S.path.steps.map((st, i) => {
        const li = document.createElement('li');
        li.dataset.step = String(i);
        const d = document.createElement('span');
        d.className = 'd';
        d.textContent = tenths(st.step.difficulty) + ' ';
        li.append(d, st.step.name);
        li.addEventListener('click', () => { showStep(i); grid.focus(); });
        return li;
      });
      $('path-list').replaceChildren(...list);
      document.body.dataset.pathSteps = String(list.length);
    }
    showStep(S.view >= 0 ? S.view : 0);
    grid.focus();     // the arrow keys walk the path
  }

  function showStep(i) {
    if (!S.path || !S.path.steps.length) return;
    S.view = Math.max(0, Math.min(S.path.steps.length - 1, i));
    document.body.dataset.view = 'path';
    const step = S.path.steps[S.view].step;
    const box = $('hint-box');
    box.hidden = false;
    $('hint-name').textContent = `Step ${S.view + 1} of ${S.path.steps.length}: ${step.name}`;
    $('hint-diff').textContent = `difficulty ${tenths(step.difficulty)} (${S.path.table.toUpperCase()})`;
    $('hint-text').textContent = step.describe;
    box.dataset.technique = step.id;
    const li = $('path-list').children[S.view];
    if (li && li.scrollIntoView) li.scrollIntoView({ block: 'nearest' });
    render();
  }

  function closePath() {
    S.view = -1;
    document.body.dataset.view = 'game';
    $('hint-box').hidden = true;
    render();
    grid.focus();
  }

  // }======

  // {====== pictures and printing

  // The grid alone on a canvas: givens bold black, other digits blue.
  // A short name for the puzzle: its givens and 8 hex digits of a hash.
  function puzzleId(p) {
    let h = 0x811c9dc5;
    for (let i = 0; i < p.length; i++) h = Math.imul(h ^ p.charCodeAt(i), 0x01000193) >>> 0;
    return `${[...p].filter((ch) => ch !== '.').length}g-${h.toString(16).padStart(8, '0')}`;
  }

  function subtitle() {
    const er = $('rating-se').dataset.er;
    return `${$('givens').textContent} givens` + (er ? ` · SE rating ${tenths(+er)}` : '');
  }

  // The grid under a title line; givens bold black, other digits blue.
  function drawGrid(values, puzzle, title) {
    const cell = 60, pad = 12, head = 56, size = cell * 9 + 2 * pad;
    const cv = document.createElement('canvas');
    cv.width = size;
    cv.height = size + head;
    const g = cv.getContext('2d');
    g.fillStyle = '#ffffff';
    g.fillRect(0, 0, size, size + head);
    g.fillStyle = '#000000';
    g.textBaseline = 'middle';
    g.textAlign = 'left';
    g.font = 'bold 24px "DejaVu Sans", "Liberation Sans", Arial, sans-serif';
    g.fillText(title, pad, 22);
    g.font = '15px "DejaVu Sans", "Liberation Sans", Arial, sans-serif';
    g.fillStyle = '#444444';
    g.fillText(`${subtitle()} · ${puzzleId(puzzle)}`, pad, 44);
    g.translate(0, head);
    g.textAlign = 'center';
    for (let c = 0; c < 81; c++) {
      const ch = values[c];
      if (ch === '.') continue;
      const given = puzzle[c] !== '.';
      g.font = `${given ? 'bold ' : ''}36px "DejaVu Sans", "Liberation Sans", Arial, sans-serif`;
      g.fillStyle = given ? '#000000' : '#1f5fbf';
      g.fillText(ch, pad + (c % 9) * cell + cell / 2, pad + Math.floor(c / 9) * cell + cell / 2 + 2);
    }
    for (let i = 0; i <= 9; i++) {
      const thick = i % 3 === 0;
      g.strokeStyle = thick ? '#000000' : '#888888';
      g.lineWidth = thick ? 3 : 1;
      const p = pad + i * cell + (thick ? 0 : 0.5);
      g.beginPath(); g.moveTo(pad - 1.5, p); g.lineTo(size - pad + 1.5, p); g.stroke();
      g.beginPath(); g.moveTo(p, pad - 1.5); g.lineTo(p, size - pad + 1.5); g.stroke();
    }
    return cv;
  }

  async function downloadPNG(kind) {
    const values = kind === 'puzzle' ? S.puzzle : await solution();
    const title = kind === 'puzzle' ? 'Sudoku' : 'Sudoku — solution';
    const blob = await new Promise((res) => drawGrid(values, S.puzzle, title).toBlob(res, 'image/png'));
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = `sudoku-${puzzleId(S.puzzle)}-${kind}.png`;
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 30000);
  }

  function printGrid(values) {
    const g = document.createElement('div');
    g.className = 'print-grid';
    for (let c = 0; c < 81; c++) {
      const d = document.createElement('div');
      d.className = `r${Math.floor(c / 9)} c${c % 9}` + (S.puzzle[c] !== '.' ? ' g' : '');
      d.textContent = values[c] === '.' ? '' : values[c];
      g.appendChild(d);
    }
    return g;
  }

  function printPage(title, sub, values) {
    const p = document.createElement('section');
    p.className = 'print-page';
    const h = document.createElement('h2');
    h.textContent = title;
    const s = document.createElement('p');
    s.textContent = sub;
    p.append(h, s, printGrid(values));
    return p;
  }

  // The print area always holds the current puzzle, so that the browser's
  // own Print shows it too; a Print button adds the solution on a page of
  // its own for that print only.
  function printArea(solutionValues) {
    const area = $('print-area');
    const pages = [];
    if (!S.puzzle) {
      const p = document.createElement('section');
      p.className = 'print-page';
      p.textContent = 'No puzzle yet: press Generate, then print.';
      pages.push(p);
    } else {
      pages.push(printPage('Sudoku', subtitle(), S.puzzle));
      if (solutionValues) pages.push(printPage('Solution', subtitle(), solutionValues));
    }
    area.replaceChildren(...pages);
    area.dataset.pages = S.puzzle ? String(pages.length) : '0';
    area.dataset.puzzle = S.puzzle || '';
  }

  async function print(withSolution) {
    printArea(withSolution ? await solution() : false);
    S.printing = true;
    try { window.print(); } finally { S.printing = false; }
  }

  // }======

  function fillBands() {
    const og = $('bands');
    for (const b of BANDS) {
      const o = document.createElement('option');
      o.value = b.id;
      o.textContent = b.label;
      og.appendChild(o);
    }
  }

  async function main() {
    buildGrid();
    fillBands();
    enableGame(false);
    render();
    printArea(false);
    // Ctrl+P, or the menu's Print: the current puzzle, as the last Print
    // button left it (with its solution) or, if the puzzle changed since, alone
    window.addEventListener('beforeprint', () => {
      if (!S.printing && $('print-area').dataset.puzzle !== (S.puzzle || '')) printArea(false);
    });
    $('path-box').addEventListener('toggle', () => {
      if ($('path-box').open) openPath().catch((e) => say('The path failed: ' + e.message, 'bad'));
      else if (S.view >= 0) closePath();
    });
    $('path-prev').addEventListener('click', () => { showStep(S.view - 1); grid.focus(); });
    $('path-next').addEventListener('click', () => { showStep(S.view + 1); grid.focus(); });
    $('path-close').addEventListener('click', () => { $('path-box').open = false; closePath(); });
    $('undo').addEventListener('click', () => { undoRedo(S.undo, S.redo); grid.focus(); });
    $('redo').addEventListener('click', () => { undoRedo(S.redo, S.undo); grid.focus(); });
    for (const id of ['show-cands', 'clashes', 'notes-mode'])
      $(id).addEventListener('change', () => { render(); grid.focus(); });
    setInterval(() => { if (S.started) tick(); }, 1000);
    window.addEventListener('pagehide', save);
    $('generate').addEventListener('click', generate);
    $('cancel').addEventListener('click', () => restartWorker());
    // the keyboard stays on the grid after these buttons (at once, not only
    // when the worker has answered)
    $('check').addEventListener('click', () => { grid.focus(); check().catch((e) => say(e.message, 'bad')); });
    $('hint').addEventListener('click', () => { grid.focus(); hint(); });
    $('reveal').addEventListener('click', () => { grid.focus(); reveal().catch((e) => say(e.message, 'bad')); });
    $('png-puzzle').addEventListener('click', () => downloadPNG('puzzle').catch((e) => say(e.message, 'bad')));
    $('png-solution').addEventListener('click', () => downloadPNG('solution').catch((e) => say(e.message, 'bad')));
    $('print-puzzle').addEventListener('click', () => print(false).catch((e) => say(e.message, 'bad')));
    $('print-both').addEventListener('click', () => print(true).catch((e) => say(e.message, 'bad')));
    $('own-form').addEventListener('submit', loadOwn);
    grid.addEventListener('keydown', onKey);
    $('pad').addEventListener('click', (e) => {
      const b = e.target.closest('button[data-digit]');
      if (!b) return;
      enter(S.sel, +b.dataset.digit);
      grid.focus();
    });
    status('Loading the engine…');
    $('generate').disabled = true;
    try {
      const res = await startWorker();
      S.info = res.info;
      const t = S.info.tables.map((x) => x.name + (x.missing.length ? ` (missing ${x.missing.length})` : ''));
      $('about').textContent = `sudokit ${S.info.version} · ${S.info.techniques.length} techniques · ` +
        `rating tables: ${t.join(', ')} · engine compiled to WebAssembly, running in a Web Worker.`;
      $('path-table').replaceChildren(...S.info.tables.map((t, i) =>
        Object.assign(document.createElement('option'), { value: String(i), textContent: t.name.toUpperCase() })));
      $('path-table').addEventListener('change', () => {
        if ($('path-box').open) openPath().catch((e) => say('The path failed: ' + e.message, 'bad'));
      });
      for (const [name, [lo, hi]] of Object.entries(S.info.levels)) {
        const o = $('level').querySelector(`option[value="${name}"]`);
        if (o) o.textContent = `${name[0].toUpperCase()}${name.slice(1)} (${lo}–${hi} givens)`;
      }
      $('generate').disabled = false;
      const linked = puzzleFromAddress();
      if (linked) {
        try {
          const r = await request({ type: 'load', puzzle: linked });
          newPuzzle(r.puzzle, r.givens, r.job);
          status(`The puzzle of the address: ${r.givens} givens.`);
        } catch (err) {
          status('The address holds no valid puzzle: ' + err.message);
        }
        document.body.dataset.state = 'idle';
      } else {
        // the first screen is a puzzle to play, not an empty grid
        await generate();
      }
    } catch (err) {
      status('The engine did not load: ' + err.message);
    }
  }

  main();
})();
