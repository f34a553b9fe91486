// The web calculator's page: a tile picker and notation box kept in sync, rule-set options and win facts
// generated from the server's metadata, and the result of /api/score, /api/waits or /api/analyze.
// Everything the page knows about tiles, rules and scores comes from the JSON API; this file only draws it.
"use strict";

const $ = (sel) => document.querySelector(sel);
const T = (key, vars) => window.MJ_I18N.t(state.lang, key, vars);

const state = {
  lang: "zh",
  rules: "guobiao",
  text: "",                       // the notation box: the hand as shared in the URL
  hand: { melds: [], concealed: [], flowers: [], win_tile: null, tile_count: 0 },
  options: {},                    // config options changed from their defaults
  context: {},                    // win facts changed from their defaults
  mode: "tile",                   // what a tap on the picker adds
  seat: 1,                        // the seat a meld is claimed from (1 left, 2 across, 3 right)
};
let TILES = [];                   // /api/tiles
let BY_CODE = {};
let RULESETS = [];                // /api/rules
let META = { options: [], context: [], tiles: [], flowers: true, hand_size: 13 };   // /api/rules/NAME
let seq = 0;                      // the newest request; older answers are dropped

const MODES = ["tile", "win", "chow", "pung", "kong", "concealed_kong", "added_kong"];
const SEATS = [1, 2, 3];

// --- small helpers -----------------------------------------------------------------------

async function api(path, body) {
  const init = body === undefined ? {} : {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  };
  const res = await fetch(path, init);
  let data = null;
  try { data = await res.json(); } catch (e) { data = { error: T("serverDown") }; }
  if (!res.ok) {
    const text = data && (state.lang === "zh" ? data.error_zh || data.error : data.error);
    const err = new Error(text || T("serverDown"));
    err.code = data && data.code;
    err.kind = data && data.kind;
    err.status = res.status;
    throw err;
  }
  return data;
}

function tileName(code) {            // a tile named in the interface's language (its code in English)
  const t = BY_CODE[code];
  return t ? (state.lang === "zh" ? t.zh : t.code) : code;
}

function tileChip(code, attrs) {      // a tile as its picture (drawn from paths: no font needed) and its code
  const t = BY_CODE[code] || { image: "", zh: code, code };
  return el("button", Object.assign({ type: "button", class: "tile", "aria-label": tileName(code) }, attrs),
    el("img", { src: t.image, alt: "", "aria-hidden": "true", draggable: "false" }),
    el("span", { class: "code", text: t.code }));
}

function tileText(code) {            // a tile in running text: its name in the interface's language
  return tileName(code);
}

// --- notation <-> hand -------------------------------------------------------------------

function compact(codes) {            // ["1m","2m","3m","E"] -> "123mE", as the notation writes it
  let out = "", run = "", suit = "";
  for (const c of codes) {
    const m = /^([1-9])([mps])$/.exec(c);
    if (m && m[2] === suit) { run += m[1]; continue; }
    if (run) out += run + suit;
    run = ""; suit = "";
    if (m) { run = m[1]; suit = m[2]; } else out += c;
  }
  if (run) out += run + suit;
  return out;
}

function sortCodes(codes) {
  return codes.slice().sort((a, b) => BY_CODE[a].id - BY_CODE[b].id);
}

function formatHand(h) {
  const parts = h.melds.map((m) => {
    let seat = m.claimed_from ? `,${m.claimed_from}` : "";
    if (m.kind === "added_kong") seat = `,${m.claimed_from || ""}+`;
    return `[${compact(m.tiles)}${seat}]`;
  });
  const rest = h.concealed.slice();
  if (h.win_tile) rest.splice(rest.lastIndexOf(h.win_tile), 1);
  let body = compact(sortCodes(rest));
  if (h.win_tile) body += (body ? " " : "") + h.win_tile;
  if (body) parts.push(body);
  if (h.flowers.length) parts.push(" " + compact(sortCodes(h.flowers)));
  return parts.join("").trim();
}

function tileCount(h) {
  return h.concealed.length + 3 * h.melds.length;
}

function copiesUsed(code, h) {
  let n = h.concealed.filter((c) => c === code).length;
  for (const m of h.melds) n += m.tiles.filter((c) => c === code).length;
  return n + h.flowers.filter((c) => c === code).length;
}

// --- the picker --------------------------------------------------------------------------

