// page.test.js -- the browser page (make web) in a real headless Chromium.
//
//   node page.test.js PAGE.html      (tests/cli/web.sh runs it from make test)
// Env: CHROMIUM (default /usr/bin/chromium); SK_WEB_EXPECT=FILE, lines
// "puzzle ER EP ED P" from the native CLI (tests/cli/web.sh writes it): the
// page, loading each puzzle, must show the same SE and XDRS ratings;
// SK_WEB_ARTIFACTS=DIR keeps the screenshots, PNG downloads and print PDF
// there for a look.
//
// Serves the one-file page from a local HTTP server and clicks through:
// generate -> type a wrong and a right digit -> check -> hint -> reveal ->
// download both PNGs -> print preview, then an ER band, a cancelled slow
// generation, and the same file opened from disk.  Every request the
// browser makes is recorded; none may leave the page's own origin.
// The puzzle's solution is worked out here by an independent solver, so
// the page's marks and reveal are checked against something it did not
// compute.
'use strict';
const assert = require('node:assert/strict');
const fs = require('node:fs');
const http = require('node:http');
const path = require('node:path');
const { chromium } = require('playwright-core');

const PAGE = path.resolve(process.argv[2] || path.join(__dirname, '../../build/web/index.html'));
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
const TIMEOUT = 60000;
const ARTIFACTS = process.env.SK_WEB_ARTIFACTS || '';

function keep(name, data) {
  if (!ARTIFACTS) return;
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  fs.writeFileSync(path.join(ARTIFACTS, name), data);
}

let checks = 0;
function ok(what) {
  checks++;
  console.log('ok ' + checks + ' - ' + what);
}

// {====== an independent solver: plain backtracking, counts up to 2

function solveAll(puzzle, limit = 2) {
  const g = [...puzzle].map((ch) => (ch === '.' ? 0 : +ch));
  const sols = [];
  const can = (c, d) => {
    const r = Math.floor(c / 9), k = c % 9, br = r - (r % 3), bk = k - (k % 3);
    for (let i = 0; i < 9; i++) {
      if (g[r * 9 + i] === d || g[i * 9 + k] === d) return false;
      if (g[(br + Math.floor(i / 3)) * 9 + bk + (i % 3)] === d) return false;
    }
    return true;
  };
  const go = () => {
    let best = -1, bestN = 10;
    for (let c = 0; c < 81; c++) {
      if (g[c]) continue;
      let n = 0;
      for (let d = 1; d <= 9; d++) if (can(c, d)) n++;
      if (n < bestN) { best = c; bestN = n; }
    }
    if (best < 0) { sols.push(g.join('')); return; }
    for (let d = 1; d <= 9 && sols.length < limit; d++) {
      if (!can(best, d)) continue;
      g[best] = d;
      go();
      g[best] = 0;
    }
  };
  go();
  return sols;
}

function validGrid(s) {
  if (!/^[1-9]{81}$/.test(s)) return false;
  for (let i = 0; i < 9; i++) {
    const row = new Set(), col = new Set(), box = new Set();
    for (let j = 0; j < 9; j++) {
      row.add(s[i * 9 + j]);
      col.add(s[j * 9 + i]);
      box.add(s[(Math.floor(i / 3) * 3 + Math.floor(j / 3)) * 9 + (i % 3) * 3 + (j % 3)]);
    }
    if (row.size !== 9 || col.size !== 9 || box.size !== 9) return false;
  }
  return true;
}

// }======

// {====== helpers

