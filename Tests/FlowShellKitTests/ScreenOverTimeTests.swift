@testable import FlowShellKit
import Testing

/// A screen whose state changes without a typed command: when shown again, through the effect
/// a command starts, and through a sequence it follows while open. The test drives every
/// source by hand (a stream it feeds), so nothing waits on the clock.
struct FeedScreen: Screen {
    static let id = "feed.main"
    static let title = "Feed"

    struct State: Equatable, Sendable {
        var items: [String] = []
        var appeared = 0
    }

    struct Events: ScreenEvents {
        let finished = Event<Nothing>("the feed has everything")
    }

    /// What the subscription follows, and what the effect reads: fed by the test.
    let incoming: AsyncStream<String>
    let pages: AsyncStream<String>

    init(input: Nothing, context: ScreenContext) throws {
        incoming = try context.services.resolve(Feeds.self).incoming
        pages = try context.services.resolve(Feeds.self).pages
    }

    func load() -> State { State() }

    func appear(_ state: inout State) async throws {
        state.appeared += 1
    }

    static let subscriptions: [ScreenSubscription<Self>] = [
        .following({ screen in screen.incoming }) { _, send, item in
            send { $0.items.append(item) }
        }
    ]

    static let commands: [ScreenCommand<Self>] = [
        .command("more", "Fetch pages until the last") { screen, state, emit in
            state.items.append("asking")
            emit.run { send in
                for await page in screen.pages {
                    send { $0.items.append(page) }
                }
                send.emit(\.finished)
            }
        }
    ]

    static func render(_ state: State) -> ViewProperties {
        ViewProperties(title: title, content: [.text(state.items.joined(separator: ","))], status: "appeared \(state.appeared)")
    }
}

/// The streams the test feeds.
@MainActor
final class Feeds {
    let incoming: AsyncStream<String>
    let incomingSink: AsyncStream<String>.Continuation
    let pages: AsyncStream<String>
    let pagesSink: AsyncStream<String>.Continuation

    init() {
        (incoming, incomingSink) = AsyncStream<String>.makeStream()
        (pages, pagesSink) = AsyncStream<String>.makeStream()
    }
}

/// Records every push, and lets a test wait until a number of them has arrived.
@MainActor
final class WaitingView: View {
    private(set) var shown: [ViewProperties] = []
    private var waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

    func update(with viewProperties: ViewProperties) {
        shown.append(viewProperties)
        let ready = waiters.filter { $0.count <= shown.count }
        waiters.removeAll { $0.count <= shown.count }
        ready.forEach { $0.continuation.resume() }
    }

    /// What the `count`th push showed, once it has arrived.
    func push(_ count: Int) async -> ViewProperties {
        if shown.count < count {
            await withCheckedContinuation { waiters.append((count, $0)) }
        }
        return shown[count - 1]
    }
}

@MainActor
@Suite struct ScreenOverTimeTests {
    private func open() async throws -> (ScreenHost<FeedScreen>, WaitingView, Feeds, EventsBox) {
        let feeds = Feeds()
        let services = ServiceContainer()
        services.register(feeds)
        let host = try await ScreenHost<FeedScreen>.make(input: FeatureInput(), context: ScreenContext(services: services))
        let view = WaitingView()
        host.bind(view: view)
        let events = EventsBox()
        host.open { events.received += $0 }
        return (host, view, feeds, events)
    }

    @Test func aSubscriptionChangesTheStateAndEachChangeIsPushed() async throws {
        let (host, view, feeds, _) = try await open()
        let bound = view.shown.count
        feeds.incomingSink.yield("a")
        #expect(await view.push(bound + 1).content == [.text("a")])
        feeds.incomingSink.yield("b")
        #expect(await view.push(bound + 2).content == [.text("a,b")])
        #expect(host.state.items == ["a", "b"])
    }

    @Test func anEffectGoesOnAfterItsCommandAndItsEventsGoToTheFlow() async throws {
        let (host, view, feeds, events) = try await open()
        let emitted = try await host.perform("more", arguments: [])
        #expect(emitted.isEmpty, "the command itself emits nothing")
        #expect(host.state.items == ["asking"])
        let before = view.shown.count
        feeds.pagesSink.yield("p1")
        #expect(await view.push(before + 1).content == [.text("asking,p1")])
        feeds.pagesSink.finish()
        await events.waitForFirst()
        #expect(events.received.map(\.name) == ["finished"])
    }

    @Test func appearChangesTheStateThroughTheSamePath() async throws {
        let (host, view, _, _) = try await open()
        try await host.appear()
        #expect(view.shown.last?.status == "appeared 1")
    }

    @Test func closingCancelsTheWorkAndNothingSentAfterChangesAnything() async throws {
        let (host, view, feeds, events) = try await open()
        _ = try await host.perform("more", arguments: [])
        let pushes = view.shown.count
        host.close()
        feeds.incomingSink.yield("late")
        feeds.pagesSink.yield("late")
        feeds.pagesSink.finish()
        feeds.incomingSink.finish()
        // Whatever runs after the close finds the screen closed, whenever it runs.
        await Task.yield()
        #expect(view.shown.count == pushes)
        #expect(host.state.items == ["asking"])
        #expect(events.received.isEmpty)
    }
}

/// The events a host handed to the flow.
@MainActor
final class EventsBox {
    var received: [FeatureEvent] = [] {
        didSet { if !received.isEmpty { waiters.forEach { $0.resume() }; waiters.removeAll() } }
    }
    private var waiters: [CheckedContinuation<Void, Never>] = []

    func waitForFirst() async {
        guard received.isEmpty else { return }
        await withCheckedContinuation { waiters.append($0) }
    }
}
