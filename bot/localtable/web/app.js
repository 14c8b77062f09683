// The local table: shows the fake Discord channel as one person sees it, and sends their
// clicks, menu choices, modal answers and slash commands. Everything shown comes from what the
// bot sent to the fake Discord; nothing here knows any game.
"use strict";
const params = new URLSearchParams(location.search);
let me = params.get("user") || localStorage.getItem("tablebot-user") || "ada";
// channel is the channel shown: "" for the local channel, or the ID of one of its threads.
let channel = params.get("channel") || "";
let state = null;
const $ = (id) => document.getElementById(id);

async function api(path, body) {
  const r = await fetch(path, body ? { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) } : {});
  if (!r.ok) throw new Error(await r.text());
  return r.json();
}

function esc(s) { return s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c])); }

function relative(unix) {
  const d = unix * 1000 - Date.now(), a = Math.abs(d) / 1000;
  const [n, unit] = a < 90 ? [Math.round(a), "second"] : a < 5400 ? [Math.round(a / 60), "minute"] : a < 129600 ? [Math.round(a / 3600), "hour"] : [Math.round(a / 86400), "day"];
  const lang = (state && state.me.locale.startsWith("cs")) ? "cs" : "en";
  return new Intl.RelativeTimeFormat(lang, { numeric: "auto" }).format(Math.sign(d) * n, unit);
}

