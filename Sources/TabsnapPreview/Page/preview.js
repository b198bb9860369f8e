// tabsnap preview: one card per spec. Pictures come from the server (the same renderer as
// `tabsnap render`); this script only asks for them, puts them on screen and listens for reloads.
"use strict";

const settings = { theme: "", scale: "", textScale: "", direction: "", locale: "" };
const cards = new Map();     // spec name → card state
// The view as the page's address keeps it (settings, each card's position, the card last used),
// so a view can be shared and survives a reload.
const view = new URLSearchParams(location.search);
let canVideo = false;        // the server found ffmpeg: MP4 can be saved
window.tabsnapCards = cards;  // for the end-to-end test
// Figures the end-to-end test reads: slider-to-screen and save-to-screen latencies.
window.tabsnapStats = { sliderLatencies: [], breakdown: [], reloads: [], frames: 0 };

const $ = (root, selector) => root.querySelector(selector);

/// The page's settings as a query. Built with encodeURIComponent, not URLSearchParams: the
/// server reads `+` as itself, not as a space (a spec named "tab bar").
const encodeQuery = (items) => Object.entries(items).map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`).join("&");

function query(card, extra = {}) {
  const args = card.args ? { args: JSON.stringify(card.args) } : {};
  const items = { spec: card.spec.name, position: String(card.position), ...settings, v: String(card.spec.version), ...args, ...extra };
  return encodeQuery(Object.fromEntries(Object.entries(items).filter(([, value]) => value !== "")));
}

/// The version of the spec whose picture is on the canvas (null before one is drawn). Save, Copy
/// as YAML and Copy as golden send it, and the server refuses another, so each gives what the
/// page shows: a newer version may be on its way, or have failed to draw.
function shownVersion(card) {
  return card.drawnQuery ? new URLSearchParams(card.drawnQuery).get("v") : null;
}

async function loadCatalog() {
  const response = await fetch("/specs.json", { cache: "no-store" });
  if (!response.ok) throw new Error(await response.text());
  return response.json();
}

function makeCard(spec) {
  const node = document.getElementById("card").content.firstElementChild.cloneNode(true);
  const card = { spec, node, position: spec.bar ? spec.bar.position : 0, inflight: false, wanted: null,
                 drawnQuery: null, layout: null, layoutQuery: null, bytes: null, playTimer: null };
  node.dataset.spec = spec.name;
  $(node, ".name").textContent = spec.name;
  $(node, ".path").textContent = spec.path;
  const stored = Number(view.get("p." + spec.name));
  if (view.has("p." + spec.name) && Number.isFinite(stored)) card.position = stored;
  const slider = $(node, ".position");
  // The slider snaps to the buttons; Shift or Alt held scrubs freely (mid-swipe, overscroll).
  let free = false;
  const modifiers = (event) => { free = event.shiftKey || event.altKey; };
  slider.addEventListener("pointerdown", modifiers);
  slider.addEventListener("pointermove", modifiers);
  slider.addEventListener("keydown", (event) => {
    modifiers(event);
    const steps = { ArrowRight: 1, ArrowUp: 1, PageUp: 1, ArrowLeft: -1, ArrowDown: -1, PageDown: -1 };
    if (free || !(event.key in steps)) return;
    // Unsnapped, an arrow moves 0.01, which snapping would undo: a key moves a whole button.
    event.preventDefault();
    moveTo(card, snapped(card, Math.round(card.position) + steps[event.key]));
  });
  slider.addEventListener("input", () => {
    const value = Number(slider.value);
    moveTo(card, free ? value : snapped(card, value));
  });
  node.addEventListener("pointerdown", () => { view.set("spec", spec.name); saveView(); });
  if (canVideo) $(node, ".save-mp4").hidden = false;
  $(node, ".play").addEventListener("click", () => play(card));
  $(node, ".golden").addEventListener("click", () => copyGolden(card, card.matches.stills));
  $(node, ".golden-transition").addEventListener("click", () => copyGolden(card, card.matches.transition));
  const stage = $(node, ".stage");
  stage.addEventListener("mousemove", (event) => hover(card, event));
  stage.addEventListener("mouseleave", () => {
    card.hoverToken = (card.hoverToken || 0) + 1;
    $(node, ".overlay").replaceChildren();
    $(node, ".tip").hidden = true;
  });
  $(node, ".layout").addEventListener("toggle", () => showLayoutJSON(card));
  setUpControls(card);
  cards.set(spec.name, card);
  return card;
}

// MARK: Controls (as Storybook's args): the spec changed in the page, never in its file. The
// server applies them to the spec's YAML (`SpecOverrides`), so "Copy as YAML" gives the text
// that draws what the card shows.

const colourFields = ["background", "tint", "selectedTint", "indicatorColor"];
const colourPattern = /^#[0-9A-Fa-f]{6}([0-9A-Fa-f]{2})?$/;

function setUpControls(card) {
  const form = $(card.node, ".args-form");
  // From the address, which anyone can write: taken only in the shape the controls make
  // (hostile round 35: `a.bar={"items":5}` stopped the whole page), else ignored.
  const stored = view.get("a." + card.spec.name);
  if (stored) { try { card.args = usableArgs(JSON.parse(stored)); } catch { card.args = null; } }
  form.addEventListener("input", () => { readControls(card); argsChanged(card); });
  $(form, ".reset-args").addEventListener("click", () => { card.args = null; fillControls(card); argsChanged(card); });
  $(form, ".copy-yaml").addEventListener("click", () => copyYAML(card));
  fillControls(card);
}

/// `value` when it is args as the controls make them (strings where they are strings, 1–20
/// items of a title and maybe a badge), else null.
function usableArgs(value) {
  if (!value || typeof value !== "object" || Array.isArray(value)) return null;
  const text = (x) => typeof x === "string";
  // A preset the select box offers, colours as the fields take them, badges as the fields
  // write them ("•" is written as "" — round 36: these were taken as they came).
  const presets = [...document.getElementById("card").content.querySelectorAll("select[name=preset] option")].map((option) => option.value).filter(Boolean);
  if ("preset" in value && !presets.includes(value.preset)) return null;
  for (const name of colourFields) if (name in value && !(text(value[name]) && colourPattern.test(value[name]))) return null;
  if ("items" in value) {
    const items = value.items;
    if (!Array.isArray(items) || items.length < 1 || items.length > 20) return null;
    if (!items.every((item) => item && typeof item === "object" && text(item.title) && (!("badge" in item) || (text(item.badge) && item.badge !== "•")))) return null;
  }
  const known = new Set(["preset", "items", ...colourFields]);
  return Object.keys(value).every((key) => known.has(key)) && Object.keys(value).length ? value : null;
}

/// The controls showing the card's args, or the spec's own values where it has none.
function fillControls(card) {
  const form = $(card.node, ".args-form");
  const own = card.spec.bar ? card.spec.bar.controls : { items: [] };
  const args = card.args || {};
  form.elements.preset.value = args.preset || "";
  for (const name of colourFields) form.elements[name].value = args[name] || "";
  showItems(card, args.items || own.items || []);
}

function showItems(card, items) {
  const list = $(card.node, ".args-form .items");
  list.replaceChildren(...items.map((item) => {
    const row = document.createElement("li");
    const title = document.createElement("input");
    title.className = "title";
    title.value = item.title || "";
    title.setAttribute("aria-label", "title");
    const badge = document.createElement("input");
    badge.className = "badge";
    // A spec's empty badge is a dot: shown and written as •, an empty field is no badge.
    badge.value = item.badge === "" ? "•" : item.badge || "";
    badge.placeholder = "badge";
    badge.title = "a value, • for a dot, or empty for none";
    badge.setAttribute("aria-label", "badge");
    row.append(title, badge);
    return row;
  }));
  $(card.node, ".args-form").elements.count.value = items.length;
}

/// The card's args from the controls: only what differs from the spec (nothing: null).
function readControls(card) {
  const form = $(card.node, ".args-form");
  const own = card.spec.bar ? card.spec.bar.controls : { items: [] };
  let items = [...form.querySelectorAll(".items li")].map((row) => {
    const badge = $(row, ".badge").value.trim();
    if (!badge) return { title: $(row, ".title").value };
    return { title: $(row, ".title").value, badge: badge === "•" ? "" : badge };
  });
  const count = Math.min(Math.max(Number(form.elements.count.value) || items.length, 1), 20);
  if (count !== items.length) {
    items = Array.from({ length: count }, (_, index) => items[index] || { title: "Item " + (index + 1) });
    showItems(card, items);
  }
  const args = {};
  if (form.elements.preset.value) args.preset = form.elements.preset.value;
  const badgeOf = (item) => (item.badge === undefined || item.badge === null ? null : item.badge);
  const same = (a, b) => a.length === b.length && a.every((item, index) => item.title === (b[index].title || "") && badgeOf(item) === badgeOf(b[index]));
  if (!same(items, own.items || [])) args.items = items;
  for (const name of colourFields) {
    const value = form.elements[name].value.trim();
    form.elements[name].setCustomValidity(value && !colourPattern.test(value) ? "#RRGGBB" : "");
    if (colourPattern.test(value)) args[name] = value;
  }
  card.args = Object.keys(args).length ? args : null;
}

function argsChanged(card) {
  // The slider follows the controls' item count.
  const count = card.args && card.args.items ? card.args.items.length : card.spec.bar ? card.spec.bar.buttons : 1;
  const slider = $(card.node, ".position");
  slider.max = count - 0.5;
  if (card.position > count - 0.5) { card.position = count - 1; slider.value = card.position; showPosition(card); }
  $(card.node, ".args-note").textContent = card.args ? "changed in the page only; the file is as it was" : "";
  requestFrame(card);
  refreshLinks(card);
  saveView();
}

async function copyYAML(card) {
  const pre = $(card.node, ".args .yaml");
  const shown = shownVersion(card);
  const response = await fetch("/spec.yaml?" + query(card, shown === null ? {} : { v: shown }), { cache: "no-store" });
  const text = await response.text();
  pre.textContent = text;
  pre.hidden = false;
  if (!response.ok) { $(card.node, ".args-note").textContent = text.trim(); return; }
  try {
    await navigator.clipboard.writeText(text);
    $(card.node, ".args-note").textContent = "copied as YAML (below)";
  } catch {
    $(card.node, ".args-note").textContent = "the YAML is below (the browser did not allow copying)";
  }
}

/// The whole position nearest `value` within the slider's range: a button.
function snapped(card, value) {
  const bar = card.spec.bar;
  if (!bar) return value;
  const max = Number($(card.node, ".position").max);
  return Math.min(Math.max(Math.round(value), Math.ceil(bar.minPosition)), Math.floor(Number.isFinite(max) ? max : bar.maxPosition)) + 0;
}

function moveTo(card, position) {
  card.position = position;
  $(card.node, ".position").value = position;
  card.inputAt = performance.now();
  showPosition(card);
  requestFrame(card);
  saveView();
}

/// The view into the page's address (replaced, not pushed: scrubbing makes no history).
let viewTimer = null;
function saveView() {
  clearTimeout(viewTimer);
  viewTimer = setTimeout(() => {
    for (const key of Object.keys(settings)) { if (settings[key]) view.set(key, settings[key]); else view.delete(key); }
    for (const card of cards.values()) {
      const own = card.spec.bar ? card.spec.bar.position : 0;
      if (card.position !== own) view.set("p." + card.spec.name, String(card.position)); else view.delete("p." + card.spec.name);
      if (card.args) view.set("a." + card.spec.name, JSON.stringify(card.args)); else view.delete("a." + card.spec.name);
    }
    const search = view.toString();
    history.replaceState(null, "", search ? "?" + search : location.pathname);
  }, 150);
}

function showPosition(card) {
  $(card.node, ".position-value").textContent = card.position.toFixed(2);
}

/// Takes in a new version of the spec: error panel, slider range, links; then a fresh picture.
function update(card, spec) {
  card.spec = spec;
  showError(card);
  // The controls start from the spec as it is now, unless the page has changed them.
  if (!card.args) fillControls(card);
  if (spec.bar) {
    const slider = $(card.node, ".position");
    slider.min = spec.bar.minPosition;
    slider.max = card.args && card.args.items ? card.args.items.length - 0.5 : spec.bar.maxPosition;
    if (card.position < spec.bar.minPosition || card.position > spec.bar.maxPosition) card.position = spec.bar.position;
    slider.value = card.position;
    showPosition(card);
    $(card.node, ".play").disabled = false;
  } else {
    $(card.node, ".play").disabled = true;
  }
  requestFrame(card);
}

/// The spec's error, else the last picture's (an icon file that no longer draws): either way
/// the last picture that rendered stays on screen below it.
function showError(card) {
  const text = card.spec.error || card.renderError || "";
  const error = $(card.node, ".error");
  error.hidden = !text;
  $(error, ".message").textContent = text;
  // Only when there is one: a page opened on a broken spec has no picture yet.
  $(error, "p").hidden = !card.drawnQuery;
}

/// Scrubbing: one request in flight per card; the latest position wins when it returns.
function requestFrame(card) {
  if (!card.spec.bar) { refreshLinks(card); return; }
  card.wanted = query(card);
  if (!card.inflight) drawFrame(card);
}

async function drawFrame(card) {
  const wanted = card.wanted;
  const startedAt = card.inputAt;
  card.inflight = true;
  try {
    const requested = performance.now();
    const response = await fetch("/render.png?" + wanted, { cache: "no-store" });
    if (!response.ok) throw new Error(await response.text());
    const blob = await response.blob();
    const received = performance.now();
    const bitmap = await createImageBitmap(blob);
    const decoded = performance.now();
    const canvas = $(card.node, ".bar");
    // Shown at its size in points: the picture's pixels over the scale it was drawn at (a text
    // scale can make a bar taller than the spec's).
    const scale = effective(card).scale;
    canvas.width = bitmap.width;
    canvas.height = bitmap.height;
    canvas.style.width = bitmap.width / scale + "px";
    canvas.style.height = bitmap.height / scale + "px";
    canvas.getContext("2d").drawImage(bitmap, 0, 0);
    bitmap.close();
    card.bytes = blob;
    card.drawnQuery = wanted;
    window.tabsnapStats.frames += 1;
    const reload = card.pendingReload;
    if (reload && wanted.includes(`&v=${reload.version}`)) {
      card.pendingReload = null;
      requestAnimationFrame(() => window.tabsnapStats.reloads.push({ spec: card.spec.name, version: reload.version, error: null, at: Date.now() }));
    }
    // On screen at the next frame the browser paints.
    const server = Number((response.headers.get("Server-Timing") || "").match(/dur=([0-9.]+)/)?.[1]);
    requestAnimationFrame(() => {
      const painted = performance.now();
      if (startedAt !== undefined) {
        window.tabsnapStats.sliderLatencies.push(painted - startedAt);
        window.tabsnapStats.breakdown.push({ waited: requested - startedAt, server, fetched: received - requested,
                                             decoded: decoded - received, painted: painted - decoded });
      }
    });
    // A slider move made while this frame was on its way is timed by the frame that follows.
    if (card.inputAt === startedAt) card.inputAt = undefined;
    refreshLinks(card);
    card.renderError = null;
    showError(card);
  } catch (error) {
    card.renderError = String(error.message || error).trim();
    showError(card);
  } finally {
    card.inflight = false;
    if (card.wanted !== wanted) drawFrame(card);
  }
}

function refreshLinks(card) {
  const bar = card.spec.bar;
  for (const [selector, path] of [[".save-png", "/render.png"], [".save-svg", "/render.svg"], [".save-apng", "/animation.png"],
                                  [".save-gif", "/animation.gif"], [".save-mp4", "/animation.mp4"]]) {
    const link = $(card.node, selector);
    const shown = shownVersion(card);
    if (bar) link.href = path + "?" + query(card, { download: "1", ...(shown === null ? {} : { v: shown }) }); else link.removeAttribute("href");
  }
  refreshGoldens(card);
  if ($(card.node, ".layout").open) showLayoutJSON(card);
}

/// The view's settings as the spec's goldens name them (empty toggles are the spec's values).
function effective(card) {
  const bar = card.spec.bar;
  return {
    position: card.position,
    scale: settings.scale ? Number(settings.scale) : bar.scale,
    theme: settings.theme || bar.theme,
    direction: settings.direction || bar.direction,
    textScale: settings.textScale ? Number(settings.textScale) : bar.textScale,
    locale: settings.locale,
  };
}

function refreshGoldens(card) {
  const button = $(card.node, ".golden"), transitionButton = $(card.node, ".golden-transition");
  const spec = card.spec;
  card.matches = { stills: [], transition: [] };
  if (!spec.bar || spec.goldensUnavailable) {
    button.disabled = true;
    button.title = spec.goldensUnavailable || "the spec has not rendered yet";
    transitionButton.hidden = true;
    return;
  }
  if (card.args) {
    button.disabled = true;
    button.title = "the controls changed the spec: copy it as YAML into its file first";
    transitionButton.hidden = true;
    return;
  }
  const view = effective(card);
  const near = (a, b) => Math.abs(a - b) < 1e-6;
  const same = (golden) => golden.theme === view.theme && golden.direction === view.direction && near(golden.textScale, view.textScale)
    && (golden.locale || "") === view.locale;
  card.matches.stills = spec.goldens.filter((golden) => golden.kind !== "transition" && same(golden)
    && near(golden.position, view.position) && (golden.kind === "svg" || golden.kind === "a11y" || near(golden.scale, view.scale)));
  card.matches.transition = spec.goldens.filter((golden) => golden.kind === "transition" && same(golden) && near(golden.scale, view.scale));
  button.disabled = card.matches.stills.length === 0;
  button.title = card.matches.stills.length
    ? "writes " + card.matches.stills.map((golden) => golden.name).join(", ")
    : "this view is none of the spec's goldens: " + spec.goldens.map((golden) => golden.name).join(", ");
  transitionButton.hidden = card.matches.transition.length === 0;
  transitionButton.title = card.matches.transition.map((golden) => golden.name).join(", ");
}

/// Set when the server paused this page (more than 16 open): it copies nothing from then on.
let pagePaused = false;

async function copyGolden(card, goldens) {
  if (pagePaused) { setNote(card, "paused — reload the page to copy"); return; }
  const shown = shownVersion(card);
  if (shown === null) { setNote(card, "nothing drawn yet — wait for the picture, then copy"); return; }
  const written = [];
  for (const golden of goldens) {
    const response = await fetch("/golden?" + encodeQuery({ spec: card.spec.name, name: golden.name, v: shown }), { method: "POST" });
    const text = await response.text();
    if (!response.ok) { setNote(card, text.trim()); return; }
    written.push(JSON.parse(text).path);
  }
  setNote(card, "wrote " + written.join(", "));
}

function setNote(card, text) { $(card.node, ".golden-note").textContent = text; }

async function play(card) {
  const image = $(card.node, ".animation"), button = $(card.node, ".play");
  if (card.playTimer) { stopPlaying(card); return; }
  button.textContent = "… rendering";
  button.disabled = true;
  let url = null;
  try {
    const response = await fetch("/animation.png?" + query(card), { cache: "no-store" });
    if (!response.ok) throw new Error(await response.text());
    const seconds = Number(response.headers.get("X-Play-Seconds")) || 1;
    url = URL.createObjectURL(await response.blob());
    image.src = url;
    await image.decode();
    image.hidden = false;
    button.textContent = "■ Stop";
    card.playTimer = setTimeout(() => stopPlaying(card), seconds * 1000 + 150);
  } catch (error) {
    if (url) URL.revokeObjectURL(url);
    image.removeAttribute("src");
    button.textContent = "▶ Play";
    setNote(card, String(error.message || error));
  } finally {
    button.disabled = false;
  }
}

function stopPlaying(card) {
  clearTimeout(card.playTimer);
  card.playTimer = null;
  const image = $(card.node, ".animation");
  image.hidden = true;
  if (image.src) URL.revokeObjectURL(image.src);
  image.removeAttribute("src");
  $(card.node, ".play").textContent = "▶ Play";
}

/// The layout of the view on screen: one request per view, shared by every mouse move.
function layoutFor(card) {
  const wanted = query(card);
  if (card.layoutQuery !== wanted) {
    card.layoutQuery = wanted;
    card.layout = fetch("/layout.json?" + wanted, { cache: "no-store" })
      .then((response) => (response.ok ? response.json() : null)).catch(() => null);
  }
  return card.layout;
}

async function showLayoutJSON(card) {
  const details = $(card.node, ".layout");
  if (!details.open || !card.spec.bar) return;
  const layout = await layoutFor(card);
  $(details, "pre").textContent = layout ? JSON.stringify(layout, null, 2) : "";
}

/// Geometry on hover: the button under the pointer, its title, icon and badge boxes, and the
/// indicator, drawn over the picture in view coordinates (content minus the scroll offset).
async function hover(card, event) {
  const token = (card.hoverToken = (card.hoverToken || 0) + 1);
  const layout = await layoutFor(card);
  // The pointer has moved on (or left) while the layout was on its way.
  if (!layout || token !== card.hoverToken) return;
  const stage = $(card.node, ".stage"), overlay = $(card.node, ".overlay"), tip = $(card.node, ".tip");
  const bounds = stage.getBoundingClientRect();
  const x = (event.clientX - bounds.left) * layout.width / bounds.width + layout.scrollOffset;
  const y = (event.clientY - bounds.top) * layout.height / bounds.height;
  const inside = (frame) => x >= frame.x && x < frame.x + frame.width && y >= frame.y && y < frame.y + frame.height;
  const index = layout.buttons.findIndex((button) => inside(button.frame));
  const boxes = [];
  const box = (kind, frame) => {
    if (!frame || frame.width <= 0 || frame.height <= 0) return;
    const div = document.createElement("div");
    div.className = kind;
    Object.assign(div.style, {
      left: (frame.x - layout.scrollOffset) / layout.width * 100 + "%", top: frame.y / layout.height * 100 + "%",
      width: frame.width / layout.width * 100 + "%", height: frame.height / layout.height * 100 + "%",
    });
    boxes.push(div);
  };
  const rect = (frame) => `${round(frame.x)}, ${round(frame.y)}  ${round(frame.width)} × ${round(frame.height)}`;
  const lines = [];
  if (index >= 0) {
    const button = layout.buttons[index];
    box("button", button.frame);
    box("title", button.titleFrame);
    box("icon", button.iconFrame);
    if (button.badge) box("badge", button.badge.frame);
    lines.push(`button ${index}${button.title ? ` “${button.title}”` : ""}  frame ${rect(button.frame)}`);
    lines.push(`selection ${round(button.selection)}  alpha ${round(button.alpha)}  font ${button.font}`);
    if (button.titleFrame.width > 0) lines.push(`title ${rect(button.titleFrame)}${button.titleClipped ? "  (clipped)" : ""}`);
    if (button.iconFrame.width > 0) lines.push(`icon ${rect(button.iconFrame)}`);
    if (button.badge) lines.push(`badge ${rect(button.badge.frame)}`);
  }
  if (layout.indicator) {
    box("indicator", layout.indicator.frame);
    lines.push(`indicator ${rect(layout.indicator.frame)}`);
  }
  lines.push(`position ${round(layout.position)}  scroll ${round(layout.scrollOffset)}  content ${round(layout.contentWidth)}`);
  overlay.replaceChildren(...boxes);
  tip.textContent = lines.join("\n");
  tip.hidden = false;
}

const round = (value) => Math.round(value * 100) / 100;

/// Reload pushes: the server says which spec changed; its card fetches the new version.
function listen() {
  const status = document.getElementById("status");
  const socket = new WebSocket(`ws://${location.host}/events`);
  socket.addEventListener("open", () => {
    status.textContent = "live";
    status.className = "status live";
    // Back after a disconnection: catch up on what changed meanwhile (or a restarted server).
    if (listen.wasDown) relist();
    listen.wasDown = false;
  });
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(event.data);
    if (message.type === "list") { relist(); return; }
    if (message.type !== "reload") return;
    const spec = message.spec;
    const card = cards.get(spec.name);
    if (!card) return;
    if (spec.error || !spec.bar) {
      card.pendingReload = null;
      update(card, spec);
      window.tabsnapStats.reloads.push({ spec: spec.name, version: spec.version, error: spec.error, at: Date.now() });
      return;
    }
    // Counted when a frame of this version is painted (drawFrame).
    card.pendingReload = { version: spec.version };
    update(card, spec);
  });
  socket.addEventListener("close", (event) => {
    listen.wasDown = true;
    status.className = "status down";
    // 4000: a newer page took this one's place (the server keeps 16); reconnecting would close
    // the next oldest page in turn, so this one waits for a reload.
    if (event.code === 4000) {
      status.textContent = "paused — more than 16 preview pages are open; reload to resume";
      // A paused page no longer follows the specs: it copies nothing (the server would refuse
      // a changed spec's version anyway).
      pagePaused = true;
      for (const button of document.querySelectorAll("button.golden, button.golden-transition")) button.disabled = true;
      return;
    }
    status.textContent = "disconnected — retrying";
    setTimeout(listen, 1000);
  });
}

