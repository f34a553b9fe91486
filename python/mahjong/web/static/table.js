// The table page: a lobby that opens a table (POST /api/tables), and the table itself over a WebSocket
// (/ws/tables/ID): the frames of mahjong.table.Table are folded into one state and drawn; every answer the seat may
// give is a button (a tile of the hand to discard or pick, the claims, kongs, 定缺, 报听, the next hand).
// Mouse, touch and keyboard (arrows + Enter on the hand, 1-9 for the buttons, Esc to pass).  Nothing is fetched
// from outside the server.
"use strict";

const $ = (sel) => document.querySelector(sel);

const WORDS = {
  zh: {
    title: "麻将牌桌", calculator: "算番器", other: "English", newTable: "开一张牌桌", ruleset: "规则",
    seatsLegend: "座位", handsLabel: "局数", claimLabel: "吃碰等待（秒）", create: "开桌",
    links: "邀请链接（每个座位一个，请只发给该座位的玩家）", sitHere: "在这里入座", watch: "旁观", copy: "复制",
    copied: "已复制", human: "真人", agent_random: "AI（随机）", agent_greedy: "AI（贪心）", agent_first: "AI（最简）",
    myHand: "我的手牌", logHeading: "牌局记录",
    keysHelp: "出牌：点击手牌，或用方向键选牌后按回车；数字键 1–9 按下对应按钮，Esc 为「过」。",
    connecting: "连接中…", connected: "已连接", reconnecting: "连接断开，正在重连…", closed: "连接已关闭",
    spectator: "旁观中", seatN: "{n} 号座位", you: "你", hand: "第 {n}/{total} 局", live: "余牌 {n}",
    prevalent: "{w}风圈", dealer: "庄", points: "分", lack: "缺{s}", readyMark: "听", wonMark: "已胡",
    commitment: "洗牌承诺 {h}…", wildcards: "{names} 为百搭", indicator: "翻出 {t}",
    yourTurn: "轮到你：点一张牌打出", claimWindow: "等待吃碰", robWindow: "等待抢杠", lockedWindow: "报听中",
    thinking: "{who} 思考中", waitingLack: "定缺：选一门不要的花色", waitingPick: "换三张：选一张要换出的牌",
    waitingSwap: "换牌：选要换的牌，选完点「完成」", waitingHaidi: "海底捞月", betweenHands: "下一局即将开始",
    matchOver: "对局结束", answered: "已选择：{a}", nothingToDo: "", canClaim: "可以：", seconds: "{n} 秒",
    act_win: "胡", act_pung: "碰 {t}", act_kong: "杠 {t}", act_concealed_kong: "暗杠 {t}", act_added_kong: "加杠 {t}",
    act_chow: "吃 {m}", act_flower: "补花 {t}", act_pass: "过", act_lack: "缺{s}", act_ready: "报听", act_ready_on: "报听：点一张牌打出",
    act_pick_done: "完成", next: "下一局", suit_0: "万", suit_1: "筒", suit_2: "条",
    ev_dealt: "{who} 起牌 {n} 张", ev_draw: "{who} 摸牌", ev_draw_own: "你摸到 {t}", ev_discard: "{who} 打出 {t}",
    ev_ready: "{who} 报听，打出 {t}", ev_claim: "{who} {k} {t}", ev_kong: "{who} {k}", ev_win: "{who} 胡 {t}（{how}）",
    ev_selfdrawn: "自摸", ev_ondiscard: "{who} 放炮", ev_lack: "{who} 定缺 {s}", ev_bonus: "{who} 补花 {t}",
    ev_wildcard: "翻出 {t}：{names} 为百搭", ev_pick: "{who} 选好一张换出的牌", ev_passed: "{who} 把三张牌换给 {to}",
    ev_wall_end: "流局（荒庄）", ev_paid: "{from} 付给 {to} {n}", ev_robbed: "{who} 的杠被抢", ev_dice: "掷骰 {d}",
    ev_haidi: "{who} 海底捞月 {t}", ev_swapped: "{who} 换牌 {n} 张", ev_hand_started: "第 {n} 局开始，{w} 家坐庄",
    ev_hand_ended: "本局结束", ev_opening: "{who} 起手胡 {k}", ev_instant_win: "{who} 胡（{k}）", ev_horses: "买马 {t}",
    k_chow: "吃", k_pung: "碰", k_kong: "杠", k_concealed: "暗杠", k_added: "加杠",
    resultTitle: "第 {n} 局结算", drawn: "流局", winsHeading: "和牌", paymentsHeading: "收付", netHeading: "本局得失",
    scoresHeading: "累计得分", handsHeading: "各家手牌", verifyHeading: "洗牌验证", seedLine: "种子 {seed}，随机盐 {nonce}",
    verifyOk: "与开局前的承诺相符 ✓", verifyBad: "与开局前的承诺不符 ✗", verifyNone: "此浏览器无法计算 SHA-256，请用 mahjong verify 核对",
    downloadLog: "下载对局记录", finalTitle: "对局结束：最终得分", payer: "付", payee: "收", amount: "数额", reason: "原因",
    total: "合计", error: "出错：", seatsNote: "座位 {n}", close: "关闭",
  },
  en: {
    title: "Mahjong table", calculator: "Calculator", other: "中文", newTable: "Open a table", ruleset: "Rules",
    seatsLegend: "Seats", handsLabel: "Hands", claimLabel: "Claim window (s)", create: "Open",
    links: "Invitation links (one per seat: send each only to its player)", sitHere: "Sit here", watch: "Watch",
    copy: "Copy", copied: "Copied", human: "Person", agent_random: "Bot (random)", agent_greedy: "Bot (greedy)",
    agent_first: "Bot (first)", myHand: "My hand", logHeading: "Play log",
    keysHelp: "Discard: click a tile, or pick it with the arrow keys and press Enter; keys 1-9 press the buttons, Esc passes.",
    connecting: "connecting…", connected: "connected", reconnecting: "connection lost, reconnecting…", closed: "closed",
    spectator: "watching", seatN: "seat {n}", you: "you", hand: "hand {n}/{total}", live: "{n} tiles left",
    prevalent: "{w} round", dealer: "dealer", points: "pts", lack: "no {s}", readyMark: "ready", wonMark: "won",
    commitment: "shuffle commitment {h}…", wildcards: "{names} wild", indicator: "indicator {t}",
    yourTurn: "Your turn: click a tile to discard", claimWindow: "Claims open", robWindow: "Robbing the kong",
    lockedWindow: "Ready (报听)", thinking: "{who} is thinking", waitingLack: "定缺: choose the suit to give up",
    waitingPick: "Exchange: choose a tile to pass", waitingSwap: "Swap: choose tiles, then Done",
    waitingHaidi: "Fishing the last tile", betweenHands: "Next hand soon", matchOver: "Match over",
    answered: "Chosen: {a}", nothingToDo: "", canClaim: "You may:", seconds: "{n} s",
    act_win: "Win", act_pung: "Pung {t}", act_kong: "Kong {t}", act_concealed_kong: "Concealed kong {t}",
    act_added_kong: "Add kong {t}", act_chow: "Chow {m}", act_flower: "Replace flower {t}", act_pass: "Pass", act_lack: "Give up {s}",
    act_ready: "Declare ready", act_ready_on: "Ready: click a tile to discard", act_pick_done: "Done", next: "Next hand",
    suit_0: "characters", suit_1: "dots", suit_2: "bamboo",
    ev_dealt: "{who} receives {n} tiles", ev_draw: "{who} draws", ev_draw_own: "you draw {t}",
    ev_discard: "{who} discards {t}", ev_ready: "{who} declares ready, discards {t}", ev_claim: "{who}: {k} {t}",
    ev_kong: "{who}: {k}", ev_win: "{who} wins on {t} ({how})", ev_selfdrawn: "self-drawn",
    ev_ondiscard: "{who} discarded it", ev_lack: "{who} gives up {s}", ev_bonus: "{who} sets aside {t}",
    ev_wildcard: "indicator {t}: {names} are wild", ev_pick: "{who} picked a tile to pass",
    ev_passed: "{who} passes three tiles to {to}", ev_wall_end: "the wall is exhausted", ev_paid: "{from} pays {to} {n}",
    ev_robbed: "{who}'s kong is robbed", ev_dice: "dice {d}", ev_haidi: "{who} fishes {t}", ev_swapped: "{who} swaps {n}",
    ev_hand_started: "hand {n} begins, {w} deals", ev_hand_ended: "the hand is over", ev_opening: "{who} shows {k}",
    ev_instant_win: "{who} wins ({k})", ev_horses: "horses {t}",
    k_chow: "chow", k_pung: "pung", k_kong: "kong", k_concealed: "concealed kong", k_added: "added kong",
    resultTitle: "Hand {n}: settlement", drawn: "no winner", winsHeading: "Wins", paymentsHeading: "Payments",
    netHeading: "This hand", scoresHeading: "Scores", handsHeading: "Hands", verifyHeading: "Shuffle check",
    seedLine: "seed {seed}, nonce {nonce}", verifyOk: "matches the commitment made before the deal ✓",
    verifyBad: "does NOT match the commitment ✗", verifyNone: "this browser cannot compute SHA-256: check with mahjong verify",
    downloadLog: "Download the match log", finalTitle: "Match over: final scores", payer: "payer", payee: "payee",
    amount: "amount", reason: "reason", total: "total", error: "Error: ", seatsNote: "seat {n}", close: "Close",
  },
};
const WIND = { zh: "东南西北", en: ["East", "South", "West", "North"] };
const AGENTS = ["greedy", "random", "first"];

