"""The app that the benchmark's baseline shells run: the default flow's car list, done trivially.

`make bench` (scripts/bench.py) compares FlowShell with the two shells people would otherwise
write in Python: the standard library's `cmd.Cmd` (baseline_cmd.py) and cmd2 (baseline_cmd2.py).
Both run this same app, so the difference between them is the framework alone. The app does the
work each benchmarked command asks for, and no more:

- `where` prints the stack of open screens, one line each (echo-like);
- `filter [TEXT]` keeps the cars whose name, id or operator contains TEXT and prints the list as
  an aligned table with its status line, as FlowShell's car list does;
- `sort price|distance|name` orders the list and prints it again;
- `select CAR-ID` pushes the car's details and prints them, `back` closes the top screen and
  prints the one below; each saves the stack atomically (a small JSON file written beside the
  target and renamed over it, without fsync) to the `--state` file;
- `help` is each framework's own help.

No colour, no width look-up, no services: this is the floor a trivial Python shell sets.
"""

import json
import os
import sys

CARS = [
    # id, name, operator, price per hour, distance in metres
    ("smart", "Smart ForTwo", "UrbanWheels", 8, 150),
    ("rio", "Kia Rio", "CityDrive", 9, 350),
    ("polo", "Volkswagen Polo", "CityDrive", 10, 1200),
    ("zoe", "Renault Zoe", "GreenGo", 11, 600),
    ("leaf", "Nissan Leaf", "GreenGo", 12, 1800),
    ("octavia", "Škoda Octavia", "CityDrive", 13, 2400),
    ("model3", "Tesla Model 3", "UrbanWheels", 25, 3100),
]

SORT_KEYS = {"price": 3, "distance": 4, "name": 1}


def distance(metres):
    """`350 m` under a kilometre, else `1.2 km`."""
    return f"{metres} m" if metres < 1000 else f"{metres / 1000:.1f} km"


def state_path_from(argv):
    """The value of `--state PATH` in argv, or None when the stack is not to be saved."""
    if "--state" in argv:
        index = argv.index("--state")
        if index + 1 < len(argv):
            return argv[index + 1]
    return None


class CarApp:
    """The car list, a car's details and a stack of screens; every command returns its text."""

    def __init__(self, state_path=None):
        self.state_path = state_path
        self.filter_text = ""
        self.order = "price"
        self.stack = [("cars.list", {})]
        if state_path and os.path.exists(state_path):
            with open(state_path, encoding="utf-8") as file:
                self.stack = [(entry["feature"], entry["input"]) for entry in json.load(file)["screens"]]

    def visible(self):
        """The cars the filter keeps, in the chosen order."""
        text = self.filter_text.lower()
        cars = [car for car in CARS if not text or any(text in str(value).lower() for value in car[:3])]
        return sorted(cars, key=lambda car: car[SORT_KEYS[self.order]])

    def car_list(self):
        """The car list as an aligned table with a status line."""
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
        return "\n".join(lines)

    def details(self, car_id):
        """A car's details as key: value lines."""
        car = next(car for car in CARS if car[0] == car_id)
        return "\n".join([car[1], f"Car:      {car[1]}", f"Operator: {car[2]}",
                          f"Price:    {car[3]} per hour", f"Distance: {distance(car[4])}", f"id {car_id}"])

    def top(self):
        """The screen on top of the stack, rendered."""
        screen, screen_input = self.stack[-1]
        return self.details(screen_input["carID"]) if screen == "cars.details" else self.car_list()

    def where(self):
        return "\n".join(f"{index}. {screen}" for index, (screen, _) in enumerate(self.stack, 1))

    def filter(self, text):
        self.filter_text = text.strip()
        return self.car_list()

    def sort(self, order):
        order = order.strip()
        if order not in SORT_KEYS:
            return "sort: ORDER is one of price, distance, name"
        self.order = order
        return self.car_list()

    def select(self, car_id):
        car_id = car_id.strip()
        if car_id not in {car[0] for car in CARS}:
            return f"select: no car '{car_id}'"
        self.stack.append(("cars.details", {"carID": car_id}))
        self.save()
        return self.top()

    def back(self):
        if len(self.stack) > 1:
            self.stack.pop()
            self.save()
        return self.top()

    def save(self):
        """Writes the stack beside the state file and renames it over it (atomic, no fsync)."""
        if not self.state_path:
            return
        screens = [{"feature": screen, "input": screen_input} for screen, screen_input in self.stack]
        temporary = self.state_path + ".tmp"
        with open(temporary, "w", encoding="utf-8") as file:
            json.dump({"v": 1, "screens": screens}, file)
        os.replace(temporary, self.state_path)


def prompt():
    """No prompt when stdin is not a terminal, as FlowShell does."""
    return "> " if sys.stdin.isatty() else ""
