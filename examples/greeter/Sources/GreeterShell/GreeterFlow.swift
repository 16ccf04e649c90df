/// The flow greeter runs where there is no config.json and no --config; keep it equal
/// to config.json, which is the one to edit while the shell runs.
enum GreeterFlow {
    static let json = """
    {
      "app": "greeter",
      "root": "greeter.home",
      "modules": ["Greeter"],
      "transitions": [
        { "from": "greeter.home", "on": "finished", "to": "greeter.home", "style": "root" }
      ]
    }
    """
}
