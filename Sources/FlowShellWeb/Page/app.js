// The browser's View of a FlowShell flow: it shows the ViewProperties the server pushes (the
// `--output json` encoding) and sends lines, exactly as typed at the terminal, to the same
// dispatcher. It knows no screen and no command of its own beyond the global ones it is told.
"use strict";

const $ = (id) => document.getElementById(id);
const state = {
  socket: null,
  screen: null,
  globals: [],
  nextID: 1,
  pending: 0,
  history: JSON.parse(sessionStorage.getItem("flowshell.history") || "[]"),
  historyIndex: null,
  ended: false,
  // The Tab asked about last: its id, and the line and the cursor then.
  completion: null,
};

// --- The door: how the page is let in ------------------------------------------------------------
// The address the serve command printed carries the server's token (?token=…). The page takes
// it out of the address bar and out of the tab's history at once, and sends it only in its
// WebSocket's first message; the server answers with a key for this tab, which the page keeps in
// the tab's session storage, and with which a reload of the tab comes back in. Nothing is kept in a
// cookie (cookies reach every port of a host) or in local storage (shared by every tab); a new tab
// needs the printed address. Everything about the token and the key is here.
const door = {
  token: null,

  // Takes the token out of the address, before anything else runs.
  take() {
    const params = new URLSearchParams(location.search);
    if (!params.has("token")) return;
    this.token = params.get("token");
    params.delete("token");
    const rest = params.toString();
    history.replaceState(null, "", location.pathname + (rest ? `?${rest}` : "") + location.hash);
  },

  // The WebSocket's first message: the token, or this tab's key; null when the page has neither.
  hello() {
    const tab = sessionStorage.getItem("flowshell.tab");
    const key = sessionStorage.getItem("flowshell.key");
    if (this.token) return tab ? { type: "hello", token: this.token, tab } : { type: "hello", token: this.token };
    if (tab && key) return { type: "hello", tab, key };
    return null;
  },

  // The server let the tab in: keeps its id and key for a reload; the token is no longer needed.
  admitted(message) {
    sessionStorage.setItem("flowshell.tab", message.tab);
    sessionStorage.setItem("flowshell.key", message.key);
    this.token = null;
  },
};
door.take();

// --- Connection -----------------------------------------------------------------------------

function connect() {
  const hello = door.hello();
  if (!hello) {
    state.ended = true;
    setConnection("This page needs the address the serve command printed, with its ?token= — open that address", "ended");
    $("line").disabled = true;
    return;
  }
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  const socket = new WebSocket(`${scheme}//${location.host}/ws`);
  state.socket = socket;
  socket.addEventListener("open", () => {
    socket.send(JSON.stringify(hello));
    setConnection("Connected", "ok");
  });
  socket.addEventListener("message", (event) => receive(event.data));
  socket.addEventListener("close", () => {
    state.pending = 0;
    setBusy();
    if (!state.ended) setConnection("Disconnected — reload the page to continue where you were", "lost");
    $("line").disabled = true;
    document.body.dataset.connected = "false";
  });
}

function setConnection(text, kind) {
  const element = $("connection");
  element.textContent = shown(text);
  element.dataset.kind = kind;
  document.body.dataset.connected = String(kind === "ok");
}

function send(line) {
  if (!state.socket || state.socket.readyState !== WebSocket.OPEN) return;
  clearAnswer();
  $("notices").replaceChildren();
  state.pending += 1;
  setBusy();
  state.socket.send(JSON.stringify({ type: "run", line, id: state.nextID++ }));
}

function setBusy() {
  document.body.dataset.busy = String(state.pending > 0);
}

function receive(text) {
  let message;
  try {
    message = JSON.parse(text);
  } catch {
    return;
  }
  switch (message.type) {
    case "admitted":
      door.admitted(message);
      break;
    case "session":
      state.globals = message.globalCommands || [];
      document.title = shown(`${message.title} — ${message.app}`);
      renderGlobals();
      break;
    case "screen":
      state.screen = message;
      renderScreen(message);
      break;
    case "error":
    case "warning":
    case "message":
      showNotice(message.style, message.message);
      break;
    case "help":
      showHelp(message);
      break;
    case "usage":
      showUsage(message);
      break;
    case "stack":
      showStack(message.stack);
      break;
    case "text":
      showText(message.lines);
      break;
    case "progress":
      document.body.dataset.running = String(message.running);
      break;
    case "completion":
      applyCompletion(message);
      break;
    case "done":
      state.pending = Math.max(0, state.pending - 1);
      document.body.dataset.done = String(message.id);
      setBusy();
      break;
    case "ended":
    case "closed":
      state.ended = true;
      setConnection(message.reason, "ended");
      $("line").disabled = true;
      break;
  }
}

