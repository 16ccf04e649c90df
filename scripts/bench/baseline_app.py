"""The app that the benchmark's baseline shells run: the default flow's car list, done trivially.

`make bench` (scripts/bench.py) compares FlowShell with the two shells people would otherwise
write in Python: the standard library's `cmd.Cmd` (baseline_cmd.py) and cmd2 (baseline_cmd2.py).
Both run this same app, so the difference between them is the framework alone. The app does the
work each benchmarked command asks for, no more, and prints what FlowShell prints for it, byte
for byte (the bench compares the outputs before it measures):

- at start, the car list, as FlowShell shows its first screen;
- `where` prints the stack of open screens, one line each (echo-like);
- `filter [TEXT]` keeps the cars whose name, id or operator contains TEXT and prints the list as
  an aligned table with its status line and its commands;
- `sort price|distance|name` orders the list and prints it again; when the list is in that
  order already, it says `nothing changed`, as FlowShell does;
- `select CAR-ID` pushes the car's details and prints them, `back` closes the top screen and
  prints the one below;
- `help` prints FlowShell's help for the screen, laid out each time from the listing FlowShell
  gives in JSON (`--help-listing FILE`, which the bench writes), with each framework's own
  `help` command;
- where the user is (the stack) is kept as FlowShell keeps it: at a terminal, or from a script
  given `--restore`, it is read from the `--state` file at start and saved when the shell goes
  idle at a terminal (before each prompt) and when it ends, only when it differs from what the
  file holds — the same JSON, written to a new file beside the target, flushed to the disk
  (fsync) and renamed over it; a script without `--restore` neither reads nor saves it.

No colour, no width look-up, no services: this is the floor a trivial Python shell sets.
"""

import json
import os
import sys

CARS = [
    # id, name, operator, price per hour, distance in metres, seats, fuel %, plate
    ("smart", "Smart ForTwo", "UrbanWheels", 8, 150, 2, 43, "M987NP"),
    ("rio", "Kia Rio", "CityDrive", 9, 350, 5, 80, "A123BC"),
    ("polo", "Volkswagen Polo", "CityDrive", 10, 1200, 5, 64, "B456DE"),
    ("zoe", "Renault Zoe", "GreenGo", 11, 600, 5, 72, "E321GH"),
    ("leaf", "Nissan Leaf", "GreenGo", 12, 1800, 5, 55, "K654LM"),
    ("octavia", "Škoda Octavia", "CityDrive", 13, 2400, 5, 91, "C789FG"),
    ("model3", "Tesla Model 3", "UrbanWheels", 25, 3100, 5, 88, "T111ES"),
]

SORT_KEYS = {"price": 3, "distance": 4, "name": 1}

# The commands each screen lists under it, as FlowShell's flow offers them.
LIST_COMMANDS = "commands: select, filter, sort, refresh, operators, bookings, account — help for more"
DETAILS_COMMANDS = "commands: book — help for more"

# The widest the usage column of `help` gets (FlowShell's TextOutput.usageColumnLimit).
USAGE_COLUMN_LIMIT = 24


def distance(metres):
    """`350 m` under a kilometre, else `1.2 km`."""
    return f"{metres} m" if metres < 1000 else f"{metres / 1000:.1f} km"


def option_from(argv, name):
    """The value of `NAME VALUE` in argv, or None."""
    if name in argv:
        index = argv.index(name)
        if index + 1 < len(argv):
            return argv[index + 1]
    return None


def state_path_from(argv):
    """The value of `--state PATH` in argv, or None when the stack is not to be kept: a script
    (stdin not a terminal) keeps it only with `--restore`, as FlowShell does."""
    return option_from(argv, "--state") if interactive() or "--restore" in argv else None


def help_listing_from(argv):
    """The help listing FlowShell gave (`--help-listing FILE`), or None."""
    path = option_from(argv, "--help-listing")
    if not path:
        return None
    with open(path, encoding="utf-8") as file:
        return json.load(file)