const app = {
  lang: "zh", tiles: [], rulesets: [], id: null, seat: null, token: null,
  state: null,                       // the folded frames: snapshot + updates
  ws: null, retry: 0, focus: 0, readyMode: false, deadline: null, closedFor: null,
};
window.MJ_TABLE = app;               // (the browser tests read the folded state)

function T(key, vars) {
  let s = (WORDS[app.lang] || WORDS.zh)[key];
  if (s === undefined) s = WORDS.zh[key] || key;
  for (const [k, v] of Object.entries(vars || {})) s = s.split(`{${k}}`).join(String(v));
  return s;
}

// --- tiles -------------------------------------------------------------------------------------------------------

const ZH_RANKS = "一二三四五六七八九";
const ZH_HONORS = "东南西北中发白";
const EN_HONORS = ["E", "S", "W", "N", "C", "F", "P"];
const ZH_FLOWERS = "春夏秋冬梅兰竹菊";

function tileFace(id) {               // [big, small] as the tile shows them in the page's language
  if (id < 0) return ["", ""];
  if (id < 27) {
    const suit = Math.floor(id / 9), rank = id % 9;
    return app.lang === "zh" ? [ZH_RANKS[rank], "万筒条"[suit]] : [String(rank + 1), "mps"[suit]];
  }
  if (id < 34) return app.lang === "zh" ? [ZH_HONORS[id - 27], ""] : [EN_HONORS[id - 27], ""];
  return app.lang === "zh" ? [ZH_FLOWERS[id - 34], "花"] : [`F${id - 33}`, ""];
}