// --- The screen -----------------------------------------------------------------------------

// Text from the flow, a module or a plugin as the terminal shows it (its TextSanitizer): a
// control character becomes U+FFFD, a tab a space; line breaks are kept only in text that has
// lines (a paragraph, a message), as at the terminal.
function shown(text, keepingLines = false) {
  return String(text).replace(/[\u0000-\u001f\u007f-\u009f]/g, (character) =>
    character === "\t" ? " " : character === "\n" && keepingLines ? "\n" : "\ufffd");
}

// An element; `text` is its text, `lines` its text with its line breaks kept; every other
// string it is given (a title, a label) is shown as the terminal would show it too.
function element(tag, properties = {}, children = []) {
  const node = document.createElement(tag);
  for (const [key, raw] of Object.entries(properties)) {
    const value = typeof raw === "string" ? shown(raw) : raw;
    if (key === "text") node.textContent = value;
    else if (key === "lines") node.textContent = shown(raw, true);
    else if (key === "class") node.className = value;
    else if (key.startsWith("data-") || key.startsWith("aria-") || key === "role" || key === "for") node.setAttribute(key, value);
    else node[key] = value;
  }
  for (const child of children) node.append(child);
  return node;
}

function renderScreen(screen) {
  const cause = screen.cause || "command";
  document.body.dataset.screen = screen.screen;
  document.body.dataset.updates = String(Number(document.body.dataset.updates || 0) + (cause === "update" ? 1 : 0));
  $("title").textContent = shown(screen.title);
  $("components").replaceChildren(...(screen.components || []).map(renderComponent));
  const status = $("status");
  status.hidden = !screen.status;
  status.textContent = shown(screen.status || "");
  renderBreadcrumb(screen.stack || []);
  renderCommands(screen.commands || []);
}

function renderComponent(component) {
  switch (component.kind) {
    case "heading":
      return element("h2", { text: component.text, class: "heading" });
    case "text":
      return element("p", { lines: component.text, class: "text" });
    case "list": {
      const list = element(component.numbered ? "ol" : "ul", { class: "list" });
      for (const item of component.items || []) list.append(element("li", { text: item }));
      return list;
    }
    case "table":
      return renderTable(component);
    case "keyValue": {
      const list = element("dl", { class: "pairs" });
      for (const pair of component.pairs || []) {
        list.append(element("div", {}, [element("dt", { text: pair.key }), element("dd", { lines: pair.value })]));
      }
      return list;
    }
    case "message":
      return element("p", {
        lines: component.text,
        class: `message ${component.style}`,
        role: component.style === "error" ? "alert" : "note",
      });
    case "divider":
      return element("hr", { class: "divider" });
    default:
      return element("p", { lines: component.text || "", class: "text" });
  }
}

function renderTable(component) {
  const columns = component.columns || [];
  const align = (index) => (columns[index] && columns[index].alignment === "trailing" ? "trailing" : "leading");
  const head = element("tr", {}, columns.map((column, index) => element("th", { text: column.title, scope: "col", class: align(index) })));
  const rows = (component.rows || []).map((row) => element("tr", {}, row.map((cell, index) => element("td", { text: cell, class: align(index) }))));
  const table = element("table", {}, [element("thead", {}, [head]), element("tbody", {}, rows)]);
  return element("div", { class: "table-scroll", tabIndex: 0, role: "region", "aria-label": "Table" }, [table]);
}

function renderBreadcrumb(stack) {
  const items = stack.map((entry, index) => {
    const item = element("li", { "data-screen": entry.screen });
    const label = element("span", { text: entry.title });
    if (index === stack.length - 1) label.setAttribute("aria-current", "page");
    item.append(label);
    if (entry.modal) {
      item.classList.add("modal");
      item.append(element("span", { class: "layer", text: "modal" }));
    }
    return item;
  });
  $("breadcrumb").replaceChildren(...items);
}

// --- Commands as buttons and forms ------------------------------------------------------------

