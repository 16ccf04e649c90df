import FlowCoordinator
import FlowShellKit
import FlowShellRuntime
import Foundation

/// The sessions of one server: what they share (the app's services, data folder and modules'
/// settings, as two terminals share them), the tabs open now, and where closed tabs
/// were, so that a page reloaded comes back to it (`--state` for a tab).
@MainActor
final class WebSessions {
    /// At most this many tabs at once; one more is refused until one closes.
    let maximumOpen: Int
    /// Where this many closed tabs were is kept; the oldest is forgotten first.
    static let maximumRemembered = 256

    private let source: ConfigSource
    private let modules: [FeatureModule]
    private let title: String
    private let dataDirectory: (String) -> String?
    private let makePlugins: () -> PluginLoader
    private let services = ServiceContainer()
    private let settings = SharedSettings()
    private var open: Set<String> = []
    /// Sessions opening for a tab whose last session is still closing, by tab.
    private var awaitingClose: [String: [(id: Int, resume: CheckedContinuation<Void, Never>)]] = [:]
    private var nextWaiter = 0
    /// How long a tab's new session waits for its last one to close (a reload closes the old
    /// socket as the new one opens) before it starts afresh under a new id (a duplicated tab,
    /// whose original is still open).
    static let closeGrace: Duration = .seconds(3)
    private var remembered: [String: NavigationSnapshot] = [:]
    private var rememberedOrder: [String] = []

    init(source: ConfigSource, modules: [FeatureModule], title: String, maximumOpen: Int, dataDirectory: @escaping (String) -> String?,
         plugins: @escaping () -> PluginLoader) {
        self.source = source
        self.maximumOpen = maximumOpen
        self.modules = modules
        self.title = title
        self.dataDirectory = dataDirectory
        self.makePlugins = plugins
    }

    /// The number of tabs open now.
    var openCount: Int { open.count }

    /// Starts a runtime on the shared services.
    private func startRuntime() async throws(FlowRuntime.StartFailure) -> FlowRuntime {
        let settings = self.settings
        return try await FlowRuntime.start(source: source, modules: modules, dataDirectory: dataDirectory,
                                           openSettings: { folder in SessionSettings(shared: settings.open(inFolder: folder)) },
                                           services: services, plugins: makePlugins())
    }

    /// Starts the flow once, before serving, so that a config that cannot run is reported at
    /// once (and the services are set up); returns the config's warnings.
    func check() async throws(FlowRuntime.StartFailure) -> [String] {
        let runtime = try await startRuntime()
        runtime.flow.closeAll()
        await runtime.stopPlugins()
        return runtime.warnings.map(\.description) + (settings.warning.map { ["warning: \($0)"] } ?? [])
    }

    /// Why a tab was not opened, in words the page shows.
    struct Refusal: Error {
        let reason: String
    }

    /// Opens a session for a tab: the one the page names if it is not open already (a reload
    /// comes back to where it was), else a new one.
    func open(tab requested: String?, send: @escaping @Sendable (Data) -> Void) async throws(Refusal) -> WebSession {
        guard open.count < maximumOpen else {
            throw Refusal(reason: "this server has \(maximumOpen) tabs open, as many as it takes; close one and reload")
        }
        if let requested, open.contains(requested) {
            await waitForClose(of: requested)
        }
        let tab = requested.flatMap { Self.isTabID($0) && !open.contains($0) ? $0 : nil } ?? Self.newTabID()
        open.insert(tab)
        let runtime: FlowRuntime
        do {
            runtime = try await startRuntime()
        } catch {
            open.remove(tab)
            throw Refusal(reason: error.messages.joined(separator: "\n"))
        }
        let session = WebSession(tab: tab, runtime: runtime, send: send)
        let snapshot = remembered.removeValue(forKey: tab)
        rememberedOrder.removeAll { $0 == tab }
        let notices = runtime.startNotices + (settings.warning.map { [Notice(.warning, $0)] } ?? [])
        await session.start(title: title, restoring: snapshot, notices: notices)
        return session
    }

    /// Closes a session and remembers where its tab was, unless the user left with `quit`.
    func close(_ session: WebSession) async {
        let snapshot = await session.close()
        open.remove(session.tab)
        if !session.quit {
            remembered[session.tab] = snapshot
            rememberedOrder.append(session.tab)
            if rememberedOrder.count > Self.maximumRemembered {
                remembered.removeValue(forKey: rememberedOrder.removeFirst())
            }
        }
        for waiter in awaitingClose.removeValue(forKey: session.tab) ?? [] {
            waiter.resume.resume()
        }
    }

    /// Returns when the tab's open session has closed, or after ``closeGrace``. Each waiter is
    /// taken out of the list before it is resumed, so it is resumed once.
    private func waitForClose(of tab: String) async {
        nextWaiter += 1
        let id = nextWaiter
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            awaitingClose[tab, default: []].append((id, continuation))
            Task { @MainActor [weak self] in
                try? await Task.sleep(for: Self.closeGrace)
                guard let self, let index = self.awaitingClose[tab]?.firstIndex(where: { $0.id == id }) else { return }
                self.awaitingClose[tab]?.remove(at: index).resume.resume()
            }
        }
    }

    /// A tab id as the server makes them: 32 hexadecimal digits.
    static func isTabID(_ text: String) -> Bool {
        text.utf8.count == 32 && text.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0) }
    }

    static func newTabID() -> String {
        RandomToken.make(bytes: 16)
    }
}
