// The workbench page: board editor, PDN in and out, the check with its
// live progress, and the solution walked on the board. Plain JavaScript,
// no library; the server reads every FEN and PDN (the page never parses
// either), so the page and check agree on what they mean.
"use strict";

const $ = (id) => document.getElementById(id);
const SVGNS = "http://www.w3.org/2000/svg";
const state = {
  systems: [], sys: null, pieces: {}, side: "W", flipped: false, numbers: false,
  tags: [], view: null, moves: [], current: -1, controller: null,
};

// ---- server calls --------------------------------------------------------

async function api(path, body, raw) {
  const opt = { method: body === undefined ? "GET" : "POST" };
  if (body !== undefined) {
    if (raw) { opt.body = body; } else { opt.body = JSON.stringify(body); opt.headers = { "Content-Type": "application/json" }; }
  }
  const res = await fetch(path, opt);
  const type = res.headers.get("Content-Type") || "";
  if (!res.ok) {
    let msg = res.status + " " + res.statusText;
    if (type.startsWith("application/json")) { msg = (await res.json()).error || msg; }
    throw new Error(msg);
  }
  return type.startsWith("application/json") ? res.json() : res.text();
}

function showError(msg) {
  const e = $("error");
  e.textContent = msg || "";
  e.hidden = !msg;
}

function status(msg) { $("status").textContent = msg; }

// ---- the board -----------------------------------------------------------

function fenOf() {
  const sys = state.sys;
  const list = { w: [], b: [] };
  for (const sq of sys.squares) {
    const col = state.pieces[sq.name];
    if (!col) { continue; }
    const side = col[0].toLowerCase();
    let item = sq.name;
    if (col.length > 1) { item += "(" + col + ")"; } else if (col === "W" || col === "B") { item = "K" + item; }
    list[side].push(item);
  }
  return state.side + ":W" + list.w.join(",") + ":B" + list.b.join(",");
}

function squareXY(sq, n, size) {
  let row = sq.row, col = sq.col;
  if (state.flipped) { row = n - 1 - row; col = n - 1 - col; }
  return [col * size, row * size];
}

function drawBoard(pieces, arrows, last) {
  const sys = state.sys, n = sys.size, size = 56, svg = $("board");
  svg.setAttribute("viewBox", `0 0 ${n * size} ${n * size}`);
  svg.replaceChildren();
  const el = (name, attrs, parent) => {
    const x = document.createElementNS(SVGNS, name);
    for (const k in attrs) { x.setAttribute(k, attrs[k]); }
    (parent || svg).appendChild(x);
    return x;
  };
  el("rect", { width: n * size, height: n * size, class: "light" });
  const byName = {};
  for (const sq of sys.squares) {
    byName[sq.name] = sq;
    const [x, y] = squareXY(sq, n, size);
    const g = el("g", { class: "sq", "data-square": sq.name, transform: `translate(${x},${y})` });
    el("rect", { width: size, height: size, class: last && last.includes(sq.name) ? "dark last" : "dark" }, g);
    const label = state.numbers ? String(sq.num) : sq.name;
    el("text", { x: 3, y: 12, class: "coord" }, g).textContent = label;
    const col = pieces[sq.name];
    if (col) { drawColumn(el, g, col, size); }
  }
  el("defs", {}).innerHTML = '<marker id="head" viewBox="0 0 10 10" refX="6" refY="5" markerWidth="4" markerHeight="4" orient="auto-start-reverse"><path d="M0,0L10,5L0,10z"/></marker>';
  for (const a of arrows || []) {
    const pts = a.path.map((s) => byName[s]).filter(Boolean).map((sq) => {
      const [x, y] = squareXY(sq, n, size);
      return `${x + size / 2},${y + size / 2}`;
    });
    if (pts.length > 1) { el("polyline", { points: pts.join(" "), class: "arrow " + a.class, "marker-end": "url(#head)" }); }
  }
}

const PIECE_NAMES = { w: "white man", W: "white king", b: "black man", B: "black king" };

function drawColumn(el, g, col, size) {
  // A column is drawn as stacked discs, the top one last (Lasca), with
  // its height and, on hover, its pieces top to bottom.
  const h = col.length;
  if (h > 1) { el("title", {}, g).textContent = [...col].map((p) => PIECE_NAMES[p]).join(" over "); }
  for (let i = h - 1; i >= 0; i--) {
    const p = col[i], dy = (i - (h - 1) / 2) * 6;
    const c = el("circle", { cx: size / 2, cy: size / 2 + dy, r: size * 0.38, class: "piece " + (p.toLowerCase() === "w" ? "white" : "black") }, g);
    if (i === 0 && p === p.toUpperCase()) {
      c.classList.add("king");
      el("text", { x: size / 2, y: size / 2 + dy + 6, class: "crown " + (p === "W" ? "onwhite" : "onblack") }, g).textContent = "K";
    }
  }
  if (h > 1) { el("text", { x: size - 3, y: size - 3, class: "height" }, g).textContent = String(h); }
}

