import FlowShellRuntime

extension [SessionCapability] {
    /// What a session at the terminal may do beyond the core: reach this machine's files and
    /// run its programs, as the person at the terminal may.
    public static var terminal: [SessionCapability] { [.files, .programs] }
}
