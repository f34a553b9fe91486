// The table page: a lobby that opens a table (POST /api/tables), and the table itself over a WebSocket
// (/ws/tables/ID): the frames of mahjong.table.Table are folded into one state and drawn; every answer the seat may
// give is a button (a tile of the hand to discard or pick, the claims, kongs, the suit to give up, declaring ready,
// the next hand).  Mouse, touch and keyboard (arrows + Enter on the hand, 1-9 for the buttons, Esc to pass).
// Nothing is fetched from outside the server: the words come from the package's catalogue (GET /api/strings: the
// page's own rows as table.KEY, and the command line's narration of play), the tiles are the pictures the
// calculator draws (GET /api/tiles gives each one's address).  No word is kept in this file.
"use strict";

const $ = (sel) => document.querySelector(sel);
const T = (key, vars) => window.MJ_I18N.t(app.lang, `table.${key}`, vars);   // the table page's own rows
const S = (key, vars) => window.MJ_I18N.t(app.lang, key, vars);              // the rows it shares
const AGENTS = ["greedy", "random", "first"];

const app = {
  lang: "zh", tiles: [], rulesets: [], id: null, seat: null, token: null,
  state: null,                       // the folded frames: snapshot + updates
  ws: null, retry: 0, focus: 0, readyMode: false, deadline: null, closedFor: null,
};
window.MJ_TABLE = app;               // (the browser tests read the folded state)

// --- tiles -------------------------------------------------------------------------------------------------------

function tileName(id) {               // a tile named in the page's language (its code in English)
  const t = app.tiles[id];
  if (!t) return "?";
  return app.lang === "zh" ? t.zh : t.code;
}

function tilesText(ids) {
  return ids.map(tileName).join(" ");
}

function tile(id, attrs, tag) {       // a tile as its picture (a face-down tile: its back, drawn by the style)
  const wild = id >= 0 && app.state && app.state.view && (app.state.view.wildcards || []).includes(id);
  const cls = `tile${id < 0 ? " back" : ""}${wild ? " wild" : ""}${attrs && attrs.extra ? " " + attrs.extra : ""}`;
  const label = id < 0 ? T("faceDown") : tileName(id) + (wild ? " *" : "");
  const a = Object.assign({ class: cls, "aria-label": label, role: tag ? null : "img" }, attrs || {});
  delete a.extra;
  const picture = id >= 0 && app.tiles[id]
    ? el("img", { src: app.tiles[id].image, alt: "", "aria-hidden": "true", draggable: "false" }) : null;
  return el(tag || "span", a, picture);
}

// --- the lobby ---------------------------------------------------------------------------------------------------

async function getJSON(path, init) {
  const res = await fetch(path, init);
  const data = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error((app.lang === "zh" ? data.error_zh : data.error) || res.statusText);
  return data;
}

function rulesetName(r) {
  return (app.lang === "zh" ? r.name_zh : r.name_en) || r.name;
}

function buildLobby() {
  const sel = $("#rules");
  sel.replaceChildren(...app.rulesets.map((r) => el("option", { value: r.name, text: rulesetName(r) })));
  if (!sel.value) sel.value = "guobiao";
  sel.onchange = seatKinds;
  seatKinds();
}

function seatKinds() {
  const r = app.rulesets.find((x) => x.name === $("#rules").value) || { seats: [0, 1, 2, 3] };
  const box = $("#seat-kinds");
  const legend = box.querySelector("legend");
  box.replaceChildren(legend);
  r.seats.forEach((_, p) => {
    const id = `kind-${p}`;
    const select = el("select", { id }, el("option", { value: "human", text: T("human") }),
      ...AGENTS.map((a) => el("option", { value: a, text: T(`agent_${a}`) })));
    select.value = p === 0 ? "human" : "greedy";
    box.append(el("label", { for: id, text: S("msg.seat", { seat: p }) }), select);
  });
}

