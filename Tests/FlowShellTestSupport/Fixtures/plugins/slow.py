"""A plugin for flowshell test's tests: a board whose `paint` and `finish` answer at once (but
`finish` is refused until the process has painted a board), whose `stall` never does (it
sleeps, deaf to cancel, until the plugin is stopped), so that the plugin's own deadline stops
it on that path alone; given the argument `crash`, its `crash` ends the plugin."""

import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "..", "plugins", "python"))
import flowshell_plugin as fp  # noqa: E402


# Kept by the process, not by a screen, as a plugin may keep what it was told: once one board
# is painted, `finish` works on every board of the process — a path that paints changes what
# any later path that shares the process does.
PAINTED = []


class Board(fp.Screen):
    id = "slow.board"
    title = "Slow board"
    events = {"finished": []}

    def __init__(self, input):
        self.colour = None

    def view(self):
        return fp.view("Slow board", [fp.text(self.colour or "blank")])

    @fp.command("paint", "Paint the board", fp.arg("COLOUR", values=["red", "green"]))
    def paint(self, colour):
        self.colour = colour
        PAINTED.append(colour)

    @fp.command("finish", "Leave the board, once a board is painted")
    def finish(self):
        if not PAINTED:
            raise fp.UserError("paint the board first")
        self.emit("finished")

    @fp.command("stall", "Wait for nothing, for ever")
    def stall(self):
        # Longer than any deadline of the tests, and not cut short by a cancel.
        time.sleep(3600)


class CrashingBoard(Board):
    @fp.command("crash", "End the plugin")
    def crash(self):
        os._exit(3)


if __name__ == "__main__":
    fp.Plugin("Slow", [CrashingBoard if "crash" in sys.argv[1:] else Board]).run()
