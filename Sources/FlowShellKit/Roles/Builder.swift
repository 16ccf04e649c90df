/// The Builder role: creates one screen's feature and updater, binds the updater to a View
/// (`bind(view:)`) and hands the coordinator something it can show.
@MainActor
public protocol Builder {
    /// Builds the screen from the context its feature needs, loading what it shows first;
    /// throws a ``UserFacingError`` when the input does not make sense (an unknown car, say).
    func build(context: FeatureContext) async throws -> any Presentable
}