function showEditor() {
  state.view = null;
  $("viewing").hidden = true;
  drawBoard(state.pieces, [], null);
  $("fen").value = fenOf();
  $("side").value = state.side;
  document.querySelectorAll(".move.current").forEach((m) => m.classList.remove("current"));
}

function showPosition(pos, arrows, label, last) {
  state.view = pos;
  $("viewing").hidden = false;
  $("viewlabel").textContent = label;
  drawBoard(pos.pieces, arrows, last);
}

function onSquare(name, shift) {
  if (state.view) { return; }
  const tool = document.querySelector('input[name="tool"]:checked').value;
  const cur = state.pieces[name] || "";
  if (!tool) {
    delete state.pieces[name];
  } else if (state.sys.columns && (shift || $("stack").checked) && cur) {
    state.pieces[name] = cur + tool;
  } else if (cur === tool) {
    delete state.pieces[name];
  } else {
    state.pieces[name] = tool;
  }
  showEditor();
}

async function setFEN(fen) {
  const p = await api("/api/position", { variant: state.sys.id, fen });
  state.pieces = p.pieces;
  state.side = p.side;
  showEditor();
}

function setSystem(id) {
  state.sys = state.systems.find((s) => s.id === id);
  $("variant").value = id;
  $("stacklabel").hidden = !state.sys.columns;
  $("coordslabel").textContent = state.sys.notation === "numeric" ? "algebraic coordinates" : "square numbers";
  state.numbers = (state.sys.notation === "numeric") !== $("coords").checked;
}

// ---- the composition -----------------------------------------------------

function entry() {
  return {
    variant: state.sys.id, fen: fenOf(), genre: $("genre").value, stipulation: $("stipulation").value,
    author: $("author").value, source: $("source").value, event: $("event").value,
    solution: $("solution").value, tags: state.tags,
  };
}

async function load(e) {
  setSystem(e.variant);
  await setFEN(e.fen); // first: a broken FEN leaves the form as it was
  const genre = e.genre || "";
  if (![...$("genre").options].some((o) => o.value === genre)) {
    // A genre as the file writes it (этюд, практическая проблема) is kept.
    const o = document.createElement("option");
    o.textContent = genre;
    $("genre").appendChild(o);
  }
  $("genre").value = genre;
  $("stipulation").value = e.stipulation || "win";
  $("author").value = e.author || "";
  $("source").value = e.source || "";
  $("event").value = e.event || "";
  $("solution").value = e.solution || "";
  state.tags = e.tags || [];
  $("tagsbox").hidden = state.tags.length === 0;
  $("tags").textContent = state.tags.map((t) => `[${t[0]} "${t[1]}"]`).join(" ");
}

async function readPDN(body) {
  const res = await api("/api/parse", body, true);
  const sel = $("entries");
  sel.replaceChildren();
  state.parsed = res.entries;
  res.entries.forEach((x, i) => {
    const o = document.createElement("option");
    o.value = i;
    o.textContent = x.error ? `${x.index || "?"}. error: ${x.error}` : x.title;
    o.disabled = !!x.error;
    sel.appendChild(o);
  });
  sel.hidden = res.entries.length === 0;
  const errors = res.entries.filter((x) => x.error).map((x) => x.error);
  showError(errors.join("\n"));
  const first = res.entries.findIndex((x) => !x.error);
  if (first >= 0) { sel.value = first; await load(res.entries[first].entry); }
  status(`${res.name}: ${res.entries.length} composition(s)`);
}

async function download() {
  const text = await api("/api/pdn", entry());
  const a = document.createElement("a");
  a.href = URL.createObjectURL(new Blob([text], { type: "application/x-pdn" }));
  a.download = "composition.pdn";
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

// ---- the check -----------------------------------------------------------

async function check() {
  showError("");
  const ctl = new AbortController();
  state.controller = ctl;
  $("check").disabled = true;
  $("stop").disabled = false;
  $("progress").textContent = "starting…";
  let res;
  try {
    res = await fetch("/api/check", { method: "POST", body: JSON.stringify(entry()), headers: { "Content-Type": "application/json" }, signal: ctl.signal });
    if (!res.ok) {
      const body = await res.json().catch(() => ({}));
      throw new Error(body.error || res.status + " " + res.statusText);
    }
    await readEvents(res.body, onEvent);
  } catch (err) {
    if (err.name === "AbortError") { $("progress").textContent = "stopped"; } else { showError(err.message); $("progress").textContent = ""; }
  } finally {
    state.controller = null;
    $("check").disabled = false;
    $("stop").disabled = true;
  }
}

async function readEvents(body, fn) {
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  let buf = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) { return; }
    buf += value;
    let i;
    while ((i = buf.indexOf("\n\n")) >= 0) {
      const block = buf.slice(0, i);
      buf = buf.slice(i + 2);
      let event = "message", data = "";
      for (const line of block.split("\n")) {
        if (line.startsWith("event: ")) { event = line.slice(7); } else if (line.startsWith("data: ")) { data += line.slice(6); }
      }
      fn(event, data ? JSON.parse(data) : null);
    }
  }
}