async function createTable(ev) {
  ev.preventDefault();
  $("#lobby-error").hidden = true;
  const r = app.rulesets.find((x) => x.name === $("#rules").value);
  const seats = r.seats.map((_, p) => $(`#kind-${p}`).value);
  const body = { rules: r.name, seats, hands: Number($("#hands").value) || 4,
    timing: { claim: Number($("#claim").value) || 2.5 } };
  try {
    const made = await getJSON("/api/tables", { method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body) });
    const list = $("#link-list");
    list.replaceChildren();
    for (const s of made.seats) {
      if (!s.join) continue;
      const url = new URL(`${s.join}&lang=${app.lang}`, location.href).href;
      list.append(el("li", { dataset: { seat: s.seat } }, el("span", { text: S("msg.seat", { seat: s.seat }) + " " }),
        el("a", { href: url, class: "join", text: T("sitHere") }), " ",
        el("input", { type: "text", readonly: true, value: url, "aria-label": S("msg.seat", { seat: s.seat }) }),
        el("button", { type: "button", text: T("copy"), on: { click: (e) => copy(url, e.target) } })));
    }
    const watch = new URL(`${made.watch}&lang=${app.lang}`, location.href).href;
    list.append(el("li", {}, el("a", { href: watch, class: "watch", text: T("watch") })));
    $("#links").hidden = false;
  } catch (e) {
    $("#lobby-error").textContent = T("error") + e.message;
    $("#lobby-error").hidden = false;
  }
}

function copy(text, button) {
  if (navigator.clipboard) navigator.clipboard.writeText(text).then(() => { button.textContent = T("copied"); });
}

// --- the connection: frames folded into one state -----------------------------------------------------------------

function connect() {
  const q = new URLSearchParams();
  if (app.seat !== null) { q.set("seat", app.seat); q.set("token", app.token || ""); }
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  const ws = new WebSocket(`${proto}//${location.host}/ws/tables/${encodeURIComponent(app.id)}?${q}`);
  app.ws = ws;
  status(T(app.retry ? "reconnecting" : "connecting"));
  ws.onmessage = (m) => receive(JSON.parse(m.data));
  ws.onclose = (e) => {
    app.ws = null;
    if (e.code >= 4400 && e.code < 4500 && e.code !== 4408) { status(T("closed")); app.closedFor = e.code; return; }
    app.retry += 1;
    status(T("reconnecting"));
    setTimeout(connect, Math.min(8000, 500 * app.retry));
  };
  ws.onopen = () => { app.retry = 0; };
}

function send(obj) {
  if (app.ws && app.ws.readyState === WebSocket.OPEN) app.ws.send(JSON.stringify(obj));
}

setInterval(() => send({ type: "ping" }), 25000);

function receive(f) {
  const s = app.state;
  if (f.type === "snapshot") {
    app.state = { table: f.table, player: f.player, seq: f.seq, hand: f.hand, events: f.events, view: f.view,
      step: f.step, scores: f.scores, results: f.results };
    status(T(app.seat === null ? "spectator" : "connected"));
    app.readyMode = false;
    setDeadline(f.step);
    render();
    renderLog(true);
    if (f.results.length && (f.step.kind === "between" || f.step.kind === "over")) showResult(f.results[f.results.length - 1]);
    return;
  }
  if (!s) return;
  if (f.type === "update") {
    if (f.seq !== s.seq + 1) { app.ws && app.ws.close(); return; }  // a frame missed: reconnect from a snapshot
    const newHand = !s.hand || !f.hand || f.hand.number !== s.hand.number;
    if (newHand) { s.events = []; hideResult(); }
    s.seq = f.seq; s.hand = f.hand; s.view = f.view; s.step = f.step; s.scores = f.scores;
    s.events.push(...f.events);
    if (f.result) { s.results.push(f.result); s.table.played = s.results.length; }
    if (f.step.kind === "over") s.table.over = true;
    app.readyMode = false;
    setDeadline(f.step);
    render();
    renderLog(newHand, f.events);
    if (f.result) showResult(f.result);
  } else if (f.type === "answered") {
    s.step = f.step;
    setDeadline(f.step);
    render();
  } else if (f.type === "error") {
    toast(app.lang === "zh" ? f.message_zh : f.message);
  }
}

function status(text) {
  $("#status").textContent = text;
}

function toast(text) {
  const t = $("#toast");
  t.textContent = T("error") + text;
  t.hidden = false;
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => { t.hidden = true; }, 4000);
}

// --- drawing the table ----------------------------------------------------------------------------------------------

function seats() {
  return (app.state.view && app.state.view.seats) || [0, 1, 2, 3];
}

function mySeat() {
  const v = app.state.view;
  return v && v.seat !== null && v.seat !== undefined ? v.seat : null;
}

