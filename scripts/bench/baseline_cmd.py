"""The baseline shell on Python's standard `cmd.Cmd`: the car app of baseline_app.py.

Run as `python3 baseline_cmd.py [--state PATH] [--help-listing FILE]`; lines come from stdin
(a terminal or a pipe), output goes to stdout with Python's default buffering. `quit`, `exit` or
end of input leave.
"""

import cmd
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from baseline_app import CarApp, help_listing_from, interactive, prompt, state_path_from  # noqa: E402


class CarShell(cmd.Cmd):
    """Each command is one method whose docstring `help` lists."""

    def __init__(self, app):
        super().__init__()
        self.app = app
        self.prompt = prompt()

    def preloop(self):
        """The first screen, as FlowShell shows it at start."""
        print(self.app.top())

    def postcmd(self, stop, line):
        """Idle at a terminal: the stack is saved when it changed."""
        if interactive():
            self.app.save_if_changed()
        return stop

    def postloop(self):
        self.app.save_if_changed()

    def emptyline(self):
        """An empty line does nothing (cmd.Cmd would repeat the last command)."""

    def do_help(self, argument):
        """List this screen's commands, or show how to use one"""
        text = None if argument else self.app.help()
        if text is None:
            return super().do_help(argument)
        self.stdout.write(text)

    def do_where(self, _):
        """Show the stack of open screens"""
        print(self.app.where())

    def do_filter(self, text):
        """Show only cars whose name, id or operator contains TEXT (none: all)"""
        print(self.app.filter(text))

    def do_sort(self, order):
        """Order the list by price, distance or name"""
        print(self.app.sort(order))

    def do_select(self, car_id):
        """Show a car's details"""
        print(self.app.select(car_id))

    def do_back(self, _):
        """Close this screen and return to the previous one"""
        print(self.app.back())

    def do_quit(self, _):
        """Leave the shell"""
        return True

    do_exit = do_quit

    def do_EOF(self, _):
        """Leave at the end of input"""
        return True


if __name__ == "__main__":
    CarShell(CarApp(state_path_from(sys.argv), help_listing_from(sys.argv))).cmdloop()
