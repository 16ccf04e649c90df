/// The Router role: the navigation stack. The bottom layer is a stack of pushed screens; each
/// presented screen opens a modal layer with a stack of its own.
@MainActor
public protocol Router: AnyObject {
    /// The layers, bottom first; each is a stack of screens, bottom first.
    var layers: [[any Presentable]] { get }
    /// The screen on top of the top layer.
    var top: (any Presentable)? { get }
    /// Pushes a screen onto the top layer.
    func push(_ screen: any Presentable)
    /// Removes the top screen of the top layer; a layer's only screen stays (dismiss it).
    func pop()
    /// Opens a modal layer with `screen` as its root.
    func present(_ screen: any Presentable)
    /// Closes the top modal layer; the bottom layer stays.
    func dismiss()
    /// Replaces the top screen of the top layer.
    func replace(with screen: any Presentable)
    /// Makes `screen` the only screen, closing every layer.
    func setRoot(_ screen: any Presentable)
    /// Closes every modal layer and pops the bottom layer to its root.
    func popToRoot()
}