function inGame(t) {                 // the rule set plays this tile (its wall: META.tiles, META.flowers)
  return t.flower ? META.flowers : META.tiles.includes(t.code);
}

function buildPicker() {              // the rule set's tiles only: no honors in Sichuan, no flowers without them
  const picker = $("#picker");
  picker.querySelectorAll(".picker-row").forEach((n) => n.remove());
  const rows = [["m", (t) => t.id < 9], ["p", (t) => t.id >= 9 && t.id < 18], ["s", (t) => t.id >= 18 && t.id < 27],
    ["z", (t) => t.id >= 27 && t.id < 34], ["f", (t) => t.flower]];
  for (const [suit, pick] of rows) {
    const shown = TILES.filter(pick).filter(inGame);
    if (!shown.length) continue;
    const row = el("div", { class: "tiles picker-row", role: "group", "data-i18n-label": `suit_${suit}`,
      "aria-label": T(`suit_${suit}`) });
    for (const t of shown) {
      row.append(tileChip(t.code, { "data-code": t.code, "aria-label": tileName(t.code),
        on: { click: () => tap(t.code) } }));
    }
    picker.append(row);
  }
  $("#flowers-row").hidden = !META.flowers;
}

function buildEntry() {
  const box = $("#entry-modes");
  for (const m of MODES) {
    const id = `mode-${m}`;
    box.append(el("label", { class: "chip", for: id },
      el("input", { type: "radio", name: "mode", id, value: m, checked: m === state.mode,
        on: { change: () => { state.mode = m; renderEntry(); } } }),
      el("span", { "data-i18n": `mode_${m}` })));
  }
  const seat = $("#claim-seat");
  for (const s of SEATS) seat.append(el("option", { value: String(s), "data-i18n": `from_${s}` }));
  seat.addEventListener("change", () => { state.seat = Number(seat.value); });
  $("#clear").addEventListener("click", () => {
    state.hand = { melds: [], concealed: [], flowers: [], win_tile: null, tile_count: 0 };
    handEdited();
    $("#notation").focus();
  });
}

function renderEntry() {
  const needsSeat = ["chow", "pung", "kong", "added_kong"].includes(state.mode);
  const seat = $("#claim-seat");
  seat.disabled = !needsSeat || state.mode === "chow";
  if (state.mode === "chow") seat.value = "1";
  else seat.value = String(state.seat);
}

function tap(code) {                 // a tap on the picker adds the tile the way the entry mode says
  const h = state.hand;
  const t = BY_CODE[code];
  hideError();
  if (!inGame(t)) return showError(T("notInGame", { tile: tileText(code) }));
  if (t.flower) {
    if (h.flowers.includes(code)) return showError(T("flowerTwice", { tile: tileText(code) }));
    h.flowers.push(code);
    return handEdited();
  }
  const mode = state.mode;
  let tiles;
  if (mode === "tile" || mode === "win") tiles = [code];
  else if (mode === "chow") {
    if (t.id >= 27 || t.id % 9 > 6) return showError(T("badChow", { tile: tileText(code) }));
    tiles = [0, 1, 2].map((d) => TILES[t.id + d].code);
  } else if (mode === "pung") tiles = [code, code, code];
  else tiles = [code, code, code, code];
  for (const c of new Set(tiles)) {
    if (copiesUsed(c, h) + tiles.filter((x) => x === c).length > 4) {
      return showError(T("fifthCopy", { tile: tileText(c) }));
    }
  }
  if (mode === "tile") h.concealed.push(code);
  else if (mode === "win") { h.concealed.push(code); h.win_tile = code; }
  else {
    const seat = mode === "concealed_kong" ? null : mode === "chow" ? 1 : state.seat;
    h.melds.push({ kind: mode, tiles, claimed_from: seat });
  }
  // a hand that reaches a complete size wins on the tile that completed it, until another is marked
  if (mode === "tile" && h.win_tile === null && tileCount(h) >= 14 && tileCount(h) % 3 === 2) h.win_tile = code;
  handEdited();
}

function handEdited() {              // the picker changed the hand: rewrite the notation box from it
  const h = state.hand;
  if (h.win_tile && !h.concealed.includes(h.win_tile)) h.win_tile = null;
  if (h.win_tile && tileCount(h) % 3 === 1) h.win_tile = null;   // a waiting hand has no winning tile yet
  state.text = formatHand(h);
  $("#notation").value = state.text;
  renderHand();
  changed();
}

