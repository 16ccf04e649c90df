"""A plugin for flowshell test's tests: a board whose `paint` takes one of the colours it
declares, whose `label` takes free text, and which notes every command it runs, one line each,
in the file SWATCHES_LOG names, or else its first argument. (`flowshell test` starts the plugin
anew for each path it tries, and a file its command names is part of what was trusted: a log
written there would make it a changed plugin on the next path.)"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "..", "plugins", "python"))
import flowshell_plugin as fp  # noqa: E402

LOG = os.environ.get("SWATCHES_LOG") or sys.argv[1]


def note(line):
    with open(LOG, "a", encoding="utf-8") as log:
        log.write(line + "\n")


class Board(fp.Screen):
    id = "swatch.board"
    title = "Swatches"
    events = {"finished": []}

    def __init__(self, input):
        self.colour = None

    def view(self):
        return fp.view("Swatches", [fp.text(self.colour or "blank")])

    @fp.command("paint", "Paint the board", fp.arg("COLOUR", values=["red", "green"]))
    def paint(self, colour):
        note(f"paint {colour}")
        self.colour = colour

    @fp.command("label", "Label the board", fp.arg("TEXT", rest=True))
    def label(self, text):
        note(f"label {text}")

    @fp.command("finish", "Leave the board")
    def finish(self):
        note("finish")
        self.emit("finished")


if __name__ == "__main__":
    fp.Plugin("Swatches", [Board]).run()
