// The browser's View of a FlowShell flow: it shows the ViewProperties the server pushes (the
// `--output json` encoding) and sends lines, exactly as typed at the terminal, to the same
// session. It knows no screen and no command of its own beyond the global ones it is told:
// what a row opens, which command is primary, which runs once a value is chosen, the screen says.
"use strict";

const $ = (id) => document.getElementById(id);
const state = {
  socket: null,
  screen: null,
  globals: [],
  // The flow's deep links, as the config writes them (`/cars/:carID`).
  links: [],
  nextID: 1,
  // The lines sent and not answered yet, by id: each `{line, travel}`, in the order sent.
  pending: new Map(),
  history: JSON.parse(sessionStorage.getItem("flowshell.history") || "[]"),
  historyIndex: null,
  ended: false,
  // The Tab asked about last: its id, and the line and the cursor then.
  completion: null,
  // The last line the person ran: what a new history entry remembers, to go forward again.
  lastLine: null,
  // What a choice's select showed last, by screen and command, since the screen does not say.
  chosen: new Map(),
  // How long to wait before connecting again, after the connection was lost: 0 for the first try.
  retryDelay: 0,
};

// --- The door: how the page is let in ------------------------------------------------------------
// The address the serve command printed carries the server's token (?token=…). The page takes
// it out of the address bar and out of the tab's history at once, and sends it only in its
// WebSocket's first message; the server answers with a key for this tab, which the page keeps in
// the tab's session storage, and with which a reload of the tab, or a reconnect, comes back in.
// Nothing is kept in a cookie (cookies reach every port of a host) or in local storage (shared by
// every tab); a new tab needs the printed address, or the token pasted into the page. Everything
// about the token and the key is here.
const door = {
  token: null,
  // Whether this tab's own page went away before this one (a reload): the server then waits for
  // the old page's session to close, rather than taking this page for a copy of the tab.
  resume: sessionStorage.getItem("flowshell.leaving") === "1",

  // Takes the token out of the address, before anything else runs.
  take() {
    sessionStorage.removeItem("flowshell.leaving");
    window.addEventListener("pagehide", () => sessionStorage.setItem("flowshell.leaving", "1"));
    const params = new URLSearchParams(location.search);
    if (!params.has("token")) return;
    this.token = params.get("token");
    params.delete("token");
    const rest = params.toString();
    history.replaceState(history.state, "", location.pathname + (rest ? `?${rest}` : "") + location.hash);
  },

  // The WebSocket's first message: the token, or this tab's key; null when the page has neither.
  // It names where the page is, which a tab the server does not know opens.
  hello() {
    const tab = sessionStorage.getItem("flowshell.tab");
    const key = sessionStorage.getItem("flowshell.key");
    const place = { path: location.pathname, resume: this.resume };
    if (this.token) return tab ? { type: "hello", token: this.token, tab, ...place } : { type: "hello", token: this.token, ...place };
    if (tab && key) return { type: "hello", tab, key, ...place };
    return null;
  },

  // The server let the tab in: keeps its id and key for a reload; the token is no longer needed.
  // A page that connects again is this tab coming back.
  admitted(message) {
    sessionStorage.setItem("flowshell.tab", message.tab);
    sessionStorage.setItem("flowshell.key", message.key);
    this.token = null;
    this.resume = true;
  },

  // The token step: the printed address (or its token) pasted into the page.
  offer(reason) {
    if (reason) $("door-reason").textContent = shown(reason);
    $("door").hidden = false;
    $("door-address").focus();
  },

  // Takes the token from what was pasted; false when it holds none.
  paste(text) {
    const match = /(?:[?&]token=)?([0-9a-f]{32,128})\b/.exec(text.trim());
    if (!match) return false;
    this.token = match[1];
    sessionStorage.removeItem("flowshell.key");
    return true;
  },
};
door.take();