function playerAt(seat) {
  const h = app.state.hand;
  return h ? h.seating.indexOf(seat) : seat;
}

function windOf(seat) {
  const d = app.state.view ? app.state.view.dealer : 0;
  const n = seats().length === 2 ? 4 : seats().length;
  const w = ((seat - d) % n + n) % n;
  return S(`wind_${w}`);
}

function who(seat) {                 // a seat by its wind (and "you" for this page's own seat)
  return T("seatWind", { wind: windOf(seat) }) + (seat === mySeat() ? S("msg.play.you") : "");
}

function position(seat) {            // 0 bottom, 1 right (the next seat), 2 top, 3 left (the seat before)
  const list = seats();
  const base = mySeat() !== null ? mySeat() : list[0];
  const k = ((list.indexOf(seat) - list.indexOf(base)) % list.length + list.length) % list.length;
  return list.length === 2 ? (k === 0 ? 0 : 2) : k;
}

function render() {
  const s = app.state;
  if (!s) return;
  document.body.dataset.step = s.step.kind;
  document.body.dataset.seq = s.seq;
  renderInfo();
  const ids = { 0: "#seat-bottom", 1: "#seat-right", 2: "#seat-top", 3: "#seat-left" };
  for (const id of Object.values(ids)) $(id).replaceChildren();
  if (s.view) for (const seat of seats()) renderSeat($(ids[position(seat)]), seat);
  renderCentre();
  renderMe();
}

function renderInfo() {
  const s = app.state, v = s.view;
  const r = app.rulesets.find((x) => x.name === s.table.rules);
  const parts = [el("strong", { text: r ? rulesetName(r) : s.table.rules })];
  if (s.hand) parts.push(el("span", { text: T("hand", { n: s.hand.number + 1, total: s.table.hands }) }));
  if (v) {
    parts.push(el("span", { text: T("prevalent", { wind: S(`wind_${v.prevalent_wind % 4}`) }) }));
    parts.push(el("span", { id: "live", text: T("live", { n: v.live }) }));
    if (v.indicator !== null && v.indicator !== undefined) parts.push(el("span", { class: "wild-info" }, T("indicator"), tile(v.indicator, { extra: "small" })));
    if (v.wildcards && v.wildcards.length) parts.push(el("span", { class: "wild-info" },
      T("wildcards", { tiles: tilesText(v.wildcards) })));
  }
  if (s.hand) parts.push(el("span", { class: "commit", title: s.hand.commitment, text: T("commitment", { hash: s.hand.commitment.slice(0, 12) }) }));
  $("#info").replaceChildren(...parts);
}

function renderSeat(box, seat) {
  const s = app.state, v = s.view;
  const p = playerAt(seat);
  const kind = s.table.seats[p];
  const acting = s.step.actors && s.step.actors.includes(p);
  box.classList.toggle("acting", !!acting);
  box.dataset.seat = seat;
  const marks = [];
  if (seat === v.dealer) marks.push(el("span", { class: "mark dealer", text: S("dealer") }));
  if (v.lack[seat] !== null && v.lack[seat] !== undefined) marks.push(el("span", { class: "mark", text: T("lack", { suit: T(`suit_${v.lack[seat]}`) }) }));
  if (v.ready[seat]) marks.push(el("span", { class: "mark ready", text: T("readyMark") }));
  if (v.won.includes(seat)) marks.push(el("span", { class: "mark won", text: T("wonMark") }));
  const name = el("div", { class: "name" },
    el("span", { class: "wind", text: windOf(seat) }),
    el("span", { text: (seat === mySeat() ? T("you") + " · " : "") + S("msg.seat", { seat: p }) + " · " + (kind === "human" ? T("human") : T(`agent_${kind}`)) }),
    el("span", { class: "score", text: `${s.scores[p]} ${T("points")}` }), ...marks,
    acting ? el("span", { class: "clock", "data-clock": p }) : null);
  const melds = el("div", { class: "melds tiles" }, ...v.melds[seat].map((m) =>
    el("span", { class: `meld ${m.kind}` }, ...m.tiles.map((t) => tile(t, { extra: "small" })))));
  const bonus = v.bonus[seat].length ? el("div", { class: "bonus tiles" }, ...v.bonus[seat].map((t) => tile(t, { extra: "small" }))) : null;
  const river = el("div", { class: "river tiles" }, ...v.discards[seat].map(([t, claimed], i, all) =>
    tile(t, { extra: `small${claimed ? " claimed" : ""}${v.last_discard && v.last_discard[0] === seat && i === all.length - 1 ? " last" : ""}` })));
  const backs = seat === mySeat() ? null : el("div", { class: "backs" },
    el("span", { class: "count", text: T("hidden", { n: v.concealed_count[seat] }) }));
  box.append(...[name, backs, melds, bonus, river].filter((x) => x));
}