// A word as the command line reads it: what quotes, escapes, comments or redirects is escaped.
function escapeWord(word) {
  if (word === "") return "''";
  return word.replace(/[ \t'"\\#>|]/g, (character) => "\\" + character);
}

function looksNumeric(argument) {
  return /^(n|number|count|hours|minutes|seconds|days|status|amount|from|index)$/i.test(argument.valueName || argument.name);
}

function argumentField(command, argument, index) {
  const id = `argument-${command.name}-${index}`;
  const kind = argument.kind || "positional";
  const label = kind === "flag" ? `--${argument.name}` : kind === "option" ? `--${argument.name}` : argument.name;
  const wrapper = element("span", { class: `field ${kind}` });
  if (kind === "flag") {
    const box = element("input", { type: "checkbox", id, "data-kind": kind, "data-name": argument.name });
    wrapper.append(box, element("label", { for: id, text: label }));
    return wrapper;
  }
  let input;
  const values = argument.values || [];
  if (values.length > 0) {
    input = element("select", { id });
    if (argument.optional || kind === "option") input.append(element("option", { value: "", text: "—" }));
    const descriptions = argument.descriptions || {};
    for (const value of values) {
      input.append(element("option", { value, text: descriptions[value] ? `${value} — ${descriptions[value]}` : value }));
    }
  } else {
    input = element("input", { id, type: "text", placeholder: argument.valueName || argument.name, spellcheck: false });
    if (looksNumeric(argument)) input.inputMode = "numeric";
    if (!argument.optional && kind === "positional") input.required = true;
  }
  input.dataset.kind = kind;
  input.dataset.name = argument.name;
  if (argument.rest) input.dataset.rest = "true";
  wrapper.append(element("label", { for: id, text: label }), input);
  return wrapper;
}

function commandLine(command, form) {
  const words = [escapeWord(command.name)];
  const options = [];
  for (const field of form.querySelectorAll("[data-kind]")) {
    const kind = field.dataset.kind;
    if (kind === "flag") {
      if (field.checked) options.push(`--${field.dataset.name}`);
    } else if (field.value !== "") {
      const value = field.dataset.rest ? field.value.trim().split(/\s+/).map(escapeWord).join(" ") : escapeWord(field.value);
      if (kind === "option") options.push(`--${field.dataset.name}`, value);
      else words.push(value);
    }
  }
  return words.concat(options).join(" ");
}

function renderCommand(command) {
  const form = element("form", { class: "command", "data-command": command.name });
  const summaryID = `summary-${command.name}`;
  const button = element("button", { type: "submit", text: command.name, "aria-describedby": summaryID });
  const fields = (command.arguments || []).map((argument, index) => argumentField(command, argument, index));
  form.append(button, ...fields, element("span", { id: summaryID, class: "summary", text: command.summary || "" }));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    run(commandLine(command, form));
  });
  return form;
}

function renderCommands(commands) {
  $("commands").replaceChildren(...commands.map(renderCommand));
}

function renderGlobals() {
  const shown = ["back", "home", "where", "help", "show", "history"];
  const buttons = state.globals
    .filter((command) => shown.includes(command.name))
    .map((command) => {
      const button = element("button", { type: "button", text: command.name, title: command.summary, "data-global": command.name });
      button.addEventListener("click", () => run(command.name));
      return button;
    });
  const open = state.globals.find((command) => command.name === "open");
  const children = [...buttons];
  if (open) {
    const form = element("form", { class: "command", "data-command": "open" });
    const input = element("input", { id: "open-link", type: "text", placeholder: "/cars/rio", required: true, spellcheck: false });
    form.append(element("label", { for: "open-link", text: "Link" }), input, element("button", { type: "submit", text: "open" }));
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      run(`open ${escapeWord(input.value)}`);
    });
    children.push(form);
  }
  $("globals").replaceChildren(...children);
}

// --- Answers and messages ---------------------------------------------------------------------

function showNotice(style, text) {
  const notice = element("p", { class: `message ${style}`, lines: text, role: style === "error" ? "alert" : "status" });
  $("notices").append(notice);
}

function clearAnswer() {
  const answer = $("answer");
  answer.hidden = true;
  answer.replaceChildren();
}

function showAnswer(...children) {
  const answer = $("answer");
  answer.replaceChildren(...children);
  answer.hidden = false;
}

function usageList(commands) {
  const list = element("dl", { class: "usage" });
  for (const command of commands) {
    list.append(element("div", {}, [element("dt", {}, [element("code", { text: command.usage })]), element("dd", { text: command.summary })]));
  }
  return list;
}

function showHelp(listing) {
  showAnswer(
    element("h2", { text: `Commands of ${listing.screenTitle}` }),
    usageList(listing.screenCommands || []),
    element("h2", { text: "Everywhere" }),
    usageList(listing.globalCommands || []),
  );
}

function showUsage(usage) {
  showAnswer(element("h2", { text: usage.name }), usageList([usage]));
}