// --- The address: it follows the flow ------------------------------------------------------------
// Each place the tab goes to has a path (the server says it: the stack's deep link, `/cars/rio`,
// where the config has one), and the tab's history follows the stack: a deeper stack pushes an
// entry, a shallower one goes back through the entries, so that the browser's Back runs `back`
// and its Forward goes forward again (opening the entry's deep link, or running again the line
// that opened it from where it was opened). Each entry remembers its path, that line, and the
// depths of the stack at it and at the tab's entries before it (`depths`), so that the page
// never goes back past its own entries.
const address = {
  // Where the tab is now, as the server last said.
  path: location.pathname,
  opensHere: false,
  depth: 0,
  // How many lines a Back or Forward still waits for; the history settles once they are done.
  travelling: 0,
  // Whether the page moved through the history itself (history.go), waiting for it to land.
  goingBack: false,

  entry() {
    return history.state && history.state.flowshell ? history.state : null;
  },

  make(depths, line, parent) {
    return { flowshell: 1, depth: depths[depths.length - 1], depths, line, parent, path: this.path, opensHere: this.opensHere };
  },

  // The server says where the tab is.
  located(message) {
    this.path = message.path;
    this.opensHere = message.opensHere;
  },

  // A screen was shown, `depth` screens deep: the history follows, unless it is on its way.
  shown(depth) {
    this.depth = depth;
    if (!this.goingBack && this.travelling === 0) this.settle();
  },

  // Makes the current history entry say where the tab is: pushing one for a deeper stack,
  // going back for a shallower one (as far as this tab's entries go).
  settle() {
    const current = this.entry();
    if (!current) {
      history.replaceState(this.make([this.depth], null, null), "", this.path);
      return;
    }
    const depths = current.depths;
    if (this.depth > current.depth) {
      history.pushState(this.make([...depths, this.depth], state.lastLine, current.path), "", this.path);
    } else if (this.depth === current.depth) {
      if (current.path !== this.path || location.pathname !== this.path) {
        history.replaceState(this.make(depths, current.line, current.parent), "", this.path);
      }
    } else {
      // Back to the latest of the tab's entries no deeper than the stack, if there is one.
      let index = depths.length - 1;
      while (index > 0 && depths[index] > this.depth) index -= 1;
      if (index < depths.length - 1) {
        this.goingBack = true;
        history.go(index - (depths.length - 1));
      } else {
        history.replaceState(this.make([...depths.slice(0, -1), this.depth], current.line, current.parent), "", this.path);
      }
    }
  },

  // Back or Forward, or the page's own going back, landed on `entry`.
  landed(entry) {
    if (this.goingBack) {
      this.goingBack = false;
      this.settle();
      return;
    }
    if (!entry || state.ended) return;
    const steps = entry.depth - this.depth;
    if (steps < 0) {
      this.travel(Array(-steps).fill("back"));
    } else if (steps > 0 && entry.opensHere) {
      this.travel([`open ${escapeWord(entry.path)}`]);
    } else if (steps === 1 && entry.line && entry.parent === this.path) {
      this.travel([entry.line]);
    } else if (steps === 0 && entry.path !== this.path && entry.opensHere) {
      this.travel([`open ${escapeWord(entry.path)}`]);
    } else if (steps !== 0) {
      showNotice("muted", "That screen cannot be opened again from here.");
      this.goingBack = true;
      history.go(-steps);
    } else {
      this.settle();
    }
  },

  travel(lines) {
    this.travelling += lines.length;
    for (const line of lines) send(line, { travel: true });
  },

  // A line of a Back or Forward is done: once all are, the history says where the tab is.
  travelled() {
    this.travelling = Math.max(0, this.travelling - 1);
    if (this.travelling === 0) this.settle();
  },
};
window.addEventListener("popstate", (event) => address.landed(event.state && event.state.flowshell ? event.state : null));

// --- Focus: on the new screen's heading, the command line one key away --------------------------
const focus = {
  // The place last shown: the screen, how deep, at which path.
  place: null,

  // Before a render: what had the focus, to give it back to what replaces it.
  remember() {
    const active = document.activeElement;
    return active && active.dataset ? active.dataset.key || null : null;
  },

  // After a render: a navigation moves the focus to the heading (announced by screen readers),
  // unless the person is typing at the command line; otherwise what had it keeps it.
  restore(key, place) {
    const navigated = this.place !== null && place !== this.place;
    this.place = place;
    // A new screen is shown from its top, wherever the last one was scrolled to.
    if (navigated) document.querySelector("main").scrollTop = 0;
    const line = $("line");
    if (navigated && document.activeElement !== line) {
      $("title").focus();
      return;
    }
    if (key && document.activeElement !== line) {
      const again = document.querySelector(`[data-key="${CSS.escape(key)}"]`);
      if (again) again.focus({ preventScroll: true });
    }
  },
};

