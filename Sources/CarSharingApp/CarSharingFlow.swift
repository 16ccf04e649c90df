/// The car-sharing demo's flow, built into the binary for where there is no `config.json` and
/// no `--config`. It matches the repository's `config.json` (a test keeps the two equal).
public enum CarSharingFlow {
    /// The flow's text.
    public static let json = """
        {
          "app": "carsharing",
          "root": "cars.list",
          "modules": ["Auth", "Booking", "Cars"],
          "transitions": [
            { "from": "cars.list", "on": "selected", "to": "cars.details", "style": "push" },
            { "from": "cars.list", "on": "showOperators", "to": "cars.operators", "style": "push" },
            { "from": "cars.list", "on": "showBookings", "to": "booking.list", "style": "push", "requires": ["session"] },
            { "from": "cars.list", "on": "showAccount", "to": "auth.account", "style": "push", "requires": ["session"] },
            { "from": "cars.operators", "on": "chosen", "to": "cars.list", "style": "popTo" },
            { "from": "cars.details", "on": "book", "to": "booking.confirm", "style": "present", "requires": ["session"] },
            { "from": "booking.confirm", "on": "confirmed", "style": "dismiss" },
            { "from": "booking.confirm", "on": "cancelled", "style": "dismiss" },
            { "from": "*", "on": "loggedOut", "to": "cars.list", "style": "root" }
          ],
          "flows": {
            "login": {
              "root": "auth.login",
              "transitions": [
                { "from": "auth.login", "on": "cancelled", "style": "pop" }
              ],
              "finish": { "loggedIn": "finished" }
            }
          },
          "guards": {
            "session": { "flow": "login", "style": "present" }
          },
          "links": {
            "/cars/:carID": ["cars.list", "cars.details"],
            "/plates/:plate": ["cars.list", "cars.details"],
            "/bookings": ["cars.list", "booking.list"],
            "/account": ["cars.list", "auth.account"]
          },
          "examples": {
            "auth.login": { "login": ["alice"] },
            "cars.list": { "filter": ["GreenGo"] }
          },
          "personConfirms": {
            "booking.confirm": ["confirm"],
            "booking.list": ["cancel"]
          }
        }
        """
}
