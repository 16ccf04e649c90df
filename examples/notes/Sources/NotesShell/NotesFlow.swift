/// The flow notes runs where there is no config.json and no --config; keep it equal
/// to config.json, which is the one to edit while the shell runs.
enum NotesFlow {
    static let json = """
    {
      "app": "notes",
      "root": "notes.list",
      "modules": ["Notes"],
      "transitions": [
        { "from": "notes.list", "on": "opened", "to": "notes.note", "style": "push", "requires": ["unlocked"] },
        { "from": "notes.list", "on": "compose", "to": "notes.compose", "style": "present" },
        { "from": "notes.compose", "on": "saved", "to": "notes.note", "style": "replace" },
        { "from": "notes.compose", "on": "cancelled", "style": "dismiss" },
        { "from": "notes.note", "on": "deleted", "style": "pop" }
      ],
      "flows": {
        "unlock": {
          "root": "notes.unlock",
          "transitions": [
            { "from": "notes.unlock", "on": "cancelled", "style": "pop" }
          ],
          "finish": { "unlocked": "finished" }
        }
      },
      "guards": {
        "unlocked": { "flow": "unlock", "style": "present" }
      },
      "links": {
        "/notes/:noteID": ["notes.list", "notes.note"]
      }
    }
    """
}
