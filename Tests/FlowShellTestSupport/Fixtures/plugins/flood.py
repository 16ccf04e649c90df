"""A plugin whose screens flood the shell with updates as fast as it can write them, for the
tests of how the shell coalesces a flood: `flood.views` only changes its view, until `stop`
makes it send a last, distinct one; `flood.steps` sends TOTAL updates, emitting `step` on every
STEP-th (which the flow follows to a screen of its own), then a last, distinct view."""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "..", "plugins", "python"))
import flowshell_plugin as fp  # noqa: E402

TOTAL = 20000
STEP = 4000


class Menu(fp.Screen):
    id = "flood.menu"
    title = "Flood"

    def __init__(self, input):
        pass

    def view(self):
        return fp.view("Flood", [fp.text("ready")])


class Views(fp.Screen):
    id = "flood.views"
    title = "Views"
    # As often as the plugin's loop comes round: as fast as it can write.
    every = 1e-9

    def __init__(self, input):
        self.count = 0
        self.stopped = False

    def tick(self):
        if not self.stopped:
            self.count += 1

    @fp.command("stop", "Stop the flood")
    def stop(self):
        self.stopped = True
        self.every = 3600

    def view(self):
        if self.stopped:
            return fp.view("Views", [fp.text(f"stopped after {self.count} updates")])
        return fp.view("Views", [fp.text(f"update {self.count}")], status="over 5000 sent" if self.count > 5000 else None)


class Steps(fp.Screen):
    id = "flood.steps"
    title = "Steps"
    events = {"step": ["n"]}
    every = 1e-9

    def __init__(self, input):
        self.count = 0

    def tick(self):
        if self.count < TOTAL:
            self.count += 1
            if self.count % STEP == 0 and self.count < TOTAL:
                self.emit("step", n=self.count)
        if self.count == TOTAL:
            self.every = 3600       # the last view is sent (once more, as one more tick was due)

    def view(self):
        text = f"last view after {TOTAL} updates" if self.count == TOTAL else f"update {self.count}"
        return fp.view("Steps", [fp.text(text)])


class Step(fp.Screen):
    id = "flood.step"
    title = "Step"
    inputs = ["n"]

    def __init__(self, input):
        self.n = input["n"]

    def view(self):
        return fp.view(f"Step {self.n}", [fp.text(f"step {self.n} reached")])


if __name__ == "__main__":
    fp.Plugin("Flood", [Menu, Views, Steps, Step]).run()
