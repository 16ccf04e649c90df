"""The baseline shell on cmd2 (from PyPI, in the benchmark's venv): the car app of baseline_app.py.

Run as `python baseline_cmd2.py [--state PATH]`; lines come from stdin (a terminal or a pipe),
output goes through cmd2's `poutput` to stdout with Python's default buffering. cmd2's defaults
are kept, except what would make it read or write files of its own or parse our arguments:
no persistent history, no start-up script, no command-line commands. `quit`, `exit` or end of
input leave.
"""

import os
import sys

import cmd2

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from baseline_app import CarApp, prompt, state_path_from  # noqa: E402


class CarShell(cmd2.Cmd):
    """Each command is one method whose docstring `help` lists."""

    def __init__(self, app):
        super().__init__(allow_cli_args=False, persistent_history_file="", startup_script="")
        self.app = app
        self.prompt = prompt()

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
    sys.exit(CarShell(CarApp(state_path_from(sys.argv))).cmdloop())
