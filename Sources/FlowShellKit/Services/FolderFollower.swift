/// What watches folders for ``FolderChanges``: the process's one watch of folders, which the
/// runtime installs (``FolderChanges/install(_:)``) as it starts a flow. The kit itself watches
/// nothing.
package protocol FolderFollower: Sendable {
    /// Follows the entries of `folder`: `onChange` runs after they may have changed — with
    /// `version`, once that number moved. Calling what it returns stops following.
    func followChanges(
        of folder: String, version: (@Sendable () -> Int?)?,
        onChange: @escaping @Sendable () -> Void
    ) -> @Sendable () -> Void
}
