/// The flow built into the binary, used when there is no `config.json` and no `--config`.
/// It matches the repository's `config.json` (a test keeps the two equal).
enum DefaultFlow {
    static let name = "built-in default flow"

    static let json = """
    {
      "app": "carsharing",
      "root": "cars.list",
      "modules": ["Booking", "Cars"],
      "transitions": [
        { "from": "cars.list", "on": "selected", "to": "cars.details", "style": "push" },
        { "from": "cars.list", "on": "showOperators", "to": "cars.operators", "style": "push" },
        { "from": "cars.operators", "on": "chosen", "to": "cars.list", "style": "push" },
        { "from": "cars.details", "on": "book", "to": "booking.confirm", "style": "present" },
        { "from": "booking.confirm", "on": "confirmed", "style": "dismiss" },
        { "from": "booking.confirm", "on": "cancelled", "style": "dismiss" }
      ]
    }
    """
}