// --- Connection -----------------------------------------------------------------------------

function connect() {
  const hello = door.hello();
  if (!hello) {
    setConnection("This page needs the address the serve command printed, with its ?token= — open that address", "ended");
    $("line").disabled = true;
    door.offer();
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
    if (state.socket !== socket) return;
    state.socket = null;
    // What was sent and not answered went with the session; the server cancelled it.
    state.pending.clear();
    address.travelling = 0;
    setBusy();
    $("line").disabled = true;
    document.body.dataset.connected = "false";
    if (state.ended) return;
    // The server restarted, or the network went: the tab connects again and continues where it
    // was, with its key.
    setConnection("Reconnecting… — this page continues where it was once the server answers", "lost");
    // The first try comes at once — behind a load balancer another server is there already —
    // spread over a tenth of a second, so that the tabs of a server that went away do not all
    // knock on the next one in the same instant; later tries back off from half a second to 15 s.
    setTimeout(connect, state.retryDelay === 0 ? Math.random() * 100 : state.retryDelay);
    state.retryDelay = Math.min(Math.max(state.retryDelay * 2, 500), 15000);
  });
}

function setConnection(text, kind) {
  const element = $("connection");
  element.textContent = shown(text);
  element.dataset.kind = kind;
  document.body.dataset.connected = String(kind === "ok");
}

// Sends a line to run; `travel` when it is a Back's or a Forward's.
function send(line, { travel = false } = {}) {
  if (!state.socket || state.socket.readyState !== WebSocket.OPEN) return;
  clearAnswer();
  $("notices").replaceChildren();
  const id = state.nextID++;
  state.pending.set(id, { line, travel });
  if (!travel) state.lastLine = line;
  setBusy();
  state.socket.send(JSON.stringify({ type: "run", line, id }));
}

// Cancels the line running now, as Ctrl-C at the terminal.
function cancelRunning() {
  const [id] = state.pending.keys();
  if (id === undefined || !state.socket || state.socket.readyState !== WebSocket.OPEN) return;
  state.socket.send(JSON.stringify({ type: "cancel", id }));
}

function setBusy() {
  const busy = state.pending.size > 0;
  document.body.dataset.busy = String(busy);
  const running = $("running");
  running.hidden = !busy;
  if (busy) {
    const [first] = state.pending.values();
    const more = state.pending.size > 1 ? ` (and ${state.pending.size - 1} more)` : "";
    $("running-text").textContent = shown(`Running ${first.line}…${more}`);
  }
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
      state.retryDelay = 0;
      $("line").disabled = false;
      $("door").hidden = true;
      break;
    case "session":
      state.globals = message.globalCommands || [];
      state.links = message.links || [];
      document.title = shown(`${message.title} — ${message.app}`);
      renderGlobals();
      break;
    case "location":
      address.located(message);
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
    case "done": {
      const sent = state.pending.get(message.id);
      state.pending.delete(message.id);
      document.body.dataset.done = String(message.id);
      setBusy();
      if (sent && sent.travel) address.travelled();
      break;
    }
    case "ended":
      end("You left this session", message.reason);
      break;
    case "closed":
      end("The server closed this session", message.reason);
      if (message.door) door.offer(message.reason);
      break;
  }
}

// The session is over: the page says so plainly and offers nothing but starting again.
function end(heading, reason) {
  state.ended = true;
  setConnection(reason, "ended");
  $("line").disabled = true;
  document.body.dataset.ended = "true";
  $("ended-heading").textContent = shown(heading);
  $("ended-reason").textContent = shown(reason);
  $("ended").hidden = false;
  $("restart").focus();
}

// --- The screen -----------------------------------------------------------------------------