// render writes Discord's markdown subset as HTML: bold, italic, code, mentions, channels,
// timestamps and links.
function render(text) {
  const names = Object.fromEntries((state ? state.users : []).map((u) => [u.id, u.name]));
  let h = esc(text);
  h = h.replace(/&lt;@!?(\d+)&gt;/g, (_, id) => `<span class="mention">@${esc(names[id] || id)}</span>`);
  h = h.replace(/&lt;#(\d+)&gt;/g, (_, id) => `<a class="jump" href="#" data-channel="${id}">${esc(channelName(id))}</a>`);
  h = h.replace(/&lt;t:(\d+):R&gt;/g, (_, t) => `<time>${relative(+t)}</time>`);
  h = h.replace(/\*\*(.+?)\*\*/g, "<b>$1</b>").replace(/\*(.+?)\*/g, "<i>$1</i>").replace(/`([^`]+)`/g, "<code>$1</code>");
  h = h.replace(/(https?:\/\/[^\s<]+)/g, (url) => {
    // A link to a message of this channel (the bot writes Discord's) opens it here.
    const jump = url.match(/^https:\/\/(?:ptb\.|canary\.)?discord(?:app)?\.com\/channels\/[^/]+\/(\d+)(?:\/(\d+))?$/);
    if (jump && state && known(jump[1])) {
      const to = jump[2] ? ` data-jump="${jump[2]}"` : "";
      return `<a class="jump" href="#" data-channel="${jump[1]}"${to}>${esc(channelName(jump[1]))}${jump[2] ? " › 💬" : ""}</a>`;
    }
    return `<a href="${url}" target="_blank" rel="noopener">${url}</a>`;
  });
  return h.replace(/\n/g, "<br>");
}

// jump shows the message a jump link points to, as Discord does: scrolled to and lit up (for
// two seconds, also through a refresh that redraws it).
let lit = { id: null, until: 0 };
function jump(id) {
  const m = document.getElementById("msg-" + id);
  if (!m) { $("error").textContent = "That message is not in this channel any more."; return; }
  $("error").textContent = "";
  lit = { id, until: Date.now() + 2000 };
  m.scrollIntoView({ block: "center" });
  m.classList.remove("lit"); void m.offsetWidth; m.classList.add("lit");
}

// known reports whether id is the local channel or one of its threads; channelName names it.
function known(id) { return !!state && (id === state.parent || state.threads.some((t) => t.id === id)); }
function channelName(id) {
  const t = state && state.threads.find((t) => t.id === id);
  return t ? "🧵 " + t.name : "#table";
}

// open shows the local channel ("" or its ID) or one of its threads, then the message id if
// given (a jump link into another thread).
async function open(id, msg) {
  channel = !state || id === state.parent ? "" : id;
  const q = new URLSearchParams({ user: me });
  if (channel) q.set("channel", channel);
  history.replaceState(null, "", "?" + q);
  follow = Date.now() + 1000;
  await refresh();
  if (msg) jump(msg);
}

$("messages").addEventListener("click", (e) => {
  const a = e.target.closest("a.jump");
  if (!a) return;
  e.preventDefault();
  const to = a.dataset.channel;
  if (to && to !== state.channel) { if (known(to)) open(to, a.dataset.jump); return; }
  if (a.dataset.jump) jump(a.dataset.jump);
});

$("back").onclick = (e) => { e.preventDefault(); open(""); };

// channels lists the local channel and its threads, the one shown marked.
function channels() {
  const link = (id, label, cls) => {
    const a = document.createElement("a");
    a.href = "#"; a.textContent = label; a.className = cls + (id === state.channel ? " on" : "");
    a.dataset.channel = id;
    a.onclick = (e) => { e.preventDefault(); open(id); };
    return a;
  };
  const list = [link(state.parent, "# table", "chan")];
  // An archived thread says so in words, not only by being dimmed.
  const archived = state.me.locale.startsWith("cs") ? " · archivováno" : " · archived";
  for (const t of state.threads) list.push(link(t.id, "🧵 " + t.name + (t.archived ? archived : ""), "thread" + (t.archived ? " archived" : "")));
  $("channels").replaceChildren(...list);
  const inThread = state.channel !== state.parent;
  $("title").textContent = inThread ? channelName(state.channel) : "# table";
  $("back").hidden = !inThread;
}

function button(msg, c) {
  if (c.style === 5 && c.url) { // a link button opens its address
    const a = document.createElement("a");
    a.className = "button s2"; a.href = c.url; a.target = "_blank"; a.rel = "noopener";
    a.textContent = (c.emoji && c.emoji.name ? c.emoji.name + " " : "") + (c.label || "") + " ↗";
    return a;
  }
  const b = document.createElement("button");
  b.className = "s" + (c.style || 2);
  b.textContent = (c.emoji && c.emoji.name ? c.emoji.name + " " : "") + (c.label || "");
  b.disabled = !!c.disabled;
  b.dataset.customId = c.custom_id;
  b.onclick = () => act({ user: me, message: msg.id, custom_id: c.custom_id });
  return b;
}

function select(msg, c) {
  const s = document.createElement("select");
  s.dataset.customId = c.custom_id;
  const ph = document.createElement("option");
  ph.textContent = c.placeholder || "Choose…"; ph.value = ""; ph.disabled = true; ph.selected = true;
  s.append(ph);
  for (const o of c.options || []) {
    const opt = document.createElement("option");
    opt.value = o.value; opt.selected = !!o.default; // Discord shows a default option chosen
    opt.textContent = o.label + (o.description ? " — " + o.description : "");
    s.append(opt);
  }
  s.onchange = () => act({ user: me, message: msg.id, custom_id: c.custom_id, values: [s.value] });
  return s;
}

function messageView(msg) {
  const div = document.createElement("div");
  div.className = "msg" + (msg.ephemeral ? " ephemeral" : "");
  div.dataset.id = msg.id;
  div.id = "msg-" + msg.id;
  if (lit.id === msg.id && Date.now() < lit.until) div.classList.add("lit");
  if (msg.ephemeral) div.dataset.for = me;
  div.innerHTML = `<span class="author">tablebot</span><span class="bot">BOT</span>`;
  const content = document.createElement("div");
  content.className = "content";
  content.innerHTML = msg.pending ? '<span class="pending">tablebot is thinking…</span>' : render(msg.content || "");
  div.append(content);
  for (const a of msg.attachments || []) {
    if ((a.type || "").startsWith("image/")) {
      const img = document.createElement("img");
      img.src = a.url; img.alt = a.name; img.loading = "lazy";
      if (a.width) { img.width = a.width; img.height = a.height; }
      div.append(img);
    } else { // any other file (a game's record) is a download, as Discord shows it
      const file = document.createElement("a");
      file.className = "file"; file.href = a.url; file.download = a.name;
      file.textContent = "📄 " + a.name;
      div.append(file);
    }
  }
  for (const row of msg.components || []) {
    const r = document.createElement("div");
    r.className = "row";
    for (const c of row.components || []) {
      if (c.type === 2) r.append(button(msg, c));
      else if (c.type === 3) r.append(select(msg, c));
    }
    div.append(r);
  }
  if (msg.ephemeral) {
    const only = document.createElement("div");
    only.className = "only";
    only.textContent = state && state.me.locale.startsWith("cs") ? "👁 Tuto zprávu vidíš jen ty" : "👁 Only you can see this";
    div.append(only);
  }
  return div;
}

// follow is until when the page keeps to the newest message after the person sent a command,
// whose answer comes a moment later (as Discord does).
let follow = 0;

async function refresh() {
  state = await api("/api/view?user=" + encodeURIComponent(me) + (channel ? "&channel=" + encodeURIComponent(channel) : ""));
  channels();
  const box = $("messages"), atBottom = box.scrollHeight - box.scrollTop - box.clientHeight < 80 || Date.now() < follow;
  box.replaceChildren(...(state.messages || []).map(messageView));
  if (atBottom) box.scrollTop = box.scrollHeight;
  const user = $("user");
  if (user.options.length !== state.users.length) {
    user.replaceChildren(...state.users.map((u) => new Option(u.name + (u.manager ? " (manager)" : ""), u.handle)));
  }
  user.value = state.me.handle;
  $("locale").value = state.me.locale.startsWith("cs") ? "cs" : "en-US";
  $("newtab").href = "?user=" + state.me.handle + (channel ? "&channel=" + channel : "");
  suggestions();
  showModal(state.modal);
}

function suggestions() {
  const list = [];
  for (const c of state.commands) {
    const subs = (c.options || []).filter((o) => o.type === 1);
    if (subs.length) for (const s of subs) list.push(`/${c.name} ${s.name} ` + (s.options || []).map((o) => o.name + ":" + (o.choices && o.choices.length ? o.choices[0].value : "")).join(" "));
    else list.push(`/${c.name} ` + (c.options || []).map((o) => o.name + ":").join(" "));
  }
  const dl = $("suggestions");
  if (dl.childElementCount !== list.length) dl.replaceChildren(...list.map((s) => new Option(s.trim())));
}

// modalShown is the serial of the modal on screen; dismissed that of the last one the person
// closed, which a refresh racing the close must not open again.
let modalShown = null, dismissed = null;
function showModal(m) {
  const d = $("modal");
  if (!m) { if (d.open) d.close(); modalShown = null; return; }
  if (m.serial === dismissed || (modalShown === m.serial && d.open)) return;
  modalShown = m.serial;
  $("modaltitle").textContent = m.title;
  const fields = $("modalfields");
  fields.replaceChildren();
  for (const row of m.components || []) for (const c of row.components || []) {
    const label = document.createElement("label");
    label.textContent = c.label;
    const input = document.createElement("input");
    input.name = c.custom_id; input.placeholder = c.placeholder || ""; input.required = !!c.required;
    label.append(input);
    fields.append(label);
  }
  d.showModal();
}

// closeModal sends the modal's answer, or its dismissal (Cancel, Esc) — which, as on Discord,
// sends nothing to the bot.
async function closeModal(submit) {
  const fields = {};
  for (const i of $("modalfields").querySelectorAll("input")) fields[i.name] = i.value;
  dismissed = modalShown; modalShown = null;
  if ($("modal").open) $("modal").close();
  await api("/api/modal", { user: me, fields, cancel: !submit });
  refresh();
}

$("modalform").onsubmit = (e) => {
  e.preventDefault();
  closeModal(!!e.submitter && e.submitter.value === "submit");
};
$("modalcancel").onclick = (e) => { e.preventDefault(); closeModal(false); };
$("modal").addEventListener("cancel", (e) => { e.preventDefault(); closeModal(false); });

async function act(body) {
  $("error").textContent = "";
  try { await api("/api/click", body); } catch (e) { $("error").textContent = e.message; }
  refresh();
}

$("compose").onsubmit = async (e) => {
  e.preventDefault();
  const text = $("command").value.trim();
  if (!text) return;
  $("error").textContent = "";
  const r = await api("/api/command", { user: me, text, channel });
  if (r.error) { $("error").textContent = r.error; return; }
  $("command").value = "";
  follow = Date.now() + 3000;
  refresh();
};

$("user").onchange = (e) => {
  me = e.target.value;
  localStorage.setItem("tablebot-user", me);
  open(state ? state.channel : "");
};

$("locale").onchange = async (e) => { await api("/api/locale", { user: me, locale: e.target.value }); refresh(); };

new EventSource("/api/events").onmessage = () => refresh();
refresh();
setInterval(() => document.querySelectorAll("time").length && refresh(), 30000);
