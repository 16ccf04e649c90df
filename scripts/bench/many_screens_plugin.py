"""A plugin for `make bench`'s scale row of declarations (issue 35): it declares the module
`Many` with as many screens as its argument says (`many_screens_plugin.py 40000`), each with an
event and a command, and answers nothing else. `check` asks it once; the shell then reads its
declarations from its cache (PluginDeclarationCache), as it does at every start after the first.
"""

import json
import sys

count = int(sys.argv[1])
screens = [{"id": f"many.s{index}", "title": f"Screen {index}", "inputs": [],
            "events": [{"name": "home", "payload": []}],
            "commands": [{"name": "first", "summary": "Go back to the first screen"}]}
           for index in range(count)]
sys.stdout.write(json.dumps({"type": "hello", "protocol": "flowshell-plugin", "version": "1.2.0", "features": []}) + "\n")
sys.stdout.flush()
for line in sys.stdin:
    message = json.loads(line)
    if message.get("type") == "request" and message.get("method") == "screens":
        sys.stdout.write(json.dumps({"type": "response", "id": message["id"],
                                     "result": {"modules": [{"name": "Many", "screens": screens}]}}) + "\n")
        sys.stdout.flush()