function renderHand() {
  const h = state.hand;
  const melds = $("#melds");
  melds.replaceChildren(...h.melds.map((m, i) => el("div", { class: "meld" },
    el("div", { class: "tiles" }, m.tiles.map((c) => tileChip(c, {
      tabindex: "-1", "aria-hidden": "true", class: "tile small" + (m.kind === "concealed_kong" ? " back" : ""),
    }))),
    el("button", { type: "button", class: "meld-label", dataset: { meld: String(i) },
      "aria-label": T("removeMeld", { meld: meldText(m) }),
      on: { click: () => { h.melds.splice(i, 1); handEdited(); } } }, meldLabel(m)))));
  const rest = h.concealed.slice();
  if (h.win_tile) rest.splice(rest.lastIndexOf(h.win_tile), 1);
  const removeAt = (code) => () => {
    h.concealed.splice(h.concealed.indexOf(code), 1);
    if (code === h.win_tile && !h.concealed.includes(code)) h.win_tile = null;
    handEdited();
  };
  $("#concealed").replaceChildren(...sortCodes(rest).map((c) => tileChip(c, {
    class: "tile in-hand", "aria-label": T("removeTile", { tile: tileName(c) }),
    title: T("tapToRemove"), on: { click: () => {
      if (state.mode === "win") { h.win_tile = c; handEdited(); } else removeAt(c)();
    } } })));
  $("#win-tile").replaceChildren(...(h.win_tile ? [tileChip(h.win_tile, {
    class: "tile in-hand win", "aria-label": T("removeWin", { tile: tileName(h.win_tile) }),
    on: { click: () => removeAt(h.win_tile)() } })] : [el("span", { class: "help", text: T("noWinTile") })]));
  $("#flowers").replaceChildren(...h.flowers.map((c) => tileChip(c, {
    class: "tile in-hand small", "aria-label": T("removeTile", { tile: tileName(c) }),
    on: { click: () => { h.flowers.splice(h.flowers.indexOf(c), 1); handEdited(); } } })));
  const n = tileCount(h);
  $("#tile-count").textContent = T("tileCount", { n });
  for (const b of document.querySelectorAll("#picker button[data-code]")) {
    const code = b.dataset.code;
    b.classList.toggle("used-up", BY_CODE[code].flower ? h.flowers.includes(code) : copiesUsed(code, h) >= 4);
  }
}

function meldLabel(m) {
  const kind = T(`mode_${m.kind}`);
  return m.claimed_from ? `${kind} · ${T(`from_${m.claimed_from}`)}` : kind;
}

function meldText(m) {
  return `${meldLabel(m)} ${m.tiles.map(tileText).join("")}`;
}

let typingTimer = null;
function typed() {                   // the notation box changed: read it on the server, redraw the picker's hand
  state.text = $("#notation").value;
  seq++;                             // answers for the text before this keystroke are stale now
  pending();
  clearTimeout(computeTimer);
  clearTimeout(typingTimer);
  typingTimer = setTimeout(readNotation, 120);
}

async function readNotation() {
  const mine = ++seq;
  if (!state.text.trim()) {
    state.hand = { melds: [], concealed: [], flowers: [], win_tile: null, tile_count: 0 };
    renderHand();
    hideError();
    changed(mine);
    return;
  }
  try {
    const h = await api("/api/parse", { hand: state.text });
    if (mine !== seq) return;
    state.hand = h;
    hideError();
    renderHand();
    changed(mine);
  } catch (e) {
    if (mine !== seq) return;
    showError(e.message, true);
    writeURL();
    $("#result").replaceChildren();
  }
}

function showError(msg, fromEngine) {
  // the engine's messages come in the interface's language (the API sends error and error_zh)
  const box = $("#hand-error");
  box.replaceChildren(el("span", { class: "error-head", text: T("inputError") }),
    el("span", { class: fromEngine ? "engine-message" : "page-message", text: msg }));
  box.hidden = false;
}

function problem(id, head, msg, role) {
  return el("p", { class: "error", id, role }, el("span", { class: "error-head", text: T(head) }),
    el("span", { class: "engine-message", text: msg }));
}

function hideError() {
  $("#hand-error").hidden = true;
}

// --- rule sets, options, win facts ---------------------------------------------------------

