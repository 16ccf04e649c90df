/// What the details screen's commands ask of its feature.
@MainActor
protocol CarDetailsActions: AnyObject {
    func book()
}
