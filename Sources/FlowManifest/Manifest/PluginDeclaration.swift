/// A plugin a flow names beside its linked modules: an executable, started with its arguments,
/// that provides the screens of one feature module over the plugin protocol
/// (`docs/plugins.md`).
///
/// ```json
/// "plugins": [{"module": "Weather", "command": ["python3", "plugins/weather.py"], "timeoutMs": 2000}]
/// ```
public struct PluginDeclaration: Sendable, Equatable {
    /// How long a plugin may take to answer one request when the config does not say.
    public static let defaultTimeoutMilliseconds = 2000

    /// The module the plugin provides, named as a linked module would be (`Weather`).
    public var module: String
    /// The program and its arguments. A program with a `/` is a path relative to the config
    /// file's folder (never searched in `PATH`); a bare name (`python3`) is searched in `PATH`.
    /// The plugin runs in the config file's folder, so relative arguments are relative to it too.
    public var command: [String]
    /// How long the plugin may take to answer one request, in milliseconds.
    public var timeoutMilliseconds: Int
    /// Where it is written (`plugins[0]`).
    public var path: JSONPath

    /// The plugin that provides `module` by running `command`, given `timeoutMilliseconds` to
    /// answer each request.
    public init(
        module: String, command: [String], timeoutMilliseconds: Int = PluginDeclaration.defaultTimeoutMilliseconds,
        path: JSONPath
    ) {
        self.module = module
        self.command = command
        self.timeoutMilliseconds = timeoutMilliseconds
        self.path = path
    }
}

extension Manifest {
    /// The modules whose screens this flow uses: the linked ones it lists, then its plugins'.
    public var loadedModules: [String] {
        modules + plugins.map(\.module).filter { !modules.contains($0) }
    }

    /// The declaration of the plugin that provides `module`, if a plugin does.
    public func plugin(providing module: String) -> PluginDeclaration? {
        plugins.first { $0.module == module }
    }
}