function setDeadline(step) {
  app.deadline = step && step.ends_in !== undefined && step.ends_in !== null ? performance.now() + step.ends_in * 1000 : null;
  app.span = step && step.ends_in ? step.ends_in : 1;
}

function renderCentre() {
  const s = app.state, st = s.step;
  const words = { claim: "claimWindow", rob: "robWindow", locked: "lockedWindow", lack: "waitingLack",
    exchange: "waitingPick", swap: "waitingSwap", haidi: "waitingHaidi", between: "betweenHands", over: "matchOver" };
  let text = "";
  if (st.kind === "turn" && st.actors && st.actors.length) {
    text = st.actors.includes(s.player) ? T("yourTurn") : T("thinking", { who: who(s.hand.seating[st.actors[0]]) });
  } else if (words[st.kind]) text = T(words[st.kind]);
  $("#centre-info").textContent = text;
  $("#countdown").hidden = app.deadline === null;
}

function tick() {
  if (app.deadline !== null) {
    const left = Math.max(0, app.deadline - performance.now()) / 1000;
    const bar = $("#countdown .bar");
    if (bar) bar.style.width = `${Math.min(100, 100 * left / Math.max(0.001, app.span))}%`;
    $("#countdown .secs").textContent = T("seconds", { n: left.toFixed(1) });
    for (const c of document.querySelectorAll("[data-clock]")) c.textContent = left.toFixed(0) + "s";
  }
  requestAnimationFrame(tick);
}

function legal() {
  const st = app.state.step;
  return st.legal || [];
}

function actionText(a) {
  const t = a.tile !== undefined ? tileName(a.tile) : "";
  if (a.kind === "chow") return S("msg.act.chow", { tiles: tilesText(a.meld) });
  if (a.kind === "lack") return S("msg.act.lack", { suit: T(`suit_${a.tile}`) });
  if (a.kind === "pass") return app.state.step.kind === "swap" ? T("pickDone") : S("msg.act.pass");
  return S(`msg.act.${a.kind}`, { tiles: t });
}