class CarApp:
    """The car list, a car's details and a stack of screens; every command returns its text."""

    def __init__(self, state_path=None, help_listing=None):
        self.state_path = state_path
        self.help_listing = help_listing
        self.filter_text = ""
        self.order = "price"
        self.stack = [("cars.list", {})]
        self.saved = None
        if state_path and os.path.exists(state_path):
            with open(state_path, encoding="utf-8") as file:
                self.stack = [(entry["feature"], entry["input"]) for entry in json.load(file)["screens"]]
            self.saved = list(self.stack)

    def visible(self):
        """The cars the filter keeps, in the chosen order."""
        text = self.filter_text.lower()
        cars = [car for car in CARS if not text or any(text in str(value).lower() for value in car[:3])]
        return sorted(cars, key=lambda car: car[SORT_KEYS[self.order]])

    def car_list(self):
        """The car list as an aligned table with a status line and its commands."""
        rows = [("ID", "Car", "Operator", "Price", "Away")]
        rows += [(car[0], car[1], car[2], f"{car[3]}/h", distance(car[4])) for car in self.visible()]
        widths = [max(len(row[column]) for row in rows) for column in range(5)]
        lines = ["Cars"]
        for row in rows:
            left = [row[column].ljust(widths[column]) for column in range(3)]
            right = [row[column].rjust(widths[column]) for column in range(3, 5)]
            lines.append("  ".join(left + right))
        status = f"{len(rows) - 1} of {len(CARS)} cars, by {self.order}"
        if self.filter_text:
            status += f", matching '{self.filter_text}'"
        lines.append(status)
        lines.append(LIST_COMMANDS)
        return "\n".join(lines)

    def details(self, car_id):
        """A car's details as key: value lines."""
        car = next(car for car in CARS if car[0] == car_id)
        return "\n".join([car[1], f"Car:      {car[1]}", f"Operator: {car[2]}",
                          f"Price:    {car[3]} per hour", f"Distance: {distance(car[4])}", f"Seats:    {car[5]}",
                          f"Fuel:     {car[6]}%", f"Plate:    {car[7]}", f"id {car_id}", DETAILS_COMMANDS])

    def top(self):
        """The screen on top of the stack, rendered."""
        screen, screen_input = self.stack[-1]
        return self.details(screen_input["carID"]) if screen == "cars.details" else self.car_list()

    def title(self, screen, screen_input):
        return next(car[1] for car in CARS if car[0] == screen_input["carID"]) if screen == "cars.details" else "Cars"

    def where(self):
        lines = []
        for depth, (screen, screen_input) in enumerate(self.stack, 1):
            details = ", ".join([screen] + [f"{key}={value}" for key, value in sorted(screen_input.items())])
            lines.append(f"{depth}. {self.title(screen, screen_input)} ({details})")
        return "\n".join(lines)

    def filter(self, text):
        self.filter_text = text.strip()
        return self.car_list()

    def sort(self, order):
        order = order.strip()
        if order not in SORT_KEYS:
            return "sort: ORDER is one of price, distance, name"
        if order == self.order:
            return "  nothing changed"
        self.order = order
        return self.car_list()

    def select(self, car_id):
        car_id = car_id.strip()
        if car_id not in {car[0] for car in CARS}:
            return f"select: no car '{car_id}'"
        self.stack.append(("cars.details", {"carID": car_id}))
        return self.top()

    def back(self):
        if len(self.stack) > 1:
            self.stack.pop()
        return self.top()

    def help(self):
        """FlowShell's help for the list screen, laid out as FlowShell lays it out (no wrapping:
        output that is not a terminal has no width)."""
        listing = self.help_listing
        if listing is None:
            return None
        screen, globals_ = listing.get("screenCommands", []), listing["globalCommands"]
        usage_width = max((len(row["usage"]) for row in screen + globals_ if len(row["usage"]) <= USAGE_COLUMN_LIMIT),
                          default=0)
        indent = " " * (usage_width + 4)

        def section(title, rows):
            text = title + "\n"
            for row in rows:
                usage = row["usage"]
                if len(usage) > usage_width:
                    text += f"  {usage}\n{indent}{row['summary']}\n"
                else:
                    text += f"  {usage.ljust(usage_width)}  {row['summary']}\n"
            return text

        text = ""
        if screen:
            text += section(f"Commands on this screen ({listing['screenTitle']}):", screen)
        return text + section("Global commands:", globals_)

    def save_if_changed(self):
        """Writes the stack as FlowShell does — the same fields, to a new file beside the state
        file, flushed to the disk and renamed over it — unless the file holds it already."""
        if not self.state_path or self.stack == self.saved:
            return
        screens = [{"feature": screen, "flowRoot": False, "input": screen_input,
                    "presentation": "root" if depth == 0 else "pushed"}
                   for depth, (screen, screen_input) in enumerate(self.stack)]
        temporary = self.state_path + ".tmp"
        with open(temporary, "w", encoding="utf-8") as file:
            json.dump({"app": "carsharing", "screens": screens, "v": 1}, file, indent=2, sort_keys=True)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, self.state_path)
        self.saved = list(self.stack)


def interactive():
    return sys.stdin.isatty()


def prompt():
    """No prompt when stdin is not a terminal, as FlowShell does."""
    return "> " if interactive() else ""