// Text from the flow, a module or a plugin as the terminal shows it (its TextSanitizer): a
// control character or a bidirectional control (which would reorder what follows it) becomes
// U+FFFD, a tab a space; line breaks are kept only in text that has lines (a paragraph, a
// message), as at the terminal.
function shown(text, keepingLines = false) {
  return String(text).replace(/[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, (character) =>
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
    else if (key.startsWith("data-") || key.startsWith("aria-") || key === "role" || key === "for" || key === "title") node.setAttribute(key, value);
    else node[key] = value;
  }
  for (const child of children) node.append(child);
  return node;
}

function renderScreen(screen) {
  const cause = screen.cause || "command";
  const stack = screen.stack || [];
  const focused = focus.remember();
  document.body.dataset.screen = screen.screen;
  document.body.dataset.updates = String(Number(document.body.dataset.updates || 0) + (cause === "update" ? 1 : 0));
  $("title").textContent = shown(screen.title);
  const commands = screen.commands || [];
  const onRows = new Set();
  $("components").replaceChildren(...(screen.components || []).map((component) => renderComponent(component, commands, onRows)));
  const status = $("status");
  status.hidden = !screen.status;
  status.textContent = shown(screen.status || "");
  renderBreadcrumb(stack);
  renderCommands(commands.filter((command) => !onRows.has(command.name)));
  address.shown(stack.length || 1);
  focus.restore(focused, `${screen.screen} ${stack.length} ${address.path}`);
}

function renderComponent(component, commands, onRows) {
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
      return renderTable(component, commands, onRows);
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

// The line that runs `name` with `value`, if the screen has that command and its argument takes
// that value (a command that lists its values takes only those: an ended booking offers no
// `cancel`); null otherwise.
function rowLine(commands, name, value) {
  const command = commands.find((candidate) => candidate.name === name);
  if (!command || value === undefined) return null;
  const argument = (command.arguments || []).find((candidate) => (candidate.kind || "positional") === "positional");
  if (!argument) return null;
  const values = argument.values || [];
  if (values.length > 0 && !values.includes(value)) return null;
  return `${escapeWord(command.name)} ${escapeWord(value)}`;
}

// A table; at a phone's width each row is a card (style.css), its title first and every other
// cell labelled with its column. A row that opens a command is a button (its title cell) and a
// click anywhere on it; the commands a row offers are buttons at its end.
function renderTable(component, commands, onRows) {
  const columns = component.columns || [];
  const align = (index) => (columns[index] && columns[index].alignment === "trailing" ? "trailing" : "leading");
  // The card's title: the column that gives up width first at the terminal (a name), else the first.
  const titleIndex = Math.max(0, columns.findIndex((column) => column.shrinksFirst));
  const rowCommands = component.rowCommands || null;
  const keyColumn = rowCommands ? rowCommands.column || 0 : 0;
  const opens = rowCommands && rowCommands.opens ? rowCommands.opens : null;
  const offers = rowCommands ? rowCommands.offers || [] : [];
  if (opens) onRows.add(opens);
  for (const name of offers) onRows.add(name);
  const headCells = columns.map((column, index) =>
    element("th", { text: column.title, scope: "col", role: "columnheader", class: align(index) }));
  if (offers.length > 0) headCells.push(element("th", { scope: "col", role: "columnheader", class: "row-actions" }, [element("span", { class: "visually-hidden", text: "Actions" })]));
  const rows = (component.rows || []).map((row) => {
    const value = row[keyColumn];
    const opened = opens ? rowLine(commands, opens, value) : null;
    const cells = columns.map((column, index) => {
      const cell = element("td", { role: "cell", "data-label": column.title, class: `${align(index)}${index === titleIndex ? " title" : ""}` });
      const text = row[index] === undefined ? "" : row[index];
      if (opened && index === titleIndex) {
        const button = element("button", { type: "button", class: "row-open", text, title: opened, "data-key": `row:${opened}` });
        button.addEventListener("click", () => run(opened));
        cell.append(button);
      } else {
        cell.textContent = shown(text);
      }
      return cell;
    });
    if (offers.length > 0) {
      const actions = element("td", { role: "cell", class: "row-actions" });
      for (const name of offers) {
        const line = rowLine(commands, name, value);
        if (!line) continue;
        const button = element("button", { type: "button", text: name, "aria-label": line, title: line, "data-key": `row:${line}` });
        button.addEventListener("click", () => run(line));
        actions.append(button);
      }
      cells.push(actions);
    }
    const tr = element("tr", { role: "row" }, cells);
    if (opened) {
      tr.classList.add("opens");
      // A click anywhere on the row opens it; the keyboard reaches it through its button.
      tr.addEventListener("click", (event) => {
        if (!event.target.closest("button")) run(opened);
      });
    }
    return tr;
  });
  const table = element("table", { role: "table" }, [
    element("thead", { role: "rowgroup" }, [element("tr", { role: "row" }, headCells)]),
    element("tbody", { role: "rowgroup" }, rows),
  ]);
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

// An argument's name as a label: `CAR-ID` reads "Car id".
function labelOf(name) {
  const words = name.replace(/[-_]+/g, " ").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function argumentField(command, argument, index) {
  const id = `argument-${command.name}-${index}`;
  const kind = argument.kind || "positional";
  const label = kind === "positional" ? labelOf(argument.name) : `--${argument.name}`;
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

// Whether a command runs as soon as its one argument is chosen, as a select that changes applies
// in any web app: its one argument is required and offers a short list, of the only values it
// takes (`sort`'s order) or of those it suggests (`hours`: 1, 2, 3, 4, 8, 24) — the list is all
// the page offers either way, so nothing is left to press.
function runsOnChoice(command) {
  const argumentsOf = command.arguments || [];
  if (argumentsOf.length !== 1) return false;
  const [argument] = argumentsOf;
  return (argument.kind || "positional") === "positional" && !argument.optional
    && (argument.values || []).length > 0 && argument.values.length <= 12;
}

function renderChoice(command) {
  const [argument] = command.arguments;
  const id = `choice-${command.name}`;
  const summaryID = `summary-${command.name}`;
  const form = element("form", { class: "command choice", "data-command": command.name });
  const select = element("select", { id, "aria-describedby": summaryID, "data-key": `choice:${command.name}` });
  select.append(element("option", { value: "", text: `${labelOf(argument.name)}…`, disabled: true }));
  const descriptions = argument.descriptions || {};
  for (const value of argument.values) {
    select.append(element("option", { value, text: descriptions[value] ? `${value} — ${descriptions[value]}` : value }));
  }
  const remembered = state.chosen.get(`${state.screen && state.screen.screen} ${command.name}`);
  select.value = argument.values.includes(remembered) ? remembered : "";
  select.addEventListener("change", () => {
    if (select.value === "") return;
    state.chosen.set(`${state.screen && state.screen.screen} ${command.name}`, select.value);
    run(`${escapeWord(command.name)} ${escapeWord(select.value)}`);
  });
  form.addEventListener("submit", (event) => event.preventDefault());
  form.append(element("label", { for: id, text: command.name, class: "choice-label" }), select,
              element("span", { id: summaryID, class: "summary", text: command.summary || "" }));
  return form;
}

function renderCommand(command) {
  if (runsOnChoice(command)) return renderChoice(command);
  const form = element("form", { class: command.primary ? "command primary" : "command", "data-command": command.name });
  const summaryID = `summary-${command.name}`;
  const button = element("button", { type: "submit", text: command.name, "aria-describedby": summaryID, "data-key": `command:${command.name}` });
  const fields = (command.arguments || []).map((argument, index) => argumentField(command, argument, index));
  // The button follows what it takes, as in any form: filled in first, then pressed, at every
  // width and in the tab order.
  form.append(...fields, button, element("span", { id: summaryID, class: "summary", text: command.summary || "" }));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    run(commandLine(command, form));
  });
  return form;
}

// The screen's commands, its primary ones first; those its rows run are on the rows.
function renderCommands(commands) {
  const ordered = [...commands.filter((command) => command.primary), ...commands.filter((command) => !command.primary)];
  $("commands").replaceChildren(...ordered.map(renderCommand));
  $("actions").hidden = ordered.length === 0;
}

function renderGlobals() {
  const shown = ["back", "home", "where", "help", "show", "history"];
  const buttons = state.globals
    .filter((command) => shown.includes(command.name))
    .map((command) => {
      const button = element("button", { type: "button", text: command.name, title: command.summary, "data-global": command.name, "data-key": `global:${command.name}` });
      button.addEventListener("click", () => run(command.name));
      return button;
    });
  const open = state.globals.find((command) => command.name === "open");
  const children = [...buttons];
  if (open) {
    const form = element("form", { class: "command", "data-command": "open" });
    const input = element("input", { id: "open-link", type: "text", required: true, spellcheck: false });
    // Examples from this flow's own links, none when it has none.
    const examples = linkExamples(state.links);
    if (examples.length > 0) {
      input.placeholder = examples.slice(0, 2).join(", ");
      input.title = `Links: ${examples.join(", ")}`;
    }
    form.append(element("label", { for: "open-link", text: "Link" }), input, element("button", { type: "submit", text: "open" }));
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      run(`open ${escapeWord(input.value)}`);
    });
    children.push(form);
  }
  $("globals").replaceChildren(...children);
}

// A link as a person types it: a parameter in capitals, as a command's usage writes an argument
// (`/cars/:carID` reads `/cars/CAR-ID`). The first with a parameter comes first, then the first
// without, so that two examples show both kinds.
function linkExamples(links) {
  const written = links.map((pattern) => pattern.replace(/:([^/]+)/g, (_, name) =>
    name.replace(/([a-z0-9])([A-Z])/g, "$1-$2").replace(/[_\s]+/g, "-").toUpperCase()));
  const withParameter = written.findIndex((_, index) => links[index].includes(":"));
  const without = written.findIndex((_, index) => !links[index].includes(":"));
  const first = [withParameter, without].filter((index) => index >= 0).sort((a, b) => a - b);
  return [...first.map((index) => written[index]), ...written.filter((_, index) => !first.includes(index))];
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
  if (line.trim() === "" || state.ended) return;
  if (state.history[state.history.length - 1] !== line) {
    state.history.push(line);
    if (state.history.length > 500) state.history.shift();
    sessionStorage.setItem("flowshell.history", JSON.stringify(state.history));
  }
  state.historyIndex = null;
  send(line);
}

// Tab asks the session, as the terminal's Tab does: the same completion of commands,
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

// The candidates listed, above the command line (which stays at the window's foot, so the list
// is always in view); choosing one puts it in place of the word being typed.
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
    } else if (event.key === "c" && event.ctrlKey && state.pending.size > 0 && input.selectionStart === input.selectionEnd) {
      // Ctrl-C with nothing selected to copy: as at the terminal, it cancels what runs.
      event.preventDefault();
      cancelRunning();
    }
  });
  document.addEventListener("keydown", (event) => {
    const typing = event.target instanceof HTMLInputElement || event.target instanceof HTMLSelectElement;
    if (event.key === "/" && !typing && !event.ctrlKey && !event.metaKey && !event.altKey && !input.disabled) {
      // The command line is one key away from anywhere on the page.
      event.preventDefault();
      input.focus();
      return;
    }
    if (event.key !== "Escape") return;
    if (!$("suggestions").hidden) {
      hideSuggestions();
    } else if (!(event.target instanceof HTMLInputElement && event.target.value !== "")) {
      event.preventDefault();
      run("back");
    }
  });
  $("cancel").addEventListener("click", cancelRunning);
  $("restart").addEventListener("click", () => {
    sessionStorage.removeItem("flowshell.history");
    location.replace("/");
  });
  $("door").addEventListener("submit", (event) => {
    event.preventDefault();
    if (!door.paste($("door-address").value)) {
      $("door-reason").textContent = "That holds no token: paste the whole address the serve command printed.";
      return;
    }
    $("door").hidden = true;
    $("ended").hidden = true;
    state.ended = false;
    document.body.dataset.ended = "false";
    $("line").disabled = false;
    setConnection("Connecting…", "lost");
    connect();
  });
  document.body.dataset.busy = "false";
  connect();
  input.focus();
}

document.addEventListener("DOMContentLoaded", setUp);
