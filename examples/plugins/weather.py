"""The weather where a car is: a FlowShell plugin in Python (see docs/plugins.md).

Reached from a car's details with the config command `weather` (examples/plugins.json). Its
`now` command opens the wind as it blows: a screen that changes by itself, every second.
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "plugins", "python"))
import flowshell_plugin as fp  # noqa: E402

DAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
SKIES = ["sunny", "cloudy", "rain", "windy", "showers"]


class Forecast(fp.Screen):
    id = "weather.forecast"
    title = "Weather"
    inputs = ["carID"]
    events = {"done": [], "now": ["carID"]}

    def __init__(self, input):
        self.car = input["carID"]
        self.days = 3
        self.seed = sum(ord(c) for c in self.car)

    def view(self):
        rows = []
        for day in range(self.days):
            value = self.seed + day * 7
            rows.append([DAYS[day % 7], SKIES[value % len(SKIES)], f"{8 + value % 15} °C"])
        return fp.view(f"Weather near {self.car}", [
            fp.table(["Day", "Sky", fp.column("Temp", alignment="trailing")], rows),
        ], status=f"{self.days}-day forecast")

    @fp.command("days", "Show the forecast for N days", fp.choice("N", [str(n) for n in range(1, 8)]))
    def set_days(self, n):
        if not n.isdigit() or not 1 <= int(n) <= 7:
            raise fp.UserError(f"days must be from 1 to 7, not '{n}'")
        self.days = int(n)

    @fp.command("radar", "Ask the radar (slow: about a minute; Ctrl-C cancels)")
    def radar(self):
        for _ in range(600):
            self.sleep(0.1)

    @fp.command("now", "Watch the wind near the car, as it changes")
    def now(self):
        self.emit("now", carID=self.car)

    @fp.command("done", "Close the forecast")
    def done(self):
        self.emit("done")


class Wind(fp.Screen):
    """The wind near a car, read again every second while the screen is open: each reading is
    pushed to the shell as an update, which shows it above the prompt."""
    id = "weather.wind"
    title = "Wind"
    inputs = ["carID"]
    events = {"done": []}
    every = 1

    def __init__(self, input):
        self.car = input["carID"]
        self.readings = 0

    def view(self):
        # A made-up gust pattern: the same for every run, so that a session replays alike.
        speed = 3 + (sum(ord(c) for c in self.car) + self.readings * 5) % 9
        return fp.view(f"Wind near {self.car}", [
            fp.key_value([("Speed", f"{speed} m/s"), ("Readings", str(self.readings))]),
        ], status="read every second")

    def tick(self):
        self.readings += 1

    @fp.command("done", "Close the wind")
    def done(self):
        self.emit("done")


if __name__ == "__main__":
    fp.Plugin("Weather", [Forecast, Wind]).run()
