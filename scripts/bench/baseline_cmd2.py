"""The baseline shell on cmd2 (from PyPI, in the benchmark's venv): the car app of baseline_app.py.

Run as `python baseline_cmd2.py [--state PATH] [--help-listing FILE]`; lines come from stdin (a terminal or a pipe),
output goes through cmd2's `poutput` to stdout with Python's default buffering. cmd2's defaults
are kept, except what would make it read or write files of its own or parse our arguments:
no persistent history, no start-up script, no command-line commands. `quit`, `exit` or end of
input leave.
"""

import os
import sys

import cmd2

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from baseline_app import CarApp, help_listing_from, interactive, prompt, state_path_from  # noqa: E402


class CarShell(cmd2.Cmd):
    """Each command is one method whose docstring `help` lists."""

    def __init__(self, app):
        super().__init__(allow_cli_args=False, persistent_history_file="", startup_script="")
        self.app = app
        self.prompt = prompt()
        self.register_preloop_hook(self.show_first_screen)
        self.register_postcmd_hook(self.save_when_idle)
        self.register_postloop_hook(self.app.save_if_changed)

    def show_first_screen(self):
        """The first screen, as FlowShell shows it at start."""
        self.poutput(self.app.top())

    def save_when_idle(self, data: cmd2.plugin.PostcommandData) -> cmd2.plugin.PostcommandData:
        """Idle at a terminal: the stack is saved when it changed."""
        if interactive():
            self.app.save_if_changed()
        return data

    def do_help(self, statement):
        """List this screen's commands, or show how to use one"""
        text = None if statement.args else self.app.help()
        if text is None:
            return super().do_help(statement)
        self.poutput(text, end="")

    def do_where(self, _):
        """Show the stack of open screens"""
        self.poutput(self.app.where())

    def do_filter(self, statement):
        """Show only cars whose name, id or operator contains TEXT (none: all)"""
        self.poutput(self.app.filter(statement.args))

    def do_sort(self, statement):
        """Order the list by price, distance or name"""
        self.poutput(self.app.sort(statement.args))

    def do_select(self, statement):
        """Show a car's details"""
        self.poutput(self.app.select(statement.args))

    def do_back(self, _):
        """Close this screen and return to the previous one"""
        self.poutput(self.app.back())

    def do_exit(self, _):
        """Leave the shell"""
        return True


if __name__ == "__main__":
    sys.exit(CarShell(CarApp(state_path_from(sys.argv), help_listing_from(sys.argv))).cmdloop())