function onEvent(event, d) {
  const p = $("progress");
  switch (event) {
    case "queued": p.textContent = `waiting for a free slot: ${d.ahead} check(s) ahead`; break;
    case "note": p.textContent = d.message; break;
    case "build": p.textContent = `building endgame databases: ${Math.floor(100 * d.done / Math.max(1, d.total))}%`; break;
    case "progress":
      p.textContent = `${d.nodes.toLocaleString("en")} nodes, ${d.decided} of ${d.moves} first moves decided, ${d.seconds.toFixed(1)} s`;
      break;
    case "report": showReport(d); break;
    case "error": if (d.error === "stopped") { p.textContent = "stopped"; } else { showError(d.error); p.textContent = ""; } break;
  }
}

function showReport(r) {
  $("progress").innerHTML = "";
  const v = document.createElement("span");
  v.className = "verdict verdict-" + r.verdict;
  v.id = "verdict";
  v.textContent = r.verdict;
  $("progress").append("verdict: ", v, ` — score ${r.score.toFixed(2)}; ${r.nodes.toLocaleString("en")} nodes, ${r.seconds.toFixed(1)} s${r.cached ? " (from the store)" : ""}`);
  if (r.internal) { showError(r.internal); }
  if (r.author_errors && r.author_errors.length) { showError(r.author_errors.join("\n")); }
  $("report").innerHTML = r.html;
  showSolutions(r.solutions || []);
}

// ---- the solution --------------------------------------------------------

function showSolutions(sols) {
  const box = $("solutions");
  box.replaceChildren();
  state.moves = [];
  for (const sol of sols) {
    if (sol.name) { const h = document.createElement("h3"); h.textContent = sol.name; box.appendChild(h); }
    const start = document.createElement("button");
    start.type = "button";
    start.className = "linkish";
    start.textContent = "initial position";
    start.onclick = () => showPosition(sol.start, [], "initial position", null);
    box.appendChild(start);
    const ul = document.createElement("ul");
    ul.className = "movelist";
    addMoves(ul, sol.tree, null, sol, []);
    box.appendChild(ul);
    box.appendChild(linesTable(sol));
    if (sol.marks.length) {
      const h = document.createElement("h4");
      h.textContent = "cooks, duals, tries on the board";
      box.appendChild(h);
      const ml = document.createElement("ul");
      ml.className = "marks";
      for (const m of sol.marks) {
        const li = document.createElement("li");
        const b = document.createElement("button");
        b.type = "button";
        b.className = "linkish mark-" + m.kind.replace(" ", "-");
        b.textContent = m.title;
        b.onclick = () => showPosition(m.pos, m.arrows, m.title, null);
        li.appendChild(b);
        ml.appendChild(li);
      }
      box.appendChild(ml);
    }
  }
}

function addMoves(ul, moves, parent, sol, line) {
  moves.forEach((m, i) => {
    const li = document.createElement("li");
    const b = document.createElement("button");
    b.type = "button";
    b.className = "move" + (m.main ? " main" : "") + (m.white ? " w" : " b");
    b.textContent = (m.white ? "W " : "B ") + m.text + (m.note ? ` (${m.note})` : "");
    const entry = { m, parent, siblings: moves, index: i, button: b, li, line: line.concat(m.text), children: [] };
    if (parent) { parent.children.push(entry); }
    entry.id = state.moves.push(entry) - 1;
    b.onclick = () => select(entry.id);
    if (m.children && m.children.length) {
      // Only the main line is open at first; the toggle opens the others.
      const open = m.main && (!parent || parent.li.classList.contains("open"));
      li.className = open ? "open" : "closed";
      const t = document.createElement("button");
      t.type = "button";
      t.className = "toggle";
      t.setAttribute("aria-label", "show or hide the moves after " + m.text);
      t.onclick = () => { li.classList.toggle("open"); li.classList.toggle("closed"); };
      li.appendChild(t);
    }
    li.appendChild(b);
    if (m.children && m.children.length) {
      const sub = document.createElement("ul");
      addMoves(sub, m.children, entry, sol, entry.line);
      li.appendChild(sub);
    }
    ul.appendChild(li);
  });
}

