import CEditShim
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A pseudo-terminal pair made for one session of a server: the session's line editor reads and
/// writes the terminal side (``terminal``), and the server relays its client's bytes to and from
/// the other side (``server``). Both descriptors close on exec; signals are off on the terminal,
/// so Ctrl-C and Ctrl-\ reach the line editor as bytes. Whoever holds each side closes it.
public struct PseudoTerminalPair: Sendable {
    /// The server's side (the master): what the client types is written here, and what the
    /// session shows is read from here.
    public let server: Int32
    /// The session's terminal (the slave).
    public let terminal: Int32

    /// Opens a pair whose window is `columns` × `rows`; nil when the system refuses (errno says why).
    public static func open(columns: Int, rows: Int) -> PseudoTerminalPair? {
        var server: Int32 = -1
        var terminal: Int32 = -1
        guard fs_open_pseudo_terminal(&server, &terminal, Int32(clamping: rows), Int32(clamping: columns)) == 0 else { return nil }
        return PseudoTerminalPair(server: server, terminal: terminal)
    }

    /// Sets the window size of the pair whose server side is `server` (the terminal side then
    /// reports it).
    public static func resize(server: Int32, columns: Int, rows: Int) {
        _ = fs_resize_pseudo_terminal(server, Int32(clamping: rows), Int32(clamping: columns))
    }
}