/// A spec file appeared in or left a folder: add and remove cards, keeping the others as they are.
async function relist() {
  const catalog = await loadCatalog();
  const main = document.getElementById("specs");
  const names = new Set(catalog.specs.map((spec) => spec.name));
  for (const [name, card] of cards) {
    if (!names.has(name)) { card.node.remove(); cards.delete(name); }
  }
  for (const spec of catalog.specs) {
    let card = cards.get(spec.name);
    if (!card) card = makeCard(spec);
    if (card.node.parentNode === null || card.spec.version !== spec.version || card.spec.path !== spec.path) update(card, spec);
    main.append(card.node);  // in the catalog's order
  }
  window.tabsnapStats.lists = (window.tabsnapStats.lists || 0) + 1;
}

async function start() {
  const form = document.getElementById("settings");
  const catalog = await loadCatalog();
  const textScales = form.elements.textScale;
  for (const size of catalog.textScales) textScales.add(new Option(`${size.label} (${round(size.factor)}×)`, String(size.factor)));
  for (const locale of catalog.locales) form.elements.locale.add(new Option(locale, locale));
  canVideo = catalog.ffmpeg;
  // The settings the address keeps, where the page offers them.
  for (const key of Object.keys(settings)) {
    const value = view.get(key);
    if (value !== null && [...form.elements[key].options].some((option) => option.value === value)) {
      form.elements[key].value = value;
      settings[key] = value;
    }
  }
  form.addEventListener("change", () => {
    for (const key of Object.keys(settings)) settings[key] = form.elements[key].value;
    for (const card of cards.values()) requestFrame(card);
    saveView();
  });
  const main = document.getElementById("specs");
  for (const spec of catalog.specs) {
    const card = makeCard(spec);
    main.append(card.node);
    update(card, spec);
  }
  const focused = cards.get(view.get("spec"));
  if (focused) focused.node.scrollIntoView();
  listen();
}

start().catch((error) => {
  document.getElementById("status").textContent = "error: " + (error.message || error);
});
