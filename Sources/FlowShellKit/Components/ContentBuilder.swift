/// Builds a screen's content from a list of components, with `if`, `for` and optional parts:
///
/// ```swift
/// ViewProperties(title: "Cars") {
///     if cars.isEmpty {
///         Component.message(.info, "No cars right now.")
///     } else {
///         Component.table(table)
///     }
///     Component.divider
/// }
/// ```
@resultBuilder
public enum ContentBuilder {
    /// One component.
    public static func buildExpression(_ component: Component) -> [Component] { [component] }
    /// Several components.
    public static func buildExpression(_ components: [Component]) -> [Component] { components }
    /// The components of a block, in order.
    public static func buildBlock(_ parts: [Component]...) -> [Component] { parts.flatMap { $0 } }
    /// An `if` without `else`.
    public static func buildOptional(_ part: [Component]?) -> [Component] { part ?? [] }
    /// The `if` branch.
    public static func buildEither(first part: [Component]) -> [Component] { part }
    /// The `else` branch.
    public static func buildEither(second part: [Component]) -> [Component] { part }
    /// A `for` loop.
    public static func buildArray(_ parts: [[Component]]) -> [Component] { parts.flatMap { $0 } }
}

extension ViewProperties {
    /// Creates the properties of a screen with its content built by a ``ContentBuilder``.
    public init(
        title: String,
        commands: [CommandDescription] = [],
        status: String? = nil,
        @ContentBuilder content: () -> [Component]
    ) {
        self.init(title: title, content: content(), commands: commands, status: status)
    }
}
