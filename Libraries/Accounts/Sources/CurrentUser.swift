/// Who is signed in: what a feature that is not Auth uses to act for the user (Booking keeps
/// each booking under its user's name and shows each user their own). Auth provides it; it is
/// registered as `(any CurrentUser).self`.
@MainActor
public protocol CurrentUser: AnyObject, Sendable {
    /// The signed-in user's name, or nil when nobody is signed in.
    var name: String? { get }
}
