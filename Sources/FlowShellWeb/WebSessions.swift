import FlowCoordinator
import FlowShellKit
import FlowShellRuntime
import FlowShellServing
import Foundation

/// The sessions of one server: what they share (the app's services, data folder and modules'
/// settings, as two terminals share them), the tabs open now, and where each tab was (in the
/// data folder, ``FolderSessionStates``, or the flow's shared store), so that a tab that comes back — reloaded,
/// or reconnecting after a server restarted, maybe another one — continues there.
@MainActor
final class WebSessions {
    /// At most this many tabs at once; one more is refused until one closes.
    let maximumOpen: Int

    /// What is served, and what each tab's session is composed with.
    private let flow: ServedFlow
    private let stateDirectory: (String) -> String?
    private let settings = SharedSettings()
    /// The modules' settings every server of the flow shares (`--database`), once ``check()``
    /// knows the app; nil: this server's data folder's.
    private var sharedSettings: (any SharedSettingsStorage)?
    /// The tabs open or opening now.
    private var reserved: Set<String> = []
    /// The sessions of the tabs open now, by tab.
    private var sessions: [String: WebSession] = [:]
    /// Sessions opening for a tab whose last session is still closing, by tab.
    private var awaitingClose: [String: [(id: Int, resume: CheckedContinuation<Void, Never>)]] = [:]
    private var nextWaiter = 0
    /// How long a tab that comes back (a reload closes the old socket as the new one opens)
    /// waits for its last session to close before it is treated as a copy of a tab still open.
    static let closeGrace: Duration = .seconds(3)
    /// The app served, once ``check()`` has started the flow.
    private(set) var app: String?
    /// Where the tabs were: in memory until ``check()`` knows the app's state folder, then there
    /// or in the flow's shared store (`--database`).
    private(set) var states: any SessionStateStore = FolderSessionStates(folder: nil)
    /// The tabs open now that were told their places last only while the server runs: each is
    /// told once, when it opens or when a place first cannot be kept (maybe its own, at its start).
    private var toldPlacesUnkept: Set<String> = []
    /// How often places not used for ``FolderSessionStates/keptFor`` are looked for and forgotten.
    static let pruneInterval: Duration = .seconds(3600)

    /// The sessions of a server of `flow` (on services shared with other servers' sessions), at
    /// most `maximumOpen`, where the tabs were in `stateDirectory(app)/web-tabs`.
    init(flow: ServedFlow, maximumOpen: Int, stateDirectory: @escaping (String) -> String? = { _ in nil }) {
        self.flow = flow
        self.maximumOpen = maximumOpen
        self.stateDirectory = stateDirectory
    }

    /// The number of tabs open now.
    var openCount: Int { reserved.count }

    /// Starts a runtime on the shared services.
    private func startRuntime() async throws(FlowRuntime.StartFailure) -> FlowRuntime {
        if let shared = sharedSettings {
            // What another server kept (a sign-in there) is known before the session starts.
            await shared.current()
            return try await flow.startRuntime(openSettings: { _ in SessionSettings(shared: shared) })
        }
        let settings = self.settings
        return try await flow.startRuntime(openSettings: { folder in SessionSettings(shared: settings.open(inFolder: folder)) })
    }

    /// Starts the flow once, before serving, so that a config that cannot run is reported at
    /// once (and the services are set up), and finds where tabs are kept; returns the config's
    /// warnings.
    func check() async throws(FlowRuntime.StartFailure) -> [String] {
        let runtime = try await startRuntime()
        let app = runtime.flow.manifest.app
        self.app = app
        sharedSettings = flow.shared?.settings(app: app)
        states =
            flow.shared?.sessionStates(app: app, kind: "web-tab")
            ?? FolderSessionStates(folder: stateDirectory(app).map { $0 + "/web-tabs" })
        await states.prune()
        Task { [weak self] in
            while true {
                try? await Task.sleep(for: Self.pruneInterval)
                guard let self else { return }
                await self.states.prune()
            }
        }
        runtime.flow.closeAll()
        await runtime.stopPlugins()
        return runtime.warnings.map(\.description) + (settings.warning.map { ["warning: \($0)"] } ?? [])
    }

    /// Why a tab was not opened, in words the page shows.
    struct Refusal: Error {
        let reason: String
    }

