#!/usr/bin/env node
// Notes about a car: a FlowShell plugin in Node.js, with nothing but Node's standard library
// (see docs/plugins.md, "The protocol, version 1"). Reached from a car's details with the
// config command `notes` (examples/node.json).
//
// It speaks the protocol itself: one JSON object per line on stdin and stdout, a hello first,
// then an answer to each request with the request's id. console.error goes to the plugin's log.
"use strict";
const readline = require("node:readline");

const NOTES = {
  id: "notes.list",
  title: "Notes",
  inputs: ["carID"],
  events: [{ name: "done", payload: [], summary: "the user is done with the notes" }],
  commands: [
    // A rest argument arrives as one argument per word, as the user typed them.
    // What the screen is for: a View with buttons (the browser) shows it first (protocol 1.3).
    { name: "add", summary: "Add a note", arguments: [{ name: "TEXT", rest: true }], primary: true },
    { name: "remove", summary: "Remove note N", arguments: [{ name: "N" }] },
    { name: "done", summary: "Close the notes" },
  ],
};

const screens = new Map(); // instance -> { car, notes }

function send(message) {
  process.stdout.write(JSON.stringify(message) + "\n");
}

function view(screen) {
  const count = screen.notes.length;
  return {
    title: `Notes for ${screen.car}`,
    components: count === 0
      ? [{ kind: "text", text: "No notes yet: add one with 'add TEXT'." }]
      : [{ kind: "list", items: screen.notes, numbered: true }],
    status: `${count} note${count === 1 ? "" : "s"}`,
  };
}

// The answer to one request: a result, or an error whose message the user sees as is.
function answer(request) {
  const params = request.params || {};
  switch (request.method) {
    case "screens":
      return { result: { modules: [{ name: "Notes", screens: [NOTES] }] } };
    case "open": {
      const screen = { car: params.input.carID, notes: [] };
      screens.set(params.instance, screen);
      return { result: { view: view(screen), events: [] } };
    }
    case "command": {
      const screen = screens.get(params.instance);
      if (!screen) return { error: { message: "no such screen" } };
      const args = params.arguments;
      switch (params.command) {
        case "add":
          screen.notes.push(args.join(" "));
          return { result: { view: view(screen), events: [] } };
        case "remove": {
          const index = Number(args[0]);
          if (!Number.isInteger(index) || index < 1 || index > screen.notes.length) {
            return { error: { message: `no note ${args[0]}: there are ${screen.notes.length}` } };
          }
          screen.notes.splice(index - 1, 1);
          return { result: { view: view(screen), events: [] } };
        }
        case "done":
          return { result: { events: [{ name: "done", payload: {} }] } };
        default:
          return { error: { message: `no command '${params.command}'`, code: "unknownCommand" } };
      }
    }
    case "close":
      screens.delete(params.instance);
      return { result: {} };
    default:
      return { error: { message: `no method '${request.method}'` } };
  }
}

send({ type: "hello", protocol: "flowshell-plugin", version: "1.0.0", features: [] });

const lines = readline.createInterface({ input: process.stdin });
lines.on("line", (line) => {
  let message;
  try {
    message = JSON.parse(line);
  } catch {
    console.error(`not JSON: ${line}`);
    return;
  }
  if (message.type === "hello") {
    if (!String(message.version).startsWith("1.")) {
      console.error(`the shell speaks ${message.version}; this plugin speaks 1.x`);
      process.exit(1);
    }
  } else if (message.type === "request") {
    send({ type: "response", id: message.id, ...answer(message) });
  }
  // `cancel` needs nothing here: every answer is immediate.
});
// The plugin ends when its stdin closes.
lines.on("close", () => process.exit(0));