function buildRulesets() {
  const sel = $("#ruleset");
  sel.replaceChildren(...RULESETS.map((r) => el("option", { value: r.name, text: rulesetTitle(r) })));
  sel.value = state.rules;
  sel.onchange = async () => {
    state.rules = sel.value;
    for (const store of [state.options, state.context]) for (const k of Object.keys(store)) delete store[k];
    $("#facts-form").dataset.ruleset = "";   // loading: the forms of the new rule set come next
    await loadRuleset();
    changed();
  };
}

function rulesetTitle(r) {
  return (state.lang === "zh" ? r.name_zh : r.name_en) || r.name;
}

async function loadRuleset() {
  META = await api(`/api/rules/${encodeURIComponent(state.rules)}`);
  const r = RULESETS.find((x) => x.name === state.rules) || {};
  $("#ruleset-summary").textContent = (state.lang === "zh" ? r.summary_zh : r.summary_en) || "";
  if (TILES.length) buildPicker();
  buildOptions();
  buildFacts();
}

function doc(f) {                      // a field's help for a player, in the page's language (the report's words)
  if (f.help) return f.help[state.lang] || "";
  return (state.lang === "zh" ? f.doc_zh : f.doc_en) || "";
}

function helpNode(text) {              // help text, the option names and values in it set as code (in Chinese
  const p = el("p", { class: "help" }); // text every Latin word is one: an option's name or value)
  for (const part of text.split(/([A-Za-z_][A-Za-z0-9_]*)/)) {
    if (!part) continue;
    p.append(/^[A-Za-z_]/.test(part) && (part.includes("_") || state.lang === "zh")
      ? el("code", { text: part }) : document.createTextNode(part));
  }
  return p;
}

// The win facts every rule set shares get widgets that speak of seats and winds; every other field's widget
// follows its type (bool -> checkbox, whole number -> number box, a Literal[...] -> a choice, else text).
const SEAT_FACTS = ["winner", "dealer"];
const WIND_FACTS = ["seat_wind", "prevalent_wind"];
const HIDDEN_FACTS = ["self_drawn"];      // said by the discarder choice: none = self-drawn
const TILE_FACTS = ["indicator", "caishen"];  // a tile kind (the flipped indicator, the wildcard)
const SEAT_OR_NONE_FACTS = ["kong_from"];

function seatsOfRuleset() {
  const r = RULESETS.find((x) => x.name === state.rules);
  return (r && r.seats) || [0, 1, 2, 3];
}

function windOfSeat(seat) {
  const dealer = Number(state.context.dealer || 0);
  return (seat - dealer + 4) % 4;
}

function seatText(seat) {
  const dealer = Number(state.context.dealer || 0);
  const bits = [T("seat", { n: seat }), T(`wind_${windOfSeat(seat)}`)];
  if (seat === dealer) bits.push(T("dealer"));
  return bits.join(" · ");
}

function literalChoices(type) {
  const m = /^Literal\[(.*)\]$/.exec(type || "");
  if (!m) return null;
  return m[1].split(",").map((x) => x.trim()).map((x) => {
    try { return JSON.parse(x.replace(/^'(.*)'$/, '"$1"')); } catch (e) { return x; }
  });
}

