import FlowShellRuntime

/// Who a shell built on FlowShell is (the runtime's type, which the browser's entry takes as
/// well), named here so that a shell's `main.swift` needs only `import FlowShell`.
public typealias ShellIdentity = FlowShellRuntime.ShellIdentity
