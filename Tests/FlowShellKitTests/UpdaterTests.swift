import FlowShellKit
import Testing

@MainActor
@Suite struct UpdaterTests {
    final class CounterUpdater: Updater<Int> {
        override func makeViewProperties(for state: Int) -> ViewProperties {
            ViewProperties(title: "Counter", content: [.text("\(state)")], status: state > 1 ? "many" : nil)
        }
    }

    final class RecordingView: View {
        var shown: [ViewProperties] = []
        func update(with viewProperties: ViewProperties) { shown.append(viewProperties) }
    }

    @Test func bindingShowsTheCurrentStateAndEachChangeFollows() {
        let updater = CounterUpdater(state: 1)
        let view = RecordingView()
        #expect(updater.viewProperties == nil)
        updater.bind(view: view)
        updater.update(2)
        updater.mutate { $0 += 1 }
        #expect(view.shown.map(\.content) == [[.text("1")], [.text("2")], [.text("3")]])
        #expect(view.shown.last?.status == "many")
        #expect(updater.state == 3)
        #expect(updater.viewProperties?.content == [.text("3")])
    }

    @Test func theUpdaterDoesNotKeepItsView() {
        let updater = CounterUpdater(state: 0)
        var view: RecordingView? = RecordingView()
        updater.bind(view: view!)
        view = nil
        #expect(updater.view == nil)
    }

    @Test func aScreenKeepsItsFeatureAliveAndShowsUpdates() {
        final class Owner {}
        var owner: Owner? = Owner()
        weak let weakOwner = owner
        let updater = CounterUpdater(state: 5)
        let screen = updater.makeScreen(featureID: "counter", owning: owner!)
        owner = nil
        #expect(weakOwner != nil)
        #expect(screen.featureID == "counter")
        #expect(screen.viewProperties.content == [.text("5")])
        updater.update(6)
        #expect(screen.viewProperties.content == [.text("6")])
    }
}