function readText(text, f) {           // a text box's value as the API takes it
  const v = text.trim();
  if (v === "") return f.default;
  if (/^[\[{]/.test(v) || /^-?\d+$/.test(v)) { try { return JSON.parse(v); } catch (e) { return v; } }
  return v;
}

function field(f, store, prefix) {       // one form control generated from a field's metadata
  const id = `${prefix}-${f.name}`;
  const cur = f.name in store ? store[f.name] : f.default;
  let set = (v) => {
    if (JSON.stringify(v) === JSON.stringify(f.default) || v === undefined) delete store[f.name];
    else store[f.name] = v;
    if (prefix === "ctx" && SEAT_FACTS.includes(f.name)) buildFacts();
    changed();
  };
  const select = (choices, value) => {
    const node = el("select", { id, on: { change: (e) => set(JSON.parse(e.target.value)) } },
      choices.map(([v, text]) => el("option", { value: JSON.stringify(v), text })));
    node.value = JSON.stringify(value);
    return node;
  };
  const type = String(f.type || "");
  if (prefix === "opt") {                // an option that switches facts on or off redraws them
    const setOpt = set;
    set = (v) => { setOpt(v); buildFacts(); };
  }
  let control;
  if (prefix === "ctx" && SEAT_FACTS.includes(f.name)) {
    control = select(seatsOfRuleset().map((s) => [s, seatText(s)]), cur === null ? 0 : cur);
  } else if (prefix === "ctx" && f.name === "discarder") {
    const winner = Number(state.context.winner || 0);
    const others = seatsOfRuleset().filter((s) => s !== winner);
    control = select([[null, T("selfDrawnChoice")], ...others.map((s) => [s, seatText(s)])], cur);
  } else if (prefix === "ctx" && TILE_FACTS.includes(f.name)) {
    const kinds = TILES.filter((t) => !t.flower && inGame(t))
      .map((t) => [t.code, state.lang === "zh" ? `${t.zh} ${t.code}` : t.code]);
    const now = typeof cur === "number" ? TILES[cur].code : cur;
    control = select([[null, T("none")], ...kinds], now === undefined ? null : now);
  } else if (prefix === "ctx" && SEAT_OR_NONE_FACTS.includes(f.name)) {
    control = select([[null, T("none")], ...seatsOfRuleset().map((s) => [s, seatText(s)])], cur);
  } else if (prefix === "ctx" && WIND_FACTS.includes(f.name)) {
    const winds = [0, 1, 2, 3].map((w) => [w, T(`wind_${w}`)]);
    control = select(f.name === "seat_wind" ? [[null, T("fromSeats")], ...winds] : winds, cur);
  } else if (type === "bool" || typeof f.default === "boolean") {
    control = el("input", { type: "checkbox", id, checked: !!cur, on: { change: (e) => set(e.target.checked) } });
  } else if (literalChoices(type)) {
    control = select(literalChoices(type).map((c) => [c, String(c)]), cur);
  } else if (/^int( \| None)?$/.test(type) && !/tile/i.test(f.doc || "")) {
    control = el("input", { type: "number", id, value: cur === null || cur === undefined ? "" : String(cur),
      step: "1", on: { change: (e) => set(e.target.value === "" ? f.default : Number(e.target.value)) } });
  } else {
    const shown = cur === null || cur === undefined ? "" : typeof cur === "string" ? cur : JSON.stringify(cur);
    control = el("input", { type: "text", id, value: shown, on: { change: (e) => set(readText(e.target.value, f)) } });
  }
  const help = doc(f);
  return el("div", { class: "field", dataset: { field: f.name } },
    prefix === "ctx" ? el("label", { for: id, text: factLabel(f) })
      : el("label", { for: id }, el("code", { class: "ident", text: f.name })),
    control,
    help ? helpNode(help) : null);
}

function factLabel(f) {                  // a win fact's label in the page's language (the report's words)
  if (f.label) return f.label[state.lang];
  const key = `fact_${f.name}`;
  const t = T(key);
  return t === key ? f.name : t;
}

function buildOptions() {
  $("#options-form").replaceChildren(...(META.options || []).map((f) => field(f, state.options, "opt")));
}

function optionOn(name) {              // an option's value now: changed on the page, or the preset's
  if (name in state.options) return !!state.options[name];
  const o = (META.options || []).find((x) => x.name === name);
  return !!(o && o.default);
}

function buildFacts() {                  // the facts the rule set reads (an extras-only fact only with extras on)
  const fields = (META.context || []).filter((f) => !HIDDEN_FACTS.includes(f.name))
    .filter((f) => !f.option || optionOn(f.option));
  $("#facts-form").replaceChildren(...fields.map((f) => field(f, state.context, "ctx")));
  $("#facts-form").dataset.ruleset = state.rules;
}

$("#options-reset") && $("#options-reset").addEventListener("click", () => {
  for (const k of Object.keys(state.options)) delete state.options[k];
  buildOptions();
  changed();
});

// --- the result ----------------------------------------------------------------------------

let computeTimer = null;
function pending() {                  // the result shown is not yet the answer for the page's state
  $("#result").dataset.ready = "\u0000pending";
}

function changed(mine) {
  pending();
  writeURL();
  clearTimeout(computeTimer);
  const ticket = mine === undefined ? ++seq : mine;   // taken now: an answer already on its way is stale
  computeTimer = setTimeout(() => compute(ticket), 30);
}

async function compute(mine) {
  // /api/score says what the hand is: a win (scored), a waiting hand (each winning tile's value; its waits and
  // shanten come from /api/analyze), or not a win (the error, and /api/analyze's discard advice).
  const out = $("#result");
  if (mine !== seq) return;
  const text = state.text;
  const body = { hand: text, rules: state.rules, context: requestContext() };
  if (Object.keys(state.options).length) body.options = state.options;
  if (state.hand.win_tile) body.win_tile = state.hand.win_tile;
  if (!state.text.trim()) {
    out.replaceChildren(el("p", { class: "help", text: T("enterHand") }));
    out.dataset.ready = "";
    return;
  }
  const size = META.hand_size || 13;
  const held = tileCount(state.hand);
  if (held + state.hand.flowers.length < size) {   // not yet a hand: say how many are missing, ask nothing
    out.replaceChildren(el("p", { id: "missing", text: T("missing", { n: size - held, size, m: size + 1 - held }) }));
    out.dataset.ready = text;
    return;
  }
  const analysis = () => api("/api/analyze", { hand: text, rules: body.rules });
  try {
    let view;
    try {
      const r = await api("/api/score", body);
      if (r.kind === "waiting") view = renderWaits({ analysis: await analysis(), values: r });
      else view = renderScore(r);
    } catch (e) {
      if (e.kind !== "NotWinningError") throw e;
      view = el("div", {}, problem("result-error", "notWinning", e.message, "status"), renderAnalysis(await analysis()));
    }
    if (mine !== seq) return;
    out.replaceChildren(view);
  } catch (e) {
    if (mine !== seq) return;
    out.replaceChildren(problem("result-error", "cannotScore", e.message, "alert"));
  }
  out.dataset.ready = text;
}

function requestContext() {             // the win facts as the form shows them, defaults included
  const ctx = Object.assign({ winner: 0, dealer: 0, prevalent_wind: 0 }, state.context);
  if (ctx.discarder === undefined || ctx.discarder === null) { delete ctx.discarder; ctx.self_drawn = true; }
  return ctx;
}

function itemName(i) {
  return state.lang === "zh" ? i.name_zh : i.name_en;
}

function unitName(u) {
  const key = `unit_${u}`;
  return T(key) === key ? u : T(key);
}

function bilingual(line) {               // a {zh, en} pair of the report layer in the interface's language
  return typeof line === "string" ? line : (state.lang === "zh" ? line.zh : line.en);
}

function renderScore(r) {
  const wrap = el("div", { id: "score", dataset: { ruleset: r.ruleset } });
  const head = state.lang === "zh"
    ? [T("fan"), T("value"), T("count"), T("points")]
    : [T("fan"), T("nameZh"), T("value"), T("count"), T("points")];
  wrap.append(el("table", { id: "items" },
    el("thead", {}, el("tr", {}, head.map((h) => el("th", { scope: "col", text: h })))),
    el("tbody", {}, (r.items || []).map((i) => el("tr", { dataset: { key: i.key } },
      el("td", { class: "name", text: itemName(i) }),
      state.lang === "zh" ? null : el("td", { class: "name-zh", lang: "zh", text: i.name_zh }),
      el("td", { class: "value", text: `${i.value} ${unitName(i.unit)}` }),
      el("td", { class: "count", text: `×${i.count}` }),
      el("td", { class: "points", text: String(i.points) }))))));
  const lines = r.arithmetic || [];
  if (lines.length) {
    wrap.append(el("h3", { text: T("arithmetic") }),
      el("ol", { id: "arithmetic" }, lines.map((l) => el("li", { text: bilingual(l) }))));
  }
  wrap.append(el("p", { class: "total" }, el("span", { text: T("total") + " " }),
    el("strong", { id: "total", text: String(r.total) }), el("span", { id: "unit", text: " " + unitName(r.unit) })));
  const why = (state.lang === "zh" ? r.invalid_reason_zh : r.invalid_reason) || "";
  wrap.append(el("p", { id: "minimum", class: r.valid ? "ok" : "error",
    text: r.valid ? T("minimumMet") : T("minimumNotMet", { why }) }));
  wrap.append(renderPayments(r.payments || []));
  const facts = [];
  if (r.win_tile) facts.push(["win", T("winTile"), tileText(r.win_tile.tile) + (r.self_drawn ? ` (${T("selfDrawn")})` : ` (${T("onDiscard")})`)]);
  if (r.wait) facts.push(["wait", T("wait"), T(`wait_${r.wait}`) === `wait_${r.wait}` ? r.wait : T(`wait_${r.wait}`)]);
  if (r.reading) facts.push(["reading", T("reading"), readingText(r.reading)]);
  if (facts.length) {
    wrap.append(el("dl", { id: "facts" }, facts.map(([k, name, v]) => [el("dt", { text: name }),
      el("dd", { dataset: { fact: k }, text: v })])));
  }
  wrap.append(renderAssumptions(r.assumptions));
  return wrap;
}

function renderAssumptions(assumed) {
  if (!assumed || !assumed.length) return null;
  return el("div", {}, el("h3", { text: T("assumptions") }), el("ul", { id: "assumptions" },
    assumed.map((a) => el("li", { dataset: { fact: a.fact }, text: bilingual(a) }))));
}

function payerLabel(p) {                // "East · dealer · seat 0": the seat by its wind, and who it is in this win
  const bits = [T(`wind_${"ESWN".indexOf(p.wind)}`)];
  if (p.dealer) bits.push(T("dealer"));
  bits.push(T("seat", { n: p.seat }));
  if (p.winner) bits.push(T("winner"));
  if (p.discarder) bits.push(T("discarderWord"));
  return bits.join(" · ");
}

function renderPayments(pays) {
  return el("table", { id: "payments" },
    el("caption", { text: T("payments") }),
    el("tbody", {}, pays.map((p) => el("tr", { dataset: { seat: String(p.seat) } },
      el("th", { scope: "row", text: payerLabel(p) }),
      el("td", { class: "amount", text: (p.amount > 0 ? "+" : "") + p.amount })))));
}

function readingText(rd) {              // the reading in the page's language: Chinese names, or the codes
  const name = (c) => (BY_CODE[c] && state.lang === "zh" ? BY_CODE[c].zh : c);
  const groups = [...(rd.melds || []).map((m) => m.map(name).join("")),
    ...(rd.pairs || []).map((p) => name(p) + name(p)),
    ...(rd.singles || []).map(name)];
  const form = T(`form_${rd.form}`) === `form_${rd.form}` ? rd.form : T(`form_${rd.form}`);
  return `${form}: ${groups.join(" ")}`;
}

function tilesLine(list) {
  return list.map((t) => tileText(t.tile)).join(" ");
}

function renderAnalysis(a) {
  const wrap = el("div", { id: "analysis" });
  const forms = a.shanten_by_form || {};
  const word = a.shanten === -1 ? T("complete") : a.shanten === 0 ? T("ready") : T("shantenN", { n: a.shanten });
  wrap.append(el("p", { id: "shanten", dataset: { shanten: String(a.shanten) } }, T("shanten") + " ",
    el("strong", { text: word })),
  el("table", { id: "by-form" }, el("caption", { text: T("byForm") }),
    el("tbody", {}, Object.entries(forms).map(([f, v]) => el("tr", { dataset: { form: f } },
      el("th", { scope: "row", text: T(`form_${f}`) === `form_${f}` ? f : T(`form_${f}`) }),
      el("td", { class: "amount", text: String(v) }))))));
  if (a.waits && a.waits.length) {
    wrap.append(el("h3", { text: T("waitsLeft", { n: a.remaining }) }),
      el("ul", { id: "waits", class: "tiles" }, a.waits.map((w) => el("li", { dataset: { tile: w.tile } },
        tileChip(w.tile, { tabindex: "-1", class: "tile small" }),
        el("span", { class: "left", text: T("copiesLeft", { n: w.remaining }) })))));
  } else if (a.useful_tiles) {
    wrap.append(el("p", { id: "useful", text: `${T("useful")}: ${tilesLine(a.useful_tiles) || "—"}` }));
  }
  if (a.discards && a.discards.length) {
    wrap.append(el("h3", { text: T("discardAdvice") }), el("table", { id: "discards" },
      el("thead", {}, el("tr", {}, [T("discard"), T("shantenAfter"), T("useful")].map((h) => el("th", { text: h })))),
      el("tbody", {}, a.discards.map((d) => el("tr", { dataset: { tile: d.discard } },
        el("td", { text: tileText(d.discard) }), el("td", { class: "amount", text: String(d.shanten) }),
        el("td", { text: T("usefulTiles", { n: d.useful_count, tiles: tilesLine(d.useful_tiles) }) }))))));
  }
  return wrap;
}

function renderWaits(w) {
  const wrap = el("div", { id: "waiting" }, renderAnalysis(w.analysis));
  const v = w.values || {};
  const rows = v.winning_tiles || [];
  if (rows.length) {
    const unit = unitName(v.unit || "");
    wrap.append(el("h3", { text: T("perTile") }), el("table", { id: "values" },
      el("thead", {}, el("tr", {}, [T("winTile"), T("selfDrawn"), T("onDiscard")].map((h) => el("th", { text: h })))),
      el("tbody", {}, rows.map((r) => el("tr", { dataset: { tile: r.tile } },
        el("td", { text: tileText(r.tile) }),
        valueCell(r.self_drawn, unit), valueCell(r.discard, unit))))));
  } else if (w.analysis && w.analysis.shanten === 0) {
    wrap.append(el("p", { id: "values-none", class: "help", text: T("noWinningTile") }));
  }
  wrap.append(renderAssumptions(v.assumptions));
  return wrap;
}

function valueCell(v, unit) {
  if (!v) return el("td", { class: "amount na", text: T("notAllowed") });
  const low = v.valid === false;
  return el("td", { class: "amount" + (low ? " below" : ""), dataset: { total: String(v.total), valid: String(v.valid) },
    text: `${v.total} ${unit}` + (low ? " " + T("belowMinimum") : "") });
}

// --- the URL, the language ----------------------------------------------------------------

function writeURL() {
  const q = new URLSearchParams();
  if (state.text) q.set("hand", state.text);
  q.set("rules", state.rules);
  q.set("lang", state.lang);
  for (const [k, v] of Object.entries(state.options)) q.set(`o.${k}`, JSON.stringify(v));
  for (const [k, v] of Object.entries(state.context)) q.set(`c.${k}`, JSON.stringify(v));
  history.replaceState(null, "", `${location.pathname}?${q}`);
}

function readURL() {
  const q = new URLSearchParams(location.search);
  const lang = q.get("lang") || (navigator.language || "zh").slice(0, 2);
  state.lang = lang === "en" ? "en" : "zh";
  state.rules = q.get("rules") || "guobiao";
  state.text = q.get("hand") || "";
  const parse = (v) => { try { return JSON.parse(v); } catch (e) { return v; } };
  for (const [k, v] of q) {
    if (k.startsWith("o.")) state.options[k.slice(2)] = parse(v);
    if (k.startsWith("c.")) state.context[k.slice(2)] = parse(v);
  }
}

function applyLanguage() {
  document.documentElement.lang = state.lang === "zh" ? "zh-Hans" : "en";
  document.title = T("title");
  for (const node of document.querySelectorAll("[data-i18n]")) node.textContent = T(node.dataset.i18n);
  for (const node of document.querySelectorAll("[data-i18n-label]")) node.setAttribute("aria-label", T(node.dataset.i18nLabel));
  $("#lang").textContent = T("otherLanguage");
  for (const b of document.querySelectorAll("#picker button[data-code]")) b.setAttribute("aria-label", tileName(b.dataset.code));
}

async function switchLanguage() {
  state.lang = state.lang === "zh" ? "en" : "zh";
  seq++;                               // an answer on its way is in the other language now: drop it
  pending();
  writeURL();
  applyLanguage();
  buildRulesets();
  await loadRuleset();
  renderHand();
  changed();
}

async function boot() {
  readURL();
  try {
    await window.MJ_I18N.load();
    [TILES, RULESETS] = await Promise.all([api("/api/tiles"), api("/api/rules")]);
  } catch (e) {
    return showError(e.message || "the server did not answer", true);
  }
  applyLanguage();
  BY_CODE = Object.fromEntries(TILES.map((t) => [t.code, t]));
  if (!RULESETS.some((r) => r.name === state.rules)) state.rules = "guobiao";
  buildEntry();
  renderEntry();
  applyLanguage();
  buildRulesets();
  $("#lang").addEventListener("click", switchLanguage);
  $("#notation").addEventListener("input", typed);
  $("#notation").value = state.text;
  await loadRuleset();
  renderHand();
  if (state.text) await readNotation(); else changed();
  document.body.dataset.booted = "1";
}

boot();