function select(id) {
  const e = state.moves[id];
  if (!e) { return; }
  state.current = id;
  document.querySelectorAll(".move.current").forEach((m) => m.classList.remove("current"));
  e.button.classList.add("current");
  for (let a = e.parent; a; a = a.parent) { a.li.classList.add("open"); a.li.classList.remove("closed"); }
  e.button.scrollIntoView({ block: "nearest" });
  showPosition(e.m.after, [{ path: e.m.path, class: "tree" }], "after " + e.line.join(" "), e.m.path);
}

function step(key) {
  const e = state.moves[state.current];
  if (!e) { if (state.moves.length) { select(0); } return; }
  let next = null;
  if (key === "ArrowRight") { next = e.children.find((c) => c.m.main) || e.children[0]; }
  if (key === "ArrowLeft") { next = e.parent; if (!next) { showEditor(); state.current = -1; return; } }
  const sib = state.moves.filter((x) => x.parent === e.parent && x.siblings === e.siblings);
  if (key === "ArrowDown") { next = sib[e.index + 1]; }
  if (key === "ArrowUp") { next = sib[e.index - 1]; }
  if (next) { select(next.id); }
}

function linesTable(sol) {
  const div = document.createElement("div");
  div.className = "lines";
  const a = sol.author || [], s = sol.solver || [];
  const same = a.length === s.length && a.every((x, i) => x === s[i]);
  if (!a.length) { div.textContent = "No author's solution given: the solver's line is the tree's main line."; return div; }
  if (same) { div.textContent = "The author's main line is the solver's."; return div; }
  const t = document.createElement("table");
  t.innerHTML = "<caption>the author's line and the solver's, where they differ</caption><tr><th>#</th><th>author</th><th>solver</th></tr>";
  for (let i = 0; i < Math.max(a.length, s.length); i++) {
    const tr = document.createElement("tr");
    if (a[i] !== s[i]) { tr.className = "differ"; }
    for (const x of [String(i + 1), a[i] || "", s[i] || ""]) { const td = document.createElement("td"); td.textContent = x; tr.appendChild(td); }
    t.appendChild(tr);
  }
  div.appendChild(t);
  return div;
}

// ---- wiring --------------------------------------------------------------

function guard(fn) {
  return (ev) => Promise.resolve(fn(ev)).catch((err) => showError(err.message));
}

async function init() {
  state.systems = await api("/api/systems");
  for (const s of state.systems) {
    const o = document.createElement("option");
    o.value = s.id;
    o.textContent = s.name;
    $("variant").appendChild(o);
  }
  setSystem("russian");
  await setFEN(state.sys.initial);
  $("board").addEventListener("click", (ev) => {
    const g = ev.target.closest("[data-square]");
    if (g) { onSquare(g.dataset.square, ev.shiftKey); }
  });
  $("variant").onchange = guard(async () => { setSystem($("variant").value); await setFEN(state.sys.initial); });
  $("side").onchange = () => { state.side = $("side").value; showEditor(); };
  $("clear").onclick = () => { state.pieces = {}; showEditor(); };
  $("initial").onclick = guard(() => setFEN(state.sys.initial));
  $("flip").onclick = () => { state.flipped = !state.flipped; if (state.view) { select(state.current); } else { showEditor(); } };
  $("coords").onchange = () => { setSystem(state.sys.id); showEditor(); };
  $("setfen").onclick = guard(() => setFEN($("fen").value));
  $("fen").addEventListener("keydown", (ev) => { if (ev.key === "Enter") { ev.preventDefault(); guard(() => setFEN($("fen").value))(); } });
  $("backedit").onclick = showEditor;
  $("check").onclick = guard(check);
  $("stop").onclick = () => { if (state.controller) { state.controller.abort(); } };
  $("download").onclick = guard(download);
  $("readpdn").onclick = guard(() => readPDN($("pdntext").value));
  $("file").onchange = guard(() => {
    const f = $("file").files[0];
    if (!f) { return; }
    const fd = new FormData();
    fd.append("file", f);
    return readPDN(fd);
  });
  $("entries").onchange = guard(() => load(state.parsed[$("entries").value].entry));
  document.addEventListener("keydown", (ev) => {
    if (ev.target.closest("input, textarea, select")) { return; }
    if (["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"].includes(ev.key) && state.moves.length) {
      ev.preventDefault();
      step(ev.key);
    }
  });
  status("ready");
}

init().catch((err) => showError(err.message));