function tileName(id) {
  const t = app.tiles[id];
  if (!t) return "?";
  return app.lang === "zh" ? t.zh : t.code;
}

function tileClass(id) {
  if (id < 0) return "back";
  if (id < 27) return ["m", "p", "s"][Math.floor(id / 9)];
  if (id < 31) return "wind";
  if (id < 34) return ["red", "green", "white"][id - 31];
  return "flower";
}

function tile(id, attrs, tag) {
  const [big, small] = tileFace(id);
  const wild = app.state && app.state.view && (app.state.view.wildcards || []).includes(id);
  const cls = `tile ${tileClass(id)}${wild ? " wild" : ""}${attrs && attrs.extra ? " " + attrs.extra : ""}`;
  const a = Object.assign({ class: cls, "aria-label": id < 0 ? "?" : tileName(id) + (wild ? " *" : "") }, attrs || {});
  delete a.extra;
  return el(tag || "span", a, el("b", { "aria-hidden": "true", text: big }),
    small ? el("i", { "aria-hidden": "true", text: small }) : null);
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
    box.append(el("label", { for: id, text: T("seatN", { n: p }) }), select);
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
      list.append(el("li", { dataset: { seat: s.seat } }, el("span", { text: T("seatN", { n: s.seat }) + " " }),
        el("a", { href: url, class: "join", text: T("sitHere") }), " ",
        el("input", { type: "text", readonly: true, value: url, "aria-label": T("seatN", { n: s.seat }) }),
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
  return app.lang === "zh" ? WIND.zh[w] : WIND.en[w];
}

function who(seat) {                 // 东家 / East, and (你) / (you) for this page's own seat
  const me = seat === mySeat();
  if (app.lang === "zh") return `${windOf(seat)}家${me ? "（你）" : ""}`;
  return `${windOf(seat)}${me ? " (you)" : ""}`;
}

function position(seat) {            // 0 bottom, 1 right (下家), 2 top, 3 left (上家)
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
    parts.push(el("span", { text: T("prevalent", { w: app.lang === "zh" ? WIND.zh[v.prevalent_wind] : WIND.en[v.prevalent_wind] }) }));
    parts.push(el("span", { id: "live", text: T("live", { n: v.live }) }));
    if (v.indicator !== null && v.indicator !== undefined) parts.push(el("span", { class: "wild-info" }, T("indicator", { t: "" }), tile(v.indicator, { extra: "small" })));
    if (v.wildcards && v.wildcards.length) parts.push(el("span", { class: "wild-info" },
      T("wildcards", { names: v.wildcards.map(tileName).join(" ") })));
  }
  if (s.hand) parts.push(el("span", { class: "commit", title: s.hand.commitment, text: T("commitment", { h: s.hand.commitment.slice(0, 12) }) }));
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
  if (seat === v.dealer) marks.push(el("span", { class: "mark dealer", text: T("dealer") }));
  if (v.lack[seat] !== null && v.lack[seat] !== undefined) marks.push(el("span", { class: "mark", text: T("lack", { s: T(`suit_${v.lack[seat]}`) }) }));
  if (v.ready[seat]) marks.push(el("span", { class: "mark ready", text: T("readyMark") }));
  if (v.won.includes(seat)) marks.push(el("span", { class: "mark won", text: T("wonMark") }));
  const name = el("div", { class: "name" },
    el("span", { class: "wind", text: windOf(seat) }),
    el("span", { text: (seat === mySeat() ? T("you") + " · " : "") + T("seatN", { n: p }) + " · " + (kind === "human" ? T("human") : T(`agent_${kind}`)) }),
    el("span", { class: "score", text: `${s.scores[p]} ${T("points")}` }), ...marks,
    acting ? el("span", { class: "clock", "data-clock": p }) : null);
  const melds = el("div", { class: "melds tiles" }, ...v.melds[seat].map((m) =>
    el("span", { class: `meld ${m.kind}` }, ...m.tiles.map((t) => tile(t, { extra: "small" })))));
  const bonus = v.bonus[seat].length ? el("div", { class: "bonus tiles" }, ...v.bonus[seat].map((t) => tile(t, { extra: "small" }))) : null;
  const river = el("div", { class: "river tiles" }, ...v.discards[seat].map(([t, claimed], i, all) =>
    tile(t, { extra: `small${claimed ? " claimed" : ""}${v.last_discard && v.last_discard[0] === seat && i === all.length - 1 ? " last" : ""}` })));
  const backs = seat === mySeat() ? null : el("div", { class: "backs", "aria-label": `${v.concealed_count[seat]}` },
    el("span", { class: "count", text: `🀫×${v.concealed_count[seat]}`.replace("🀫", app.lang === "zh" ? "暗牌 " : "hidden ") }));
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
  } else text = T(words[st.kind] || "nothingToDo");
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
  if (a.kind === "chow") return T("act_chow", { m: a.meld.map(tileName).join("") });
  if (a.kind === "lack") return T("act_lack", { s: T(`suit_${a.tile}`) });
  if (a.kind === "pass" && app.state.step.kind === "swap") return T("act_pick_done");
  if (["discard", "pick"].includes(a.kind)) return `${a.kind === "pick" ? "→" : ""}${t}`;
  if (a.kind === "ready") return `${T("act_ready")} ${t}`;
  return T(`act_${a.kind}`, { t });
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
  if (s.step.answered) bar.push(el("span", { class: "answered", text: T("answered", { a: actionText(s.step.answered) }) }));
  if (acts.some((a) => a.kind === "ready")) {
    bar.push(el("button", { type: "button", class: `ready-toggle${app.readyMode ? " on" : ""}`, "aria-pressed": app.readyMode ? "true" : "false",
      "data-kind": "ready", "data-key": n, text: `${n++}. ${app.readyMode ? T("act_ready_on") : T("act_ready")}`,
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
  if (acts.some((a) => a.kind === "discard")) prompt = app.readyMode ? T("act_ready_on") : T("yourTurn");
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

function eventText(e) {
  const w = (s) => who(s);
  switch (e.type) {
    case "hand_started": return T("ev_hand_started", { n: e.hand_number + 1, w: windOf(e.dealer) === "" ? e.dealer : who(e.dealer) });
    case "dice": return T("ev_dice", { d: e.dice.join("+") });
    case "dealt": return T("ev_dealt", { who: w(e.seat), n: e.tiles ? e.tiles.length : e.n });
    case "draw": return e.tile !== undefined ? T("ev_draw_own", { t: tileName(e.tile) }) : T("ev_draw", { who: w(e.seat) });
    case "discard": return T(e.ready ? "ev_ready" : "ev_discard", { who: w(e.seat), t: tileName(e.tile) });
    case "claim": return T("ev_claim", { who: w(e.seat), k: T(`k_${e.kind}`), t: e.meld.map(tileName).join("") });
    case "kong": return T("ev_kong", { who: w(e.seat), k: T(`k_${e.kind}`) }) + (e.tile !== undefined ? ` ${tileName(e.tile)}` : "");
    case "kong_robbed": return T("ev_robbed", { who: w(e.seat) });
    case "win": return T("ev_win", { who: w(e.seat), t: tileName(e.tile),
      how: e.from_seat === null ? T("ev_selfdrawn") : T("ev_ondiscard", { who: w(e.from_seat) }) });
    case "lack": return T("ev_lack", { who: w(e.seat), s: T(`suit_${e.suit}`) });
    case "bonus": return T("ev_bonus", { who: w(e.seat), t: tileName(e.tile) });
    case "wildcard": return T("ev_wildcard", { t: tileName(e.indicator), names: e.wildcards.map(tileName).join(" ") });
    case "pick": return T("ev_pick", { who: w(e.seat) });
    case "passed": return T("ev_passed", { who: w(e.seat), to: w(e.to_seat) });
    case "swapped": return T("ev_swapped", { who: w(e.seat), n: e.given ? e.given.length : e.n });
    case "haidi": return T("ev_haidi", { who: w(e.seat), t: tileName(e.tile) });
    case "wall_end": return T("ev_wall_end");
    case "paid": return T("ev_paid", { from: w(e.payer), to: w(e.payee), n: e.amount });
    case "hand_ended": return T("ev_hand_ended");
    case "opening": return T("ev_opening", { who: w(e.seat), k: e.key });
    case "instant_win": return T("ev_instant_win", { who: w(e.seat), k: e.key });
    case "horses": return T("ev_horses", { t: e.tiles.map(tileName).join(" ") });
    default: return "";
  }
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
        el("p", { text: `${label(w.seat)}: ${w.hand}  —  ${w.total} ${unit}` }),
        el("ul", { class: "items" }, ...w.items.map((it) => el("li", { dataset: { key: it.key },
          text: `${app.lang === "zh" ? it.name_zh : it.name_en} ${it.value}${it.count > 1 ? " ×" + it.count : ""}` })))));
    }
  } else body.push(el("p", { text: T("drawn") }));
  if (r.payments.length) {
    body.push(el("table", { class: "payments" }, el("caption", { text: T("paymentsHeading") }),
      el("thead", {}, el("tr", {}, el("th", { text: T("payer") }), el("th", { text: T("payee") }),
        el("th", { text: T("amount") }), el("th", { text: T("reason") }))),
      el("tbody", {}, ...r.payments.map((p) => el("tr", {}, el("td", { text: label(p.payer) }), el("td", { text: label(p.payee) }),
        el("td", { class: "amount", text: p.amount }), el("td", { text: p.label[app.lang] }))))));
  }
  body.push(el("table", { class: "net" }, el("caption", { text: T("netHeading") }),
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
    body.unshift(el("h3", { class: "final", text: T("finalTitle") + " " + s.scores.map((x, p) => `${T("seatN", { n: p })}: ${x}`).join(" · ") }));
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
  $("#lang").textContent = T("other");
}

async function boot() {
  const q = new URLSearchParams(location.search);
  const lang = q.get("lang") || (navigator.language || "zh").slice(0, 2);
  app.lang = lang === "en" ? "en" : "zh";
  app.id = q.get("id");
  app.seat = q.has("seat") ? Number(q.get("seat")) : null;
  app.token = q.get("token");
  applyLanguage();
  $("#lang").addEventListener("click", () => {
    app.lang = app.lang === "zh" ? "en" : "zh";
    const u = new URL(location.href);
    u.searchParams.set("lang", app.lang);
    history.replaceState(null, "", u);
    applyLanguage();
    if (app.id) { render(); renderLog(true); const rs = app.state && app.state.results;
      if (rs && rs.length && !$("#result").hidden) showResult(rs[rs.length - 1]); } else buildLobby();
  });
  [app.tiles, app.rulesets] = await Promise.all([getJSON("/api/tiles"), getJSON("/api/rules")]);
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