function renderMe() {
  const s = app.state, v = s.view;
  const me = mySeat();
  $("#me").hidden = me === null;
  if (me === null || !v) return;
  const acts = legal();
  const tileActs = new Map();           // tile -> the action a click on it takes
  for (const a of acts) {
    if (a.kind === "pick" || (a.kind === "discard" && !app.readyMode) || (a.kind === "ready" && app.readyMode)) tileActs.set(a.tile, a);
  }
  const hand = v.hand.slice();
  let drawn = null;
  if (v.drawn !== null && v.drawn !== undefined && hand.includes(v.drawn) && ["turn", "locked"].includes(s.step.kind)) {
    hand.splice(hand.lastIndexOf(v.drawn), 1);
    drawn = v.drawn;
  }
  const picked = (v.picked || []).slice();
  const buttons = [];
  const make = (t, isDrawn) => {
    const a = tileActs.get(t);
    let mark = "";
    const k = picked.indexOf(t);
    if (k >= 0) { picked.splice(k, 1); mark = " picked"; }
    const b = tile(t, { type: "button", extra: `${a ? "can" : ""}${isDrawn ? " drawn" : ""}${mark}`,
      disabled: a ? null : true, dataset: { tile: t, kind: a ? a.kind : "" },
      on: { click: () => a && answer(a) } }, "button");
    buttons.push(b);
    return b;
  };
  const row = hand.map((t) => make(t, false));
  if (drawn !== null) row.push(el("span", { class: "gap" }), make(drawn, true));
  $("#my-hand").replaceChildren(...row);
  app.handButtons = buttons;
  // the other answers as buttons
  const others = acts.filter((a) => !["discard", "pick", "ready"].includes(a.kind) || (a.kind === "pass"));
  const bar = [];
  let n = 1;
  if (s.step.answered) bar.push(el("span", { class: "answered", text: T("answered", { action: actionText(s.step.answered) }) }));
  if (acts.some((a) => a.kind === "ready")) {
    bar.push(el("button", { type: "button", class: `ready-toggle${app.readyMode ? " on" : ""}`, "aria-pressed": app.readyMode ? "true" : "false",
      "data-kind": "ready", "data-key": n, text: `${n++}. ${app.readyMode ? T("readyOn") : T("declareReady")}`,
      on: { click: () => { app.readyMode = !app.readyMode; renderMe(); } } }));
  }
  for (const a of others) {
    bar.push(el("button", { type: "button", class: `act ${a.kind}`, "data-kind": a.kind, "data-tile": a.tile,
      "data-meld": a.meld ? a.meld.join(",") : null, "data-key": n, text: `${n++}. ${actionText(a)}`, on: { click: () => answer(a) } }));
  }
  if (s.step.kind === "between" && !(s.step.waiting || []).every((p) => p !== s.player)) {
    bar.push(el("button", { type: "button", class: "act next", "data-kind": "next", "data-key": n, text: `${n++}. ${T("next")}`,
      on: { click: () => { send({ type: "next" }); } } }));
  }
  $("#actions").replaceChildren(...bar);
  let prompt = "";
  if (acts.some((a) => a.kind === "discard")) prompt = app.readyMode ? T("readyOn") : T("yourTurn");
  else if (acts.some((a) => a.kind === "pick")) prompt = s.step.kind === "swap" ? T("waitingSwap") : T("waitingPick");
  else if (acts.some((a) => a.kind === "lack")) prompt = T("waitingLack");
  else if (acts.length) prompt = T("canClaim");
  $("#prompt").textContent = prompt;
  const focusable = buttons.filter((b) => !b.disabled);
  if (focusable.length && document.activeElement && document.activeElement.closest && !document.activeElement.closest("#actions, #lobby, #result")) {
    app.focus = Math.min(app.focus, focusable.length - 1);
  }
}

function answer(a) {
  const action = { kind: a.kind };
  if (a.tile !== undefined) action.tile = a.tile;
  if (a.meld) action.meld = a.meld;
  send({ type: "act", action });
}

// --- the play log ----------------------------------------------------------------------------------------------------

function eventText(e) {              // an event as a line of the play log (the command line's words where it has them)
  const w = (s) => who(s);
  switch (e.type) {
    case "hand_started": return T("handStarted", { n: e.hand_number + 1, who: w(e.dealer) });
    case "dice": return T("dice", { dice: e.dice.join("+") });
    case "dealt": return T("dealt", { who: w(e.seat), n: e.tiles ? e.tiles.length : e.n });
    case "draw": return e.tile !== undefined ? T("youDraw", { tile: tileName(e.tile) }) : T("draws", { who: w(e.seat) });
    case "discard": return e.ready ? T("readyDiscard", { who: w(e.seat), tile: tileName(e.tile) })
      : S("msg.ev.discard", { who: w(e.seat), tile: tileName(e.tile) });
    case "claim": return S(`msg.ev.${e.kind}`, { who: w(e.seat), tiles: tilesText(e.meld) });
    case "kong": return S(e.kind === "concealed" ? "msg.ev.concealed_kong" : "msg.ev.added_kong",
      { who: w(e.seat), tiles: e.tile !== undefined ? tilesText([e.tile, e.tile, e.tile, e.tile]) : "" }).trim();
    case "kong_robbed": return S("msg.ev.robbed", { who: w(e.seat), tile: tileName(e.tile) });
    case "win": return winText(e);
    case "lack": return S("msg.ev.lack", { who: w(e.seat), suit: T(`suit_${e.suit}`) });
    case "bonus": return S("msg.ev.bonus", { who: w(e.seat), tile: tileName(e.tile) });
    case "wildcard": return S("msg.ev.wildcard", { tile: tileName(e.indicator), tiles: tilesText(e.wildcards) });
    case "pick": return T("picked", { who: w(e.seat) });
    case "passed": return e.tiles ? S("msg.ev.passed", { who: w(e.seat), to: w(e.to_seat), tiles: tilesText(e.tiles) })
      : T("passedHidden", { who: w(e.seat), to: w(e.to_seat) });
    case "swapped": return T("swapped", { who: w(e.seat), n: e.given ? e.given.length : e.n });
    case "haidi": return T("fished", { who: w(e.seat), tile: tileName(e.tile) });
    case "wall_end": return T("wallEnd");
    case "paid": return T("paid", { payer: w(e.payer), payee: w(e.payee), n: e.amount });
    case "hand_ended": return T("handEnded");
    case "opening": return S("msg.ev.opening", { who: w(e.seat) });
    case "instant_win": return S("msg.ev.instant_win", { who: w(e.seat) });
    case "horses": return T("horses", { who: w(e.seat), tiles: tilesText(e.tiles) });
    default: return "";
  }
}