    private func refuseWhenFull() throws(Refusal) {
        guard reserved.count < maximumOpen else {
            throw Refusal(reason: "this server has \(maximumOpen) tabs open, as many as it takes; close one and reload")
        }
    }

    /// Opens a session for the tab `greeting` names, where it was — after a reload, or after the
    /// server restarted; a tab whose session is still open (a duplicated tab) gets one of its
    /// own, where that one is now; a tab the server does not know (a new one, or one forgotten),
    /// or one whose page is at another address than where it or the tab it copies is (a tab
    /// opened at a deep link from another, which the browser gives a copy of that one's session
    /// storage), opens the deep link its address names, else the root.
    func open(_ greeting: Greeting, send: @escaping @Sendable (Data) -> Void) async throws(Refusal) -> WebSession {
        try refuseWhenFull()
        var requested = greeting.tab.flatMap { Self.isTabID($0) ? $0 : nil }
        var copied: SessionState?
        if let tab = requested, reserved.contains(tab) {
            // A reload's or a reconnect's old socket closes as the new one opens, and a session
            // that ended with quit is closing: it is waited for. Otherwise, or if it does not
            // close, the page is a copy.
            if greeting.resume || sessions[tab]?.quit == true { await waitForClose(of: tab) }
            if reserved.contains(tab) {
                // A tab of its own: where the open one is, unless that one left with quit.
                if sessions[tab]?.quit != true { copied = sessions[tab]?.state }
                requested = nil
            }
            try refuseWhenFull()
        }
        let tab = requested ?? Self.newTabID()
        reserved.insert(tab)
        let runtime: FlowRuntime
        do {
            runtime = try await startRuntime()
        } catch {
            reserved.remove(tab)
            throw Refusal(reason: error.messages.joined(separator: "\n"))
        }
        let session = WebSession(
            tab: tab, runtime: runtime, handlers: flow.guards.lineHandlers(for: ServedSession(frontEnd: "browser", id: tab)), send: send)
        sessions[tab] = session
        session.placeMayHaveChanged = { [weak self, weak session] in
            guard let self, let session, !session.quit else { return }
            let (states, state) = (self.states, session.state)
            Task {
                await states.keep(state, for: session.tab)
                await self.tellPlacesUnkept(session)
            }
        }
        var state: SessionState? = copied
        if state == nil { state = await states.state(of: tab) }
        if let place = state?.place, let path = greeting.path,
            PagePath.of(place.screens.map { PagePath.Entry(screen: $0.screen, input: $0.input) }, links: runtime.flow.manifest.links).path
                != path
        {
            // The tab's page was sent to another address (typed, or a link followed), or a new
            // tab was opened at one: it goes there, with what its session knew but its place.
            state?.place.screens = []
        }
        let link = state?.place.screens.isEmpty != false ? greeting.path.flatMap(PagePath.link(in:)) : nil
        var notices = runtime.startNotices + (settings.warning.map { [Notice(.warning, $0)] } ?? [])
        if let problem = await states.problem {
            toldPlacesUnkept.insert(tab)
            notices.append(Self.placesUnkept(problem))
        }
        await session.start(title: flow.identity.title, resuming: state, opening: link, notices: notices)
        return session
    }

    /// The warning a tab gets when where it is cannot be kept.
    private static func placesUnkept(_ problem: String) -> Notice {
        Notice(.warning, "where this tab is lasts only while the server runs (\(problem))")
    }

    /// Tells `session` that places are kept in memory only, unless it was told already.
    private func tellPlacesUnkept(_ session: WebSession) async {
        guard let problem = await states.problem, toldPlacesUnkept.insert(session.tab).inserted else { return }
        session.tell(Self.placesUnkept(problem))
    }

    /// Closes a session and keeps where its tab was, unless the user left with `quit`.
    func close(_ session: WebSession) async {
        let state = await session.close()
        reserved.remove(session.tab)
        sessions.removeValue(forKey: session.tab)
        toldPlacesUnkept.remove(session.tab)
        if session.quit {
            await states.forget(session.tab)
        } else {
            await states.closed(session.tab, with: state)
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
        text.utf8.count == 32
            && text.utf8.allSatisfy {
                (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0)
            }
    }

    static func newTabID() -> String {
        RandomToken.make(bytes: 16)
    }
}