function showStack(stack) {
  const list = element("ol", { class: "list" });
  for (const entry of stack) list.append(element("li", { text: entry.modal ? `${entry.title} (modal)` : entry.title }));
  showAnswer(element("h2", { text: "Open screens" }), list);
}

function showText(lines) {
  showAnswer(element("pre", { lines: lines.join("\n") }));
}

// --- The command line: history and completion --------------------------------------------------

function run(line) {
  if (line.trim() === "") return;
  if (state.history[state.history.length - 1] !== line) {
    state.history.push(line);
    if (state.history.length > 500) state.history.shift();
    sessionStorage.setItem("flowshell.history", JSON.stringify(state.history));
  }
  state.historyIndex = null;
  send(line);
}

// Tab asks the dispatcher, as the terminal's Tab does: the same completion of commands,
// aliases, arguments' values, settings and links. The answer applies only if the line is still
// as it was when asked.
function complete() {
  const input = $("line");
  if (!state.socket || state.socket.readyState !== WebSocket.OPEN) return;
  const id = state.nextID++;
  state.completion = { id, value: input.value, caret: input.selectionStart };
  state.socket.send(JSON.stringify({ type: "complete", line: input.value.slice(0, input.selectionStart), id }));
}

function applyCompletion(answer) {
  const input = $("line");
  const asked = state.completion;
  if (!asked || asked.id !== answer.id || input.value !== asked.value || input.selectionStart !== asked.caret) return;
  state.completion = null;
  hideSuggestions();
  const before = asked.value.slice(0, asked.caret);
  const rest = asked.value.slice(asked.caret);
  const base = before.slice(0, before.length - answer.deleting) + answer.insert;
  input.value = base + rest;
  input.setSelectionRange(base.length, base.length);
  if (answer.candidates.length > 0) showSuggestions(answer.candidates, answer.descriptions || {}, base, rest);
  document.body.dataset.completed = String(answer.id);
}

// Where the word being typed begins: after the last space, or after the last `/` for a path,
// whose candidates are listed as names in their folder (a link is listed whole).
function wordStart(base, candidate) {
  const afterSpace = base.lastIndexOf(" ") + 1;
  const isLink = candidate.slice(0, -1).includes("/");
  return isLink ? afterSpace : Math.max(afterSpace, base.lastIndexOf("/") + 1);
}

// The candidates listed; choosing one puts it in place of the word being typed.
function showSuggestions(list, descriptions, base, rest) {
  const box = $("suggestions");
  box.replaceChildren(...list.slice(0, 50).map((candidate, index) => {
    const text = descriptions[candidate] ? `${candidate} — ${descriptions[candidate]}` : candidate;
    const item = element("li", { role: "option", id: `suggestion-${index}`, text, tabIndex: -1 });
    item.addEventListener("click", () => {
      const chosen = base.slice(0, wordStart(base, candidate)) + escapeWord(candidate) + (candidate.endsWith("/") ? "" : " ");
      $("line").value = chosen + rest;
      hideSuggestions();
      $("line").focus();
      $("line").setSelectionRange(chosen.length, chosen.length);
    });
    return item;
  }));
  box.hidden = false;
  $("line").setAttribute("aria-expanded", "true");
}

function hideSuggestions() {
  $("suggestions").hidden = true;
  $("line").setAttribute("aria-expanded", "false");
}

function setUp() {
  const input = $("line");
  $("prompt").addEventListener("submit", (event) => {
    event.preventDefault();
    hideSuggestions();
    const line = input.value;
    input.value = "";
    run(line);
  });
  input.addEventListener("keydown", (event) => {
    if (event.key === "Tab" && input.value.trim() !== "") {
      event.preventDefault();
      complete();
    } else if (event.key === "ArrowUp" && state.history.length > 0) {
      event.preventDefault();
      state.historyIndex = state.historyIndex === null ? state.history.length - 1 : Math.max(0, state.historyIndex - 1);
      input.value = state.history[state.historyIndex];
    } else if (event.key === "ArrowDown" && state.historyIndex !== null) {
      event.preventDefault();
      state.historyIndex += 1;
      if (state.historyIndex >= state.history.length) {
        state.historyIndex = null;
        input.value = "";
      } else {
        input.value = state.history[state.historyIndex];
      }
    }
  });
  document.addEventListener("keydown", (event) => {
    if (event.key !== "Escape") return;
    if (!$("suggestions").hidden) {
      hideSuggestions();
    } else if (!(event.target instanceof HTMLInputElement && event.target.value !== "")) {
      event.preventDefault();
      run("back");
    }
  });
  document.body.dataset.busy = "false";
  connect();
  input.focus();
}

document.addEventListener("DOMContentLoaded", setUp);
