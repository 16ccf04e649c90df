/// Turns a deep link's parameter into the input a screen needs when it must be looked up first
/// (a licence plate into a car's id). Declared by a feature module; named in a link pattern as
/// `:plate`, it provides the input `produces`.
public struct ParameterResolver: Sendable {
    /// Looks the value up with the app's services; throws a ``UserFacingError`` when there is
    /// nothing to find.
    public typealias Resolve = @MainActor @Sendable (String, ServiceContainer) async throws -> String

    /// The link parameter it reads (`plate`).
    public var parameter: String
    /// The input key it provides (`carID`).
    public var produces: String
    /// Looks a value up.
    public var resolve: Resolve
    /// The values the parameter may take now (every car's plate), which Tab offers after the
    /// link's fixed part; nil: the module offers none.
    public typealias Suggest = @MainActor @Sendable (ServiceContainer) async throws -> [String]
    /// What Tab offers for the parameter, if the module says.
    public var suggest: Suggest?

    /// Registers a resolver; `suggest` lists the values Tab offers.
    public init(parameter: String, produces: String, suggest: Suggest? = nil, resolve: @escaping Resolve) {
        self.parameter = parameter
        self.produces = produces
        self.suggest = suggest
        self.resolve = resolve
    }

    /// Registers a resolver that looks a parameter up as a typed value (a `CarReference`,
    /// say): the input it provides is that type's one required key.
    public init<Value: ScreenValue>(
        parameter: String, producing type: Value.Type, suggest: Suggest? = nil,
        resolve: @escaping @MainActor @Sendable (String, ServiceContainer) async throws -> Value
    ) {
        let key = Value.requiredKeys.first ?? ""
        self.init(parameter: parameter, produces: key, suggest: suggest) { text, services in
            try await resolve(text, services).values[key] ?? ""
        }
    }
}