function serve(file) {
  const body = fs.readFileSync(file);
  const server = http.createServer((req, res) => {
    if (req.url === '/' || req.url === '/index.html') {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end(body);
    } else {
      res.writeHead(404);
      res.end();
    }
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

const cellSel = (c) => `#grid [data-cell="${c}"]`;

async function gridValues(page) {
  return page.$$eval('#grid .cell', (ds) => ds.map((d) => d.dataset.value || '.').join(''));
}

async function cellClasses(page) {
  return page.$$eval('#grid .cell', (ds) => ds.map((d) => d.className));
}

async function generate(page, level) {
  const before = await page.getAttribute('#grid', 'data-puzzle');
  await page.selectOption('#level', level);
  await page.click('#generate');
  await page.waitForFunction((b) => {
    const p = document.querySelector('#grid').dataset.puzzle;
    return p && p !== b && document.body.dataset.state === 'idle';
  }, before, { timeout: TIMEOUT });
  return page.getAttribute('#grid', 'data-puzzle');
}

// PNG: signature, then the IHDR chunk's width and height.
function pngInfo(buf) {
  const sig = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  assert.ok(buf.subarray(0, 8).equals(sig), 'PNG signature');
  assert.equal(buf.toString('latin1', 12, 16), 'IHDR');
  return { width: buf.readUInt32BE(16), height: buf.readUInt32BE(20), bytes: buf.length };
}

async function download(page, button) {
  const [dl] = await Promise.all([page.waitForEvent('download', { timeout: TIMEOUT }), page.click(button)]);
  const file = await dl.path();
  return { name: dl.suggestedFilename(), data: fs.readFileSync(file) };
}

// Press Hint until the whole step shows (hints are graded: the technique,
// then where, then the step).  Returns the grades seen.
async function fullHint(page) {
  const grades = [];
  for (let k = 0; k < 3; k++) {
    await page.evaluate(() => { const b = document.querySelector('#hint-box'); b.dataset.grade = '0'; });
    await page.click('#hint');
    await page.waitForFunction(() => document.querySelector('#hint-box').dataset.grade !== '0', null, { timeout: TIMEOUT });
    const g = await page.getAttribute('#hint-box', 'data-grade');
    grades.push(+g);
    if (g === '3') break;
  }
  return grades;
}

const pdfPages = (buf) => (buf.toString('latin1').match(/\/Type\s*\/Page(?![s\w])/g) || []).length;

// }======

async function mainFlow(page, origin) {
  await page.goto(origin + '/');
  await page.waitForSelector('body[data-state="idle"]', { timeout: TIMEOUT });
  const info = await page.textContent('#about');
  ok('engine loaded in the worker: ' + info.trim());

  // {-- generate a hard puzzle
  const puzzle = await generate(page, 'hard');
  const givens = [...puzzle].filter((ch) => ch !== '.').length;
  assert.ok(givens >= 24 && givens <= 29, `hard puzzle has ${givens} givens`);
  assert.equal(await page.textContent('#givens'), String(givens));
  const sols = solveAll(puzzle);
  assert.equal(sols.length, 1, 'the puzzle has exactly one solution');
  const sol = sols[0];
  assert.equal(await gridValues(page), puzzle, 'the grid shows the givens, nothing else');
  ok(`generated a hard puzzle with ${givens} givens and a unique solution`);

  // {-- the grid takes digits 1-9 in empty cells only
  const empties = [...puzzle].map((ch, c) => (ch === '.' ? c : -1)).filter((c) => c >= 0);
  const given = puzzle.indexOf(puzzle.match(/[1-9]/)[0]);
  await page.click(cellSel(given));
  await page.keyboard.press(puzzle[given] === '9' ? '1' : '9');
  await page.keyboard.press('Backspace');
  assert.equal(await gridValues(page), puzzle, 'a given cannot be changed or cleared');
  const W = empties[0], R = empties[1], X = empties[2];
  await page.click(cellSel(W));
  for (const k of ['a', '0', '.', 'Enter', '+']) await page.keyboard.press(k);
  assert.equal((await gridValues(page))[W], '.', 'only digits 1-9 are taken');
  const wrong = String((+sol[W] % 9) + 1);
  await page.keyboard.press(wrong);
  assert.equal((await gridValues(page))[W], wrong);
  // arrow keys move the selection
  const selected = () => page.$eval('#grid .cell.selected', (d) => +d.dataset.cell);
  await page.keyboard.press(W % 9 < 8 ? 'ArrowRight' : 'ArrowLeft');
  assert.equal(await selected(), W % 9 < 8 ? W + 1 : W - 1, 'arrow moves one cell');
  await page.keyboard.press(W < 72 ? 'ArrowDown' : 'ArrowUp');
  assert.equal(await selected(), (W % 9 < 8 ? W + 1 : W - 1) + (W < 72 ? 9 : -9));
  // the on-screen pad enters the right digit; Backspace clears another
  await page.click(cellSel(R));
  await page.click(`#pad button[data-digit="${sol[R]}"]`);
  assert.equal((await gridValues(page))[R], sol[R], 'pad entered the digit');
  await page.click(cellSel(X));
  await page.keyboard.press(sol[X]);
  assert.equal((await gridValues(page))[X], sol[X]);
  await page.keyboard.press('Backspace');
  assert.equal((await gridValues(page))[X], '.', 'Backspace clears');
  ok('keyboard and pad: digits only in empty cells, givens fixed, arrows move, Backspace clears');

  // {-- check my answer: marks the two digits, reveals nothing
  await page.click('#check');
  await page.waitForSelector(`${cellSel(W)}.wrong`, { timeout: TIMEOUT });
  keep('check.png', await page.screenshot({ fullPage: true }));
  const cls = await cellClasses(page);
  assert.match(cls[R], /\bright\b/, 'the right digit is marked right');
  assert.doesNotMatch(cls[R], /\bwrong\b/);
  assert.match(cls[W], /\bwrong\b/, 'the wrong digit is marked wrong');
  cls.forEach((k, c) => {
    if (c !== R && c !== W) assert.doesNotMatch(k, /\b(right|wrong|revealed|corrected)\b/, `cell ${c} unmarked`);
  });
  const after = await gridValues(page);
  assert.equal([...after].filter((ch) => ch !== '.').length, givens + 2, 'nothing was filled in');
  assert.match(await page.textContent('#message'), /1 right, 1 wrong/);
  ok('check marks the right and the wrong digit and nothing else');

  // {-- ratings
  await page.waitForSelector('body[data-rated="yes"]', { timeout: TIMEOUT });
  const er = +(await page.getAttribute('#rating-se', 'data-er'));
  assert.match(await page.textContent('#rating-se'), /^\d+\.\d \/ \d+\.\d \/ \d+\.\d$/);
  assert.ok(er >= 1000 && er <= 20000, 'ER in range');
  const p = await page.getAttribute('#rating-xdrs', 'data-p');
  if (p !== null) {
    const d = +(await page.getAttribute('#rating-xdrs', 'data-d'));
    const want = Math.min(10, Math.max(1, (90 * (+p / 1000) + 19) / 109));
    assert.ok(Math.abs(d - want) < 0.0006, `D ${d} = (90P+19)/109 for P ${+p / 1000}`);
    ok(`ratings shown: SE ${await page.textContent('#rating-se')}, XDRS ${await page.textContent('#rating-xdrs')}`);
  } else {
    ok(`ratings shown: SE ${await page.textContent('#rating-se')}; XDRS: ${await page.textContent('#rating-xdrs')}`);
  }

  // HoDoKu's level and score beside SE's rating
  if (await page.$('#path-table option[value="2"]')) {
    const lvl = await page.getAttribute('#rating-hodoku', 'data-level');
    const score = +(await page.getAttribute('#rating-hodoku', 'data-score'));
    assert.ok(['Easy', 'Medium', 'Hard', 'Unfair', 'Extreme'].includes(lvl) && score > 0, `HoDoKu ${lvl} (${score})`);
    ok(`HoDoKu's rating shown: ${await page.textContent('#rating-hodoku')}`);
  }

  // the rating in words, from the ER's band
  {
    const er = +(await page.getAttribute('#rating-se', 'data-er'));
    const words = [[1200, 'Very easy'], [1500, 'Easy'], [2600, 'Moderate'], [3900, 'Medium'], [5900, 'Hard'],
                   [7400, 'Very hard'], [8900, 'Fiendish'], [Infinity, 'Extreme']];
    assert.equal(await page.getAttribute('#rating-words', 'data-word'), words.find(([m]) => er <= m)[1]);
    ok(`rating in words: ${await page.textContent('#rating-words')} (ER ${tenths(er)})`);
  }

  // {-- hint: the next SE step, with technique and difficulty; sound;
  // graded: the technique's name, then where to look, then the step
  await page.click('#hint');
  await page.waitForSelector('#hint-box[data-grade="1"]:not([hidden])', { timeout: TIMEOUT });
  const g1 = await page.textContent('#hint-text'), n1 = (await page.textContent('#hint-name')).trim();
  assert.ok(g1.includes(n1) && !/=>|<>|r\dc\d/.test(g1), `grade 1 names the technique only: ${g1}`);
  assert.equal((await cellClasses(page)).filter((k) => k.includes('hint-cell')).length, 0, 'grade 1 shows no cell');
  await page.click('#hint');
  await page.waitForSelector('#hint-box[data-grade="2"]');
  const g2 = await page.textContent('#hint-text');
  const where = [...g2.matchAll(/r(\d)c(\d)/g)].map(([, r, c]) => (r - 1) * 9 + (c - 1));
  assert.ok(where.length > 0 && !/=>/.test(g2), `grade 2 says where to look: ${g2}`);
  const lit = (await cellClasses(page)).map((k, c) => (k.includes('hint-cell') ? c : -1)).filter((c) => c >= 0);
  assert.deepEqual(lit, where, 'and highlights those cells');
  await page.click('#hint');
  await page.waitForSelector('#hint-box[data-grade="3"]');
  ok(`graded hint: "${g1}" / "${g2}"`);
  const name = (await page.textContent('#hint-name')).trim();
  const diff = +(await page.getAttribute('#hint-box', 'data-difficulty'));
  const text = await page.textContent('#hint-text');
  assert.ok(name.length > 0, 'hint names its technique');
  assert.ok(diff >= 1000 && diff <= 20000, 'hint has a difficulty');
  assert.match(await page.textContent('#hint-diff'), /difficulty \d+\.\d/);
  assert.match(text, /^\d+\.\d .+ => /, 'hint text is a step');
  for (const [, r, c, d] of text.matchAll(/r(\d)c(\d)=(\d)/g))
    assert.equal(sol[(r - 1) * 9 + (c - 1)], d, 'a hinted placement is right');
  for (const [, r, c, d] of text.matchAll(/r(\d)c(\d)<>(\d)/g))
    assert.notEqual(sol[(r - 1) * 9 + (c - 1)], d, 'a hinted elimination is right');
  assert.match(await page.textContent('#message'), /1 of your digits is not part of the solution and was left out/);
  assert.equal(await gridValues(page), after, 'a hint fills nothing in');
  keep('hint.png', await page.screenshot({ fullPage: true }));
  ok(`hint: ${text.trim()}`);

  // {-- reveal: a valid complete grid that keeps the givens
  await page.click('#reveal');
  await page.waitForFunction(() => [...document.querySelectorAll('#grid .cell')].every((d) => d.dataset.value),
    null, { timeout: TIMEOUT });
  const full = await gridValues(page);
  assert.ok(validGrid(full), 'revealed grid obeys the rules');
  for (let c = 0; c < 81; c++) if (puzzle[c] !== '.') assert.equal(full[c], puzzle[c], 'givens kept');
  assert.equal(full, sol, 'revealed grid is the solution');
  const rc = await cellClasses(page);
  assert.match(rc[W], /\bcorrected\b/);
  assert.match(rc[R], /\bright\b/);
  keep('reveal.png', await page.screenshot({ fullPage: true }));
  ok('reveal fills a valid complete grid matching the puzzle');

  // {-- PNG downloads of the grid alone
  const a = await download(page, '#png-puzzle');
  const b = await download(page, '#png-solution');
  const pa = pngInfo(a.data), pb = pngInfo(b.data);
  keep(a.name, a.data);
  keep(b.name, b.data);
  assert.match(a.name, /^sudoku-\d+g-[0-9a-f]{8}-puzzle\.png$/, 'the file is named after the puzzle');
  assert.equal(b.name, a.name.replace('-puzzle.png', '-solution.png'));
  for (const q of [pa, pb]) {
    assert.ok(q.height > q.width && q.height < q.width * 1.2, 'the grid under a title line');
    assert.ok(q.width >= 300 && q.width <= 2000, 'sensible width');
    assert.ok(q.bytes > 3000 && q.bytes < 1000000, 'sensible size');
  }
  assert.ok(!a.data.equals(b.data) && pb.bytes > pa.bytes, 'solution image holds more digits');
  ok(`PNGs: puzzle ${pa.width}x${pa.height} ${pa.bytes} B, solution ${pb.bytes} B`);

  // {-- print: puzzle and solution, each on its own page
  await page.evaluate(() => { window.__prints = 0; window.print = () => { window.__prints++; }; });
  await page.click('#print-both');
  await page.waitForSelector('#print-area[data-pages="2"]', { state: 'attached', timeout: TIMEOUT });
  assert.equal(await page.evaluate(() => window.__prints), 1, 'print dialog asked for once');
  await page.emulateMedia({ media: 'print' });
  assert.equal(await page.isVisible('#app'), false, 'the page UI is not printed');
  assert.equal(await page.locator('.print-page').count(), 2);
  const printed = await page.$$eval('.print-grid', (gs) => gs.map((g) => [...g.children].map((d) => d.textContent || '.').join('')));
  assert.deepEqual(printed, [puzzle, sol], 'printed grids are the puzzle and the solution');
  const shot = await page.screenshot({ fullPage: true });
  keep('print-preview.png', shot);
  assert.ok(pngInfo(shot).bytes > 5000);
  const pdf2 = await page.pdf({ format: 'A4' });
  assert.equal(pdfPages(pdf2), 2, 'puzzle and solution print on two pages');
  keep('print.pdf', pdf2);
  await page.emulateMedia({ media: 'screen' });
  await page.click('#print-puzzle');
  await page.waitForSelector('#print-area[data-pages="1"]', { state: 'attached' });
  await page.emulateMedia({ media: 'print' });
  assert.equal(pdfPages(await page.pdf({ format: 'A4' })), 1, 'the puzzle alone prints on one page');
  await page.emulateMedia({ media: 'screen' });
  ok('print preview: 2 pages (puzzle, solution), 1 page for the puzzle alone');

  // {-- an ER band: the SE rating of the result lies in it
  const t0 = Date.now();
  await generate(page, 'er-3');
  await page.waitForSelector('body[data-rated="yes"]', { timeout: TIMEOUT });
  const band = +(await page.getAttribute('#rating-se', 'data-er'));
  assert.ok(band >= 2500 && band <= 3900, `band puzzle ER ${band}`);
  ok(`ER band 2.5-3.9: got ER ${band / 1000} in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

  // {-- a slow target shows progress, keeps the page responsive, cancels.
  // ER 9.5+ is very rare among random puzzles: the search runs for minutes.
  // Should it succeed before the cancel, that try is done again.
  let cancelled = false;
  for (let attempt = 0; attempt < 3 && !cancelled; attempt++) {
    const keep = await page.getAttribute('#grid', 'data-puzzle');
    await page.selectOption('#level', 'er-8');
    await page.click('#generate');
    await page.waitForFunction(() => /puzzles tried/.test(document.querySelector('#status').textContent) ||
      document.body.dataset.state === 'idle', null, { timeout: TIMEOUT });
    const frames = await page.evaluate(() => new Promise((res) => {
      let n = 0;
      const t = performance.now();
      const f = () => (performance.now() - t < 1000 ? (n++, requestAnimationFrame(f)) : res(n));
      requestAnimationFrame(f);
    }));
    const progress = await page.textContent('#status');
    if (!(await page.isVisible('#cancel'))) continue;      // found one already
    assert.ok(frames >= 10, `page keeps drawing while generating (${frames} frames/s)`);
    await page.click('#cancel');
    await page.waitForSelector('body[data-state="idle"]');
    if (await page.getAttribute('#grid', 'data-puzzle') !== keep) continue;
    assert.equal(await page.textContent('#status'), 'Generation cancelled.');
    await page.click(cellSel(keep.indexOf('.')));
    await page.click('#check');
    await page.waitForFunction(() => /Nothing to check/.test(document.querySelector('#message').textContent));
    ok(`slow band: "${progress}" (${frames} frames/s), cancelled; the puzzle stays, the new worker answers`);
    cancelled = true;
  }
  assert.ok(cancelled, 'a slow generation was cancelled');
  const easy = await generate(page, 'easy');
  assert.equal(solveAll(easy).length, 1);
  ok('generates again after the cancel');

  // {-- symmetric: the givens' pattern is the same turned by 180 degrees
  await page.check('#symmetric');
  const sym = await generate(page, 'medium');
  await page.uncheck('#symmetric');
  for (let c = 0; c < 81; c++) assert.equal(sym[c] === '.', sym[80 - c] === '.', `symmetric at ${c}`);
  assert.equal(solveAll(sym).length, 1);
  ok('symmetric puzzles have a 180-degree symmetric pattern');
}

// Hints followed from the start walk the SE path: typing each hinted digit
// (eliminations are remembered by the page) leads to the solution, and the
// hardest hint is the puzzle's ER.
async function hintWalk(page, puzzle) {
  await loadOwn(page, puzzle);
  await page.waitForFunction((p) => document.querySelector('#grid').dataset.puzzle === p &&
    document.body.dataset.rated === 'yes', puzzle, { timeout: TIMEOUT });
  const er = +(await page.getAttribute('#rating-se', 'data-er'));
  const sol = solveAll(puzzle)[0];
  let hardest = 0, steps = 0, elimSteps = 0, last = '', fullHouses = 0;
  const ms = [];
  for (;;) {
    await fullHint(page);
    const text = await page.textContent('#hint-text');
    // the title names the step the text describes (a Full House is not called a Hidden Single)
    const title = (await page.textContent('#hint-name')).trim();
    const named = /^\d+\.\d ([^:]+):/.exec(text);
    if (named) assert.equal(title, named[1], 'the hint title and its text name the same technique');
    if (named && named[1] === 'Full House') fullHouses++;
    ms.push(+(await page.getAttribute('#hint-box', 'data-ms')));
    if (/Every cell is filled/.test(text)) break;
    assert.notEqual(text, last, 'a hint never repeats');
    last = text;
    steps++;
    assert.ok(steps <= 200, 'the walk ends');
    hardest = Math.max(hardest, +(await page.getAttribute('#hint-box', 'data-difficulty')));
    const cell = +(await page.getAttribute('#hint-box', 'data-cell'));
    const digit = await page.getAttribute('#hint-box', 'data-digit');
    if (cell >= 0) {
      assert.equal(sol[cell], digit, 'hinted digit is right');
      await page.click(cellSel(cell));
      await page.keyboard.press(digit);
    } else {
      elimSteps++;
    }
  }
  assert.equal(await gridValues(page), sol);
  assert.equal(hardest, er, 'the hardest hint is the ER');
  ms.sort((a, b) => a - b);
  ok(`hints walk the SE path of an ER ${tenths(er)} puzzle: ${steps} steps ` +
     `(${elimSteps} eliminations, ${fullHouses} titled Full House), hardest ${tenths(hardest)}; ` +
     `a hint takes ${ms[Math.floor(ms.length / 2)].toFixed(1)} ms (median), ${ms[ms.length - 1].toFixed(1)} ms at most`);
  return fullHouses;
}

const tenths = (m) => {
  const t = Math.floor((m + 50) / 100);
  return `${Math.floor(t / 10)}.${t % 10}`;
};

async function loadOwn(page, puzzle) {
  if (!(await page.isVisible('#own'))) await page.click('.own summary');
  await page.fill('#own', puzzle);
  await page.click('#own-form button[type="submit"]');
}

// The page's ratings (the engine built for wasm32) against the native
// CLI's, puzzle by puzzle, through "Play your own puzzle".
async function sameRatings(page, file) {
  const t0 = Date.now();
  const lines = fs.readFileSync(file, 'utf8').split('\n').filter((l) => l.trim());
  for (const line of lines) {
    const f = line.trim().split(/\s+/);
    const [puzzle, ER, EP, ED, P] = [f[0], ...f.slice(-4)];
    await loadOwn(page, puzzle);
    await page.waitForFunction((p) => document.querySelector('#grid').dataset.puzzle === p &&
      document.body.dataset.rated === 'yes', puzzle, { timeout: TIMEOUT });
    const got = await page.$eval('#rating-se', (d) => [d.dataset.er, d.dataset.ep, d.dataset.ed]);
    assert.deepEqual(got.map((m) => tenths(+m)), [ER, EP, ED], `SE rating of ${puzzle}`);
    if (P !== '-') assert.equal(tenths(+(await page.getAttribute('#rating-xdrs', 'data-p'))), P, `XDRS P of ${puzzle}`);
  }
  ok(`${lines.length} puzzles rated in the page exactly as by the native CLI (SE ER/EP/ED, XDRS P) ` +
     `in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  // a puzzle with several solutions is refused, and the current one stays
  const keep = await page.getAttribute('#grid', 'data-puzzle');
  await loadOwn(page, '1' + '.'.repeat(80));
  await page.waitForFunction(() => /more than one solution/.test(document.querySelector('#message').textContent));
  assert.equal(await page.getAttribute('#grid', 'data-puzzle'), keep);
  ok('a puzzle with several solutions is refused');
}

async function fromDisk(browser) {
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  const urls = [];
  page.on('request', (r) => urls.push(r.url()));
  await page.goto('file://' + PAGE);
  await page.waitForSelector('body[data-state="idle"]', { timeout: TIMEOUT });
  const puzzle = await generate(page, 'medium');
  assert.equal(solveAll(puzzle).length, 1);
  for (const u of urls) assert.ok(u.startsWith('file://') || u.startsWith('blob:') || u.startsWith('data:'), u);
  await ctx.close();
  ok('the file works when opened from disk');
}

// {====== the playing aids: printing, focus, undo, notes, candidates,
// clashes, the address, a reload, the clock and the "solved" message

const peersOf = (c) => {
  const r = Math.floor(c / 9), k = c % 9, out = [];
  for (let o = 0; o < 81; o++) {
    const ro = Math.floor(o / 9), ko = o % 9;
    if (o !== c && (ro === r || ko === k ||
        (Math.floor(ro / 3) === Math.floor(r / 3) && Math.floor(ko / 3) === Math.floor(k / 3)))) out.push(o);
  }
  return out;
};

async function printedNow(page) {
  await page.evaluate(() => window.dispatchEvent(new Event('beforeprint')));
  return page.$$eval('#print-area .print-grid', (gs) => gs.map((g) => [...g.children].map((d) => d.textContent || '.').join('')));
}

async function studyFlow(browser, origin, p1, p2) {
  const ctx = await browser.newContext({ acceptDownloads: true });
  const page = await ctx.newPage();
  page.setDefaultTimeout(TIMEOUT);
  await page.goto(origin + '/');
  await page.waitForSelector('body[data-state="idle"]', { timeout: TIMEOUT });

  // the first screen holds a puzzle (Medium), and the browser's own Print shows it
  const first = await page.getAttribute('#grid', 'data-puzzle');
  const firstGivens = [...first].filter((ch) => ch !== '.').length;
  assert.ok(firstGivens >= 30 && firstGivens <= 35 && solveAll(first).length === 1, 'a medium puzzle at once');
  assert.deepEqual(await printedNow(page), [first], 'Ctrl+P before any Print button');
  await page.emulateMedia({ media: 'print' });
  assert.ok(await page.isVisible('#print-area .print-grid'), 'and it is what prints');
  await page.emulateMedia({ media: 'screen' });
  // after Print puzzle + solution and a new puzzle, Ctrl+P prints the new puzzle alone
  await loadOwn(page, p1);
  await page.waitForFunction((p) => document.querySelector('#grid').dataset.puzzle === p, p1);
  assert.deepEqual(await printedNow(page), [p1]);
  await page.evaluate(() => { window.print = () => {}; });
  await page.click('#print-both');
  await page.waitForSelector('#print-area[data-pages="2"]', { state: 'attached' });
  await loadOwn(page, p2);
  await page.waitForFunction((p) => document.querySelector('#grid').dataset.puzzle === p, p2);
  assert.deepEqual(await printedNow(page), [p2], 'Ctrl+P shows the current puzzle, alone');
  ok('the first screen is a puzzle; the browser\'s Print always shows the current one');

  // the address holds the puzzle
  assert.equal(new URL(page.url()).hash, '#' + p2);
  const sol = solveAll(p2)[0];
  const empties = [...p2].map((ch, c) => (ch === '.' ? c : -1)).filter((c) => c >= 0);

  // after Check and Hint the keyboard goes on typing into the grid
  const c0 = empties[0], c1 = empties[1], c2 = empties[2];
  await page.click(cellSel(c0));
  await page.click('#check');
  await page.keyboard.press(sol[c0]);
  assert.equal(await page.getAttribute(cellSel(c0), 'data-value'), sol[c0], 'a digit typed after Check');
  await fullHint(page);
  await page.keyboard.press('ArrowRight');
  const selAfter = await page.$eval('#grid .selected', (d) => +d.dataset.cell);
  assert.equal(selAfter, c0 % 9 === 8 ? c0 : c0 + 1, 'arrows move after Hint');
  ok('Check and Hint leave the keyboard on the grid');

  // undo and redo
  await page.click(cellSel(c1));
  await page.keyboard.press(sol[c1]);
  await page.click(cellSel(c2));
  await page.keyboard.press(sol[c2]);
  await page.keyboard.press('Control+z');
  assert.equal(await page.getAttribute(cellSel(c2), 'data-value'), '', 'Ctrl+Z takes the last digit out');
  await page.keyboard.press('Control+z');
  assert.equal(await page.getAttribute(cellSel(c1), 'data-value'), '');
  await page.keyboard.press('Control+y');
  assert.equal(await page.getAttribute(cellSel(c1), 'data-value'), sol[c1], 'Ctrl+Y puts it back');
  await page.click('#redo');
  assert.equal(await page.getAttribute(cellSel(c2), 'data-value'), sol[c2]);
  ok('undo and redo (Ctrl+Z, Ctrl+Y and the buttons)');

  // automatic candidates: the digits no placed peer holds, less what hints took out
  await page.click(cellSel(c0));
  await page.keyboard.press('Backspace');
  await page.check('#show-cands');
  const values = await gridValues(page);
  for (const c of empties.slice(0, 12)) {
    if (values[c] !== '.') continue;
    const seen = new Set(peersOf(c).map((o) => values[o]));
    const want = [...'123456789'].filter((d) => !seen.has(d)).join('');
    assert.equal(await page.getAttribute(cellSel(c), 'data-cands'), want, `candidates of cell ${c}`);
  }
  // a hint's eliminations are drawn struck among them
  await fullHint(page);
  const step = await page.evaluate(() => ({ cell: +document.querySelector('#hint-box').dataset.cell }));
  const struck = await page.$$eval('#grid .cands span.struck', (ss) => ss.length);
  assert.ok(step.cell >= 0 || struck > 0, 'a placement, or struck eliminations');
  keep('candidates.png', await page.screenshot({ fullPage: true }));
  await page.uncheck('#show-cands');
  ok(`candidates shown on demand (${struck} struck by the hint)`);

  // notes mode: digits become the player's own marks
  await page.click(cellSel(c0));
  await page.keyboard.press('n');
  await page.keyboard.press('3');
  await page.keyboard.press('7');
  assert.equal(await page.getAttribute(cellSel(c0), 'data-value'), '');
  assert.equal(await page.getAttribute(cellSel(c0), 'data-cands'), '37', 'notes 3 and 7');
  await page.keyboard.press('7');
  assert.equal(await page.getAttribute(cellSel(c0), 'data-cands'), '3', 'a second 7 takes the note out');
  await page.keyboard.press('n');
  ok('notes mode (N) keeps the player\'s marks apart from the digits');

  // clashes, when asked for
  const g = empties.find((c) => c !== c0 && peersOf(c).some((o) => p2[o] !== '.') && values[c] === '.');
  const clashDigit = p2[peersOf(g).find((o) => p2[o] !== '.')];
  await page.check('#clashes');
  await page.click(cellSel(g));
  await page.keyboard.press(clashDigit);
  assert.ok((await page.getAttribute(cellSel(g), 'class')).includes('clash'), 'a clashing digit is marked');
  await page.uncheck('#clashes');
  assert.ok(!(await page.getAttribute(cellSel(g), 'class')).includes('clash'), 'only when asked for');
  await page.keyboard.press('Backspace');
  ok('clashing digits marked as typed (an option)');

  // a reload keeps the digits and the notes; a link opens the same puzzle
  const before = await gridValues(page);
  await page.reload();
  await page.waitForFunction((p) => document.querySelector('#grid').dataset.puzzle === p, p2, { timeout: TIMEOUT });
  assert.equal(await gridValues(page), before, 'the digits are back after a reload');
  assert.equal(await page.getAttribute(cellSel(c0), 'data-cands'), '3', 'so are the notes');
  assert.match(await page.textContent('#timer'), /^\d+:\d\d$/);
  const other = await ctx.newPage();
  await other.goto(origin + '/#' + p1);
  await other.waitForFunction((p) => document.querySelector('#grid') && document.querySelector('#grid').dataset.puzzle === p,
    p1, { timeout: TIMEOUT });
  await other.close();
  ok('the address reopens the puzzle; a reload keeps the player\'s digits and notes');

  // typing while a puzzle is being generated changes nothing
  const frozen = await gridValues(page);
  await page.selectOption('#level', 'er-8');
  await page.click('#generate');
  await page.waitForSelector('body[data-state="generating"]');
  await page.click(cellSel(empties[5]));
  await page.keyboard.press(sol[empties[5]]);
  await page.keyboard.press('Control+z');
  assert.equal(await gridValues(page), frozen, 'no edit during generation');
  await page.click('#cancel');
  await page.waitForSelector('body[data-state="idle"]');
  ok('the keyboard does not edit the grid while a puzzle is generated');

  // the last right digit: "solved", and the clock stops
  await page.waitForFunction((p) => document.querySelector('#grid').dataset.puzzle === p, p2);
  for (const c of empties) {
    if ((await page.getAttribute(cellSel(c), 'data-value')) === sol[c]) continue;
    await page.click(cellSel(c));
    await page.keyboard.press(sol[c]);
  }
  await page.waitForSelector('body[data-solved="yes"]', { timeout: TIMEOUT });
  assert.match(await page.textContent('#message'), /^Solved in \d+:\d\d/);
  const t1 = await page.textContent('#timer');
  await page.waitForTimeout(1100);
  assert.equal(await page.textContent('#timer'), t1, 'the clock stopped');
  keep('solved.png', await page.screenshot({ fullPage: true }));
  ok(`solved message and a stopped clock (${t1})`);
  await ctx.close();
}

// }======

// On a 375x667 phone and in landscape: the grid and the pad on the first
// screen, the side panel under the grid; a desktop screenshot beside.
async function layouts(browser, origin) {
  const shots = [['desktop', 1280, 800], ['phone', 375, 667], ['landscape', 667, 375], ['tablet', 768, 1024]];
  for (const [name, width, height] of shots) {
    const ctx = await browser.newContext({ viewport: { width, height }, isMobile: name !== 'desktop' && name !== 'tablet' });
    const page = await ctx.newPage();
    page.setDefaultTimeout(TIMEOUT);
    const t0 = Date.now();
    await page.goto(origin + '/');
    await page.waitForSelector('body[data-state="idle"]', { timeout: TIMEOUT });
    const ready = Date.now() - t0;
    const box = async (sel) => page.$eval(sel, (e) => { const r = e.getBoundingClientRect(); return { x: r.x, y: r.y, w: r.width, h: r.height }; });
    const g = await box('#grid'), pad = await box('#pad'), check = await box('#check');
    assert.ok(g.x >= 0 && g.x + g.w <= width + 1, `${name}: the grid fits across`);
    if (g.y + g.h > height) keep(`layout-${name}-fail.png`, await page.screenshot());
    assert.ok(g.y + g.h <= height, `${name}: the whole grid on the first screen (bottom ${g.y + g.h})`);
    if (name === 'phone') {
      if (pad.y + pad.h > height) keep('layout-phone-fail.png', await page.screenshot());
      assert.ok(pad.y + pad.h <= height, `phone: the pad on the first screen (bottom ${pad.y + pad.h})`);
      assert.ok(check.y < height * 1.5, `phone: Check close below (y ${check.y})`);
    }
    if (name === 'tablet') {
      const left = g.x, right = width - g.x - g.w;
      assert.ok(Math.abs(left - right) < 40, `tablet: the grid centred (${left} | ${right})`);
    }
    keep(`layout-${name}.png`, await page.screenshot());
    ok(`${name} ${width}x${height}: puzzle ready in ${ready} ms; grid ${Math.round(g.y + g.h)} px down, ` +
       `pad ${Math.round(pad.y + pad.h)}, Check at ${Math.round(check.y)}`);
    await ctx.close();
  }
}

// The solving path drawn step by step: the list, each step's grid state
// (the previous state plus the previous step's effect), its pattern, its
// eliminations struck, its placement framed; next and previous.
async function pathFlow(page, puzzle) {
  await loadOwn(page, puzzle);
  await page.waitForFunction((p) => document.querySelector('#grid').dataset.puzzle === p &&
    document.body.dataset.rated === 'yes', puzzle, { timeout: TIMEOUT });
  const game = await gridValues(page);   // the player's digits (kept from an earlier visit)
  const t0 = Date.now();
  await page.click('#path-box summary');
  await page.waitForSelector('body[data-view="path"]');
  const ms = Date.now() - t0;
  const names = await page.$$eval('#path-list li', (ls) => ls.map((l) => l.textContent));
  assert.ok(names.length > 10, `${names.length} steps listed`);
  const hardest = names.reduce((b, n, i) => (parseFloat(n) > parseFloat(names[b]) ? i : b), 0);
  let prev = null, prevStep = null, chainShot = false, links = 0;
  for (let i = 0; i < names.length; i++) {
    if (i > 0) await page.keyboard.press('ArrowRight');
    await page.waitForFunction((k) => document.querySelector('#hint-name').textContent.startsWith(`Step ${k + 1} `), i);
    const values = await gridValues(page);
    const title = await page.textContent('#hint-name');
    const text = await page.textContent('#hint-text');
    const placed = await page.$$eval('#grid .place-cell', (ds) => ds.map((d) => +d.dataset.cell));
    const struck = await page.$$eval('#grid .cands span.struck', (ss) => ss.length);
    const focus = await page.$$eval('#grid .cands span.focus', (ss) => ss.length);
    if (prev) {
      // the state is the one before plus the step before's placement
      const want = [...prev];
      if (prevStep.placed.length) want[prevStep.placed[0]] = prevStep.digit;
      assert.equal(values, want.join(''), `state before step ${i + 1}`);
    } else {
      assert.equal(values, puzzle, 'the first state is the puzzle');
      // with its candidates: the digits no given peer holds
      const cands = await page.$$eval('#grid .cell', (ds) => ds.map((d) => d.dataset.cands || ''));
      for (let c = 0; c < 81; c++) {
        if (puzzle[c] !== '.') continue;
        const seen = new Set(peersOf(c).map((o) => puzzle[o]));
        assert.equal(cands[c], [...'123456789'].filter((d) => !seen.has(d)).join(''), `candidates of cell ${c}`);
      }
    }
    // what is struck or highlighted is a candidate shown
    const blank = await page.$$eval('#grid .cands span.struck, #grid .cands span.focus', (ss) => ss.filter((x) => !x.textContent).length);
    assert.equal(blank, 0, `step ${i + 1}: every struck or highlighted candidate is one the cell holds`);
    const m = /=> .*r(\d)c(\d)=(\d)/.exec(text);
    if (m) assert.deepEqual(placed, [(+m[1] - 1) * 9 + (+m[2] - 1)], `step ${i + 1}: the placement framed`);
    const elims = (text.split(" => ").pop().match(/<>/g) || []).length;
    if (elims) assert.ok(struck >= elims, `step ${i + 1}: ${struck} struck for ${elims} elimination groups`);
    assert.ok(focus > 0 || placed.length, `step ${i + 1}: its pattern or its placement shown (${title})`);
    if (i === hardest) keep('path-step.png', await page.screenshot({ fullPage: true }));
    // a chain's links are drawn, one arrow per "->" of its text
    const arrows = (text.split(/=>/)[0].match(/ -> /g) || []).length;
    const lines = await page.$$eval('#links line', (ls) => ls.length);
    assert.equal(lines, arrows, `step ${i + 1}: ${arrows} links drawn`);
    if (arrows && !chainShot) { chainShot = true; keep('path-chain.png', await page.screenshot({ fullPage: true })); links += lines; }
    prev = values;
    prevStep = { placed, digit: m ? m[3] : '' };
  }
  await page.keyboard.press('ArrowLeft');
  await page.waitForFunction((k) => document.querySelector('#hint-name').textContent.startsWith(`Step ${k} `), names.length - 1);
  // the same path under XDRS: the same placements in its own technique order, priced by its table
  if (await page.$('#path-table option[value="1"]')) {
    await page.selectOption('#path-table', '1');
    await page.waitForFunction(() => /\(XDRS\)/.test(document.querySelector('#hint-diff').textContent));
    const xn = await page.$$eval('#path-list li', (ls) => ls.length);
    assert.ok(xn > 10, `XDRS path: ${xn} steps`);
    ok(`the path under XDRS: ${xn} steps`);
    if (await page.$('#path-table option[value="2"]')) {
      await page.selectOption('#path-table', '2');
      await page.waitForFunction(() => /\(HODOKU\)/.test(document.querySelector('#hint-diff').textContent));
      const hn = await page.$$eval('#path-list li', (ls) => ls.length);
      assert.ok(hn > 10, `HoDoKu path: ${hn} steps`);
      ok(`the path under HoDoKu's table: ${hn} steps`);
    }
    await page.selectOption('#path-table', '0');
    await page.waitForFunction(() => /\(SE\)/.test(document.querySelector('#hint-diff').textContent));
  }
  await page.click('#path-close');
  await page.waitForSelector('body[data-view="game"]');
  assert.equal(await gridValues(page), game, 'back to the game, untouched');
  ok(`the solving path: ${names.length} steps in ${ms} ms, each state checked; hardest ${names[hardest]}` +
     (links ? `; a chain drawn with ${links} links` : ''));
}

async function main() {
  assert.ok(fs.existsSync(PAGE), `${PAGE}: build it with make web`);
  const server = await serve(PAGE);
  const origin = `http://127.0.0.1:${server.address().port}`;
  // launch() starts from a fresh temporary profile (--user-data-dir) of
  // its own; the flags keep Chromium from calling home on a closed network.
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
           '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const requests = [];
  const errors = [];
  let failed = false;
  try {
    const ctx = await browser.newContext({ acceptDownloads: true });
    ctx.on('request', (r) => requests.push(r.url()));
    ctx.on('weberror', (e) => errors.push(String(e.error())));
    const page = await ctx.newPage();
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
    page.setDefaultTimeout(TIMEOUT);
    await mainFlow(page, origin);
    if (process.env.SK_WEB_EXPECT) await sameRatings(page, process.env.SK_WEB_EXPECT);
    // from tools/sample-puzzles.txt: ER 4.4 (XYZ-Wing), eliminations on the way
    await hintWalk(page, '1.4...8...957.4.3..........9...52..6..8.9.4..5..64...3..........7.9.654...2...1.7');
    // a path with many last cells of a house (1.0 steps): each hint's title names the step as its text does
    await hintWalk(page, '.146..38.98.2.1.742.......9.5.1.8.93....5....89.3.2.1.3.......557.4.3.61.68..923.');
    await pathFlow(page, '1.4...8...957.4.3..........9...52..6..8.9.4..5..64...3..........7.9.654...2...1.7');
    // an ER 7.2 path with turbot fish and forcing chains: their links drawn
    await pathFlow(page, '..5..7.1.3.......72.961...8..47..6...2.....7...8..45..9...427.34.......5.3.9..8..');
    const foreign = requests.filter((u) => !(u.startsWith(origin + '/') || u.startsWith('blob:' + origin + '/') ||
                                            u.startsWith('data:')));
    assert.deepEqual(foreign, [], 'no request left the page\'s origin');
    ok(`${requests.length} requests, all to ${origin} (or its blob: URLs): ` +
       requests.map((u) => u.replace(origin, '').slice(0, 20)).join(' '));
    assert.deepEqual(errors, [], 'no page errors');
    await ctx.close();
    await studyFlow(browser, origin, '1.4...8...957.4.3..........9...52..6..8.9.4..5..64...3..........7.9.654...2...1.7',
                    '..8.2..16....4.59.......8.4.653.....7..1.6..2.....296.8.6.......54.9....91..6.2..');
    await layouts(browser, origin);
    await fromDisk(browser);
  } catch (err) {
    failed = true;
    console.error('FAIL:', err && err.stack || err);
  } finally {
    await browser.close();
    server.close();
  }
  if (failed) process.exit(1);
  console.log(`page.test.js: ${checks} checks passed`);
}

main();