function winText(w) {                // who won on which tile, and how (the command line's words)
  return S("msg.ev.win", { who: who(w.seat), tile: tileName(w.tile),
    how: w.from_seat === null ? S("msg.play.self_drawn") : S("msg.play.on_discard", { seat: who(w.from_seat) }) });
}

function renderLog(reset, fresh) {
  const list = $("#log");
  const add = reset ? app.state.events : (fresh || []);
  if (reset) list.replaceChildren();
  for (const e of add) {
    if (e.type === "wall_built") continue;
    const text = eventText(e);
    if (text) list.prepend(el("li", { dataset: { type: e.type, i: e.i }, text }));
  }
  while (list.children.length > 80) list.lastChild.remove();
}

// --- the settlement ------------------------------------------------------------------------------------------------

function hideResult() { $("#result").hidden = true; }

async function sha256hex(text) {
  if (!window.crypto || !crypto.subtle) return null;
  const buf = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(buf)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

async function showResult(r) {
  const s = app.state;
  const body = [];
  const label = (seat) => who(seat);
  if (r.wins.length) {
    body.push(el("h3", { text: T("winsHeading") }));
    for (const w of r.wins) {
      const unit = w.unit ? w.unit[app.lang] : "";
      body.push(el("div", { class: "win", dataset: { seat: w.seat } },
        el("p", { class: "win-line", text: T("winLine", { win: winText(w), total: w.total, unit }) },
          " ", el("code", { class: "notation", text: w.hand })),
        el("ul", { class: "items" }, ...w.items.map((it) => el("li", { dataset: { key: it.key },
          text: `${app.lang === "zh" ? it.name_zh : it.name_en} ${it.value}${it.count > 1 ? " ×" + it.count : ""}` })))));
    }
  } else body.push(el("p", { text: T("noWinner") }));
  if (r.payments.length) {
    body.push(el("table", { class: "payments" }, el("caption", { text: S("payments") }),
      el("thead", {}, el("tr", {}, el("th", { text: T("payer") }), el("th", { text: T("payee") }),
        el("th", { text: T("amount") }), el("th", { text: T("reason") }))),
      el("tbody", {}, ...r.payments.map((p) => el("tr", {}, el("td", { text: label(p.payer) }), el("td", { text: label(p.payee) }),
        el("td", { class: "amount", text: p.amount }), el("td", { text: p.label[app.lang] }))))));
  }
  body.push(el("table", { class: "net" }, el("caption", { text: T("netHeading") }),
    el("thead", {}, el("tr", {}, el("td"), el("th", { text: T("netColumn") }), el("th", { text: T("totalColumn") }))),
    el("tbody", {}, ...seats().map((seat) => el("tr", { dataset: { seat } }, el("th", { text: label(seat) }),
      el("td", { class: "amount", text: (r.net[seat] > 0 ? "+" : "") + r.net[seat] }),
      el("td", { class: "amount total", text: r.scores[r.seating.indexOf(seat)] }))))));
  body.push(el("h3", { text: T("handsHeading") }));
  for (const seat of seats()) body.push(el("div", { class: "reveal" }, el("span", { text: label(seat) + " " }),
    el("span", { class: "tiles" }, ...r.hands[seat].map((t) => tile(t, { extra: "small" })))));
  body.push(el("h3", { text: T("verifyHeading") }));
  const check = el("p", { id: "verify", text: "…" });
  body.push(el("p", { class: "seed", text: T("seedLine", { seed: r.seed, nonce: r.nonce }) }), check);
  body.push(el("p", {}, el("a", { href: `/api/tables/${encodeURIComponent(app.id)}/log`, download: `mahjong-${app.id}.jsonl`, text: T("downloadLog") })));
  if (s.step.kind === "over" && r.hand === s.results[s.results.length - 1].hand && s.table.over) {
    body.unshift(el("h3", { class: "final", text: T("finalTitle") + " " + s.scores.map((x, p) => T("seatScore", { seat: S("msg.seat", { seat: p }), n: x })).join(" · ") }));
  }
  const buttons = el("p", { class: "result-actions" },
    mySeat() !== null && s.step.kind === "between" ? el("button", { type: "button", class: "act next", "data-kind": "next",
      text: T("next"), on: { click: (e) => { send({ type: "next" }); e.target.disabled = true; } } }) : null,
    el("button", { type: "button", class: "close", text: T("close"), on: { click: hideResult } }));
  body.push(buttons);
  $("#result-h").textContent = T("resultTitle", { n: r.hand + 1 });
  $("#result-body").replaceChildren(...body);
  $("#result").hidden = false;
  $("#result").dataset.hand = r.hand;
  const hex = await sha256hex(`mjcore-shuffle:1:${app.id}:${r.hand}:${r.seed}:${r.nonce}`);
  check.textContent = hex === null ? T("verifyNone") : hex === r.commitment ? T("verifyOk") : T("verifyBad");
  check.dataset.ok = hex === null ? "unknown" : String(hex === r.commitment);
}

// --- keyboard ----------------------------------------------------------------------------------------------------------

document.addEventListener("keydown", (e) => {
  if (!app.state || e.target.matches("input, select, textarea")) return;
  const live = (app.handButtons || []).filter((b) => !b.disabled);
  if (e.key === "ArrowRight" || e.key === "ArrowLeft") {
    if (!live.length) return;
    const at = live.indexOf(document.activeElement);
    const next = at < 0 ? 0 : (at + (e.key === "ArrowRight" ? 1 : live.length - 1)) % live.length;
    live[next].focus();
    e.preventDefault();
  } else if (/^[1-9]$/.test(e.key)) {
    const b = document.querySelector(`#actions button[data-key="${e.key}"]`);
    if (b) { b.click(); e.preventDefault(); }
  } else if (e.key === "Escape") {
    const b = document.querySelector('#actions button[data-kind="pass"]');
    if (b) { b.click(); e.preventDefault(); }
  }
});

// --- boot ----------------------------------------------------------------------------------------------------------

function applyLanguage() {
  document.documentElement.lang = app.lang === "zh" ? "zh-Hans" : "en";
  document.title = T("title");
  for (const node of document.querySelectorAll("[data-i18n]")) node.textContent = T(node.dataset.i18n);
  for (const node of document.querySelectorAll("[data-i18n-label]")) node.setAttribute("aria-label", T(node.dataset.i18nLabel));
  $("#lang").textContent = S("otherLanguage");
}

function switchLanguage() {
  app.lang = app.lang === "zh" ? "en" : "zh";
  const u = new URL(location.href);
  u.searchParams.set("lang", app.lang);
  history.replaceState(null, "", u);
  applyLanguage();
  if (!app.id) { buildLobby(); return; }
  if (app.state) { render(); renderLog(true); }
  const rs = app.state && app.state.results;
  if (rs && rs.length && !$("#result").hidden) showResult(rs[rs.length - 1]);
}

async function boot() {
  const q = new URLSearchParams(location.search);
  const lang = q.get("lang") || (navigator.language || "zh").slice(0, 2);
  app.lang = lang === "en" ? "en" : "zh";
  app.id = q.get("id");
  app.seat = q.has("seat") ? Number(q.get("seat")) : null;
  app.token = q.get("token");
  try {
    [, app.tiles, app.rulesets] = await Promise.all([window.MJ_I18N.load(), getJSON("/api/tiles"), getJSON("/api/rules")]);
  } catch (e) {
    status(e.message);
    return;
  }
  applyLanguage();
  $("#lang").addEventListener("click", switchLanguage);
  if (app.id) {
    $("#table").hidden = false;
    connect();
  } else {
    $("#lobby").hidden = false;
    buildLobby();
    $("#new-table").addEventListener("submit", createTable);
  }
  requestAnimationFrame(tick);
  document.body.dataset.booted = "1";
}

boot();
