@testable import FlowPlugins
import Synchronization
import Testing

/// A plugin that floods a screen with updates is coalesced before anything is decoded: an
/// update that only changes a view gives way to a newer one of its screen while a pace runs,
/// and everything else (answers, updates carrying events, the end) keeps its order, with the
/// held updates before it. The pace is run by the test, not by a clock.
@Suite struct PluginInboxTests {
    /// An inbox whose paces end when the test says, counting its wake-ups.
    struct Harness {
        final class Paces: Sendable {
            let waiting = Mutex<[@Sendable () -> Void]>([])
        }

        final class Wakes: Sendable {
            let count = Mutex(0)
        }

        private let paces: Paces
        private let wakes: Wakes
        let inbox: PluginInbox

        init() {
            let paces = Paces(), wakes = Wakes()
            self.paces = paces
            self.wakes = wakes
            inbox = PluginInbox(
                afterPace: { [paces] then in paces.waiting.withLock { $0.append(then) } },
                wake: { [wakes] _ in wakes.count.withLock { $0 += 1 } })
        }

        /// How many times the main actor would have been woken.
        var wakeCount: Int { wakes.count.withLock { $0 } }
        /// How many paces run now.
        var runningPaces: Int { paces.waiting.withLock { $0.count } }

        /// Ends the paces that run now.
        func endPaces() {
            let ending = paces.waiting.withLock { waiting in
                defer { waiting.removeAll() }
                return waiting
            }
            ending.forEach { $0() }
        }

        func add(_ line: String) {
            inbox.add(.line(Array(line.utf8)))
        }

        /// The lines taken, as text; `ended` for the end.
        func take() -> [String] {
            inbox.take().map { output in
                switch output {
                case .line(let line): String(decoding: line, as: UTF8.self)
                case .broke(let reason): "broke: \(reason)"
                case .ended: "ended"
                }
            }
        }
    }

    static func view(_ instance: Int, _ text: String) -> String {
        #"{"type":"update","instance":\#(instance),"view":{"title":"T","components":[{"kind":"text","text":"\#(text)"}]},"events":[]}"#
    }

    static func event(_ instance: Int, _ name: String) -> String {
        #"{"type":"update","instance":\#(instance),"view":{"title":"T","components":[]},"events":[{"name":"\#(name)","payload":{}}]}"#
    }

    @Test func theFirstUpdateGoesAtOnceAndTheNewestOfTheRestWhenThePaceEnds() {
        let harness = Harness()
        harness.add(Self.view(1, "tick 1"))
        #expect(harness.wakeCount == 1)
        #expect(harness.take() == [Self.view(1, "tick 1")])
        #expect(harness.take().isEmpty)
        for tick in 2...1000 {
            harness.add(Self.view(1, "tick \(tick)"))
        }
        // Held while the pace runs: nothing to take, nobody woken.
        #expect(harness.wakeCount == 1)
        #expect(harness.take().isEmpty)
        harness.endPaces()
        #expect(harness.wakeCount == 2)
        #expect(harness.take() == [Self.view(1, "tick 1000")])
        #expect(harness.take().isEmpty)
        // A pace follows what went; one with nothing held ends the pacing.
        #expect(harness.runningPaces == 1)
        harness.endPaces()
        #expect(harness.runningPaces == 0)
        #expect(harness.wakeCount == 2)
        harness.add(Self.view(1, "after a quiet spell"))
        #expect(harness.wakeCount == 3)
        #expect(harness.take() == [Self.view(1, "after a quiet spell")])
    }

    @Test func updatesThatCarryEventsAreNeverDroppedOrReordered() {
        let harness = Harness()
        harness.add(Self.view(1, "tick 1"))
        var expected = [Self.view(1, "tick 1")]
        for step in 1...50 {
            harness.add(Self.view(1, "before \(step)"))
            harness.add(Self.view(1, "just before \(step)"))
            harness.add(Self.event(1, "step\(step)"))
            // The view held before an event goes with it, first; the one it replaced does not.
            expected += [Self.view(1, "just before \(step)"), Self.event(1, "step\(step)")]
        }
        harness.add(Self.view(1, "last"))
        #expect(harness.take() == expected)
        #expect(harness.wakeCount == 1, "the main actor is woken once for all that gathered")
        #expect(harness.take().isEmpty)
        harness.endPaces()
        #expect(harness.take() == [Self.view(1, "last")])
    }

