"""Speaks to a plugin as the shell does and checks every line, both ways, against
plugin-protocol.schema.json (and view-properties.schema.json, which it refers to).

Usage: check_plugin_protocol.py REPOSITORY SCREEN INPUT-JSON COMMAND-LINE... -- PLUGIN-COMMAND...
Prints one line per problem, then `checked N lines`.
"""

import json
import subprocess
import sys

import jsonschema
from referencing import Registry, Resource

repository, screen, screen_input = sys.argv[1], sys.argv[2], json.loads(sys.argv[3])
split = sys.argv.index("--")
commands, plugin = sys.argv[4:split], sys.argv[split + 1:]

schemas = {name: json.load(open(f"{repository}/{name}")) for name in ["plugin-protocol.schema.json", "view-properties.schema.json"]}
registry = Registry().with_resources([(s["$id"], Resource.from_contents(s)) for s in schemas.values()])
validator = jsonschema.Draft202012Validator(schemas["plugin-protocol.schema.json"], registry=registry)

process = subprocess.Popen(plugin, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=repository)
lines, problems = [], []


def send(message):
    line = json.dumps(message)
    lines.append(("shell", line))
    process.stdin.write(line + "\n")
    process.stdin.flush()


def receive():
    line = process.stdout.readline()
    lines.append(("plugin", line))
    return json.loads(line)


hello = receive()
send({"type": "hello", "protocol": "flowshell-plugin", "version": "1.0.0", "features": ["cancel"]})
send({"type": "request", "id": 1, "method": "screens", "params": {}})
receive()
send({"type": "request", "id": 2, "method": "open", "params": {"instance": 1, "screen": screen, "input": screen_input}})
receive()
for index, line in enumerate(commands + ["no-such-command"]):
    words = line.split()
    send({"type": "request", "id": 3 + index, "method": "command", "params": {"instance": 1, "command": words[0], "arguments": words[1:]}})
    answer = receive()
    if line == "no-such-command" and answer.get("error", {}).get("code") != "unknownCommand":
        problems.append(f"an unknown command is not answered with the code unknownCommand: {answer}")
send({"type": "request", "id": 99, "method": "close", "params": {"instance": 1}})
receive()
send({"type": "cancel", "id": 99})
process.stdin.close()
process.wait(timeout=60)

for side, line in lines:
    for error in validator.iter_errors(json.loads(line)):
        problems.append(f"{side}: {line.strip()[:200]}: {error.message[:300]}")
for problem in problems:
    print(problem)
print(f"checked {len(lines)} lines")