    @Test func heldViewsWaitForTheMainActorToTakeWhatWentBefore() {
        let harness = Harness()
        harness.add(Self.view(1, "tick 1"))
        harness.add(Self.view(1, "tick 2"))
        // The main actor has not taken tick 1 yet: tick 2 waits another pace, not behind it.
        harness.endPaces()
        #expect(harness.runningPaces == 1)
        harness.add(Self.view(1, "tick 3"))
        #expect(harness.take() == [Self.view(1, "tick 1")])
        #expect(harness.take().isEmpty)
        harness.endPaces()
        #expect(harness.wakeCount == 2)
        #expect(harness.take() == [Self.view(1, "tick 3")])
    }

    @Test func anAnswerOrTheEndGoesAfterTheViewsHeldBeforeIt() {
        let harness = Harness()
        let answer = #"{"type":"response","id":3,"result":{"view":{"title":"T","components":[]},"events":[]}}"#
        harness.add(Self.view(1, "tick 1"))
        harness.add(Self.view(1, "tick 2"))
        harness.add(Self.view(2, "other 1"))
        harness.add(Self.view(1, "tick 3"))
        harness.add(answer)
        harness.add(Self.view(1, "tick 4"))
        harness.inbox.add(.ended(.exited(0)))
        // Each instance's newest, in the order the instances came; nothing held past the end.
        #expect(
            harness.take() == [
                Self.view(1, "tick 1"), Self.view(1, "tick 3"), Self.view(2, "other 1"), answer,
                Self.view(1, "tick 4"), "ended",
            ])
    }

    @Test func theMainActorIsWokenOnceUntilItFindsTheInboxEmpty() {
        let harness = Harness()
        harness.add(#"{"type":"response","id":1,"result":{}}"#)
        harness.add(#"{"type":"response","id":2,"result":{}}"#)
        #expect(harness.wakeCount == 1)
        #expect(harness.take().count == 2)
        harness.add(#"{"type":"response","id":3,"result":{}}"#)
        #expect(harness.wakeCount == 1, "not empty yet when it was taken")
        #expect(harness.take().count == 1)
        #expect(harness.take().isEmpty)
        harness.add(#"{"type":"response","id":4,"result":{}}"#)
        #expect(harness.wakeCount == 2)
    }

    /// Which lines count as an update that only changes a view: only those read to the end
    /// whose events are absent, null or empty; anything else is kept in order.
    @Test(
        arguments: [
            (#"{"type":"update","instance":4,"view":{"title":"T"},"events":[]}"#, 4),
            (
                #"{"type": "update", "instance": 4, "view": {"title": "T", "components": [{"kind": "text", "text": "a [ \" { b"}]}, "events": [ ] }"#,
                4
            ),
            (#"{"instance":4,"events":null,"view":{"title":"T"},"type":"update"}"#, 4),
            (#"{"type":"update","instance":4}"#, 4),
            (#"{"type":"update","instance":4,"view":{"title":"T"},"events":[{"name":"done"}]}"#, nil),
            (#"{"type":"update","instance":4,"events":[{"name":"done"}],"view":{"title":"T"}}"#, nil),
            (#"{"type":"update","instance":4,"ev\u0065nts":[{"name":"done"}]}"#, nil),
            (#"{"type":"update","instance":4,"events":[],"events":[{"name":"done"}]}"#, nil),
            (#"{"type":"update","instance":4,"events":{}}"#, nil),
            (#"{"type":"update","instance":null,"view":{"title":"T"}}"#, nil),
            (#"{"type":"update","instance":4.5}"#, nil),
            (#"{"type":"update","instance":04}"#, nil),
            (#"{"type":"update","view":{"title":"T"}}"#, nil),
            (#"{"type":"response","id":4,"instance":4,"result":{}}"#, nil),
            (#"{"type":"update","instance":4,"view":{"title":"T"}} trailing"#, nil),
            (#"{"type":"update","instance":4,"view":{"title":"T"}"#, nil),
            ("not json", nil),
            (
                #"{"type":"update","instance":4,"view":"# + String(repeating: "[", count: 300) + String(repeating: "]", count: 300) + "}",
                nil
            ),
        ] as [(String, Int?)])
    func anUpdateThatOnlyChangesAViewIsToldApart(line: String, instance: Int?) {
        #expect(PluginLine.eventlessUpdateInstance(Array(line.utf8)) == instance)
    }
}
