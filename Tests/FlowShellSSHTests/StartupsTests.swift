import FlowShellServing
@testable import FlowShellSSH
import Testing

/// The bound on connections logging in: OpenSSH's `MaxStartups start:rate:full` with a number
/// from each address, decided with the random draw given.
@Suite struct StartupsTests {
    let rule = Startups(start: 4, rate: 30, full: 10, perSource: 3)

    @Test func belowTheStartEveryConnectionIsLetIn() {
        var startups = rule
        // The lowest draw is refused from `start` on, never before.
        let firsts = (0..<4).map { startups.admit(from: "10.0.0.\($0)", draw: 0) }
        let next = startups.admit(from: "10.0.0.9", draw: 0)
        #expect(firsts == [true, true, true, true] && !next)
        #expect(startups.pending == 4)
    }

    @Test func fromTheStartTheChanceOfRefusalRisesEvenlyToAllAtFull() {
        #expect(rule.refusalChance(pending: 3) == 0)
        #expect(rule.refusalChance(pending: 4) == 0.3)
        #expect(abs(rule.refusalChance(pending: 7) - 0.65) < 1e-9)
        #expect(rule.refusalChance(pending: 10) == 1)
        var startups = rule
        for index in 0..<4 { _ = startups.admit(from: "10.0.0.\(index)", draw: 0) }
        // At `start`, a draw under 30 % is refused and one above it let in.
        let under = startups.admit(from: "10.0.1.1", draw: 0.29)
        let over = startups.admit(from: "10.0.1.1", draw: 0.31)
        #expect(!under && over)
        // At `full`, even the highest draw is refused.
        let filling = (0..<5).map { startups.admit(from: "10.0.2.\($0)", draw: 0.999_999) }
        #expect(filling.allSatisfy { $0 } && startups.pending == 10)
        let beyond = startups.admit(from: "10.0.3.1", draw: 0.999_999)
        #expect(!beyond)
    }

    @Test func oneAddressHoldsAtMostItsShareAndOthersGoOn() {
        var startups = rule
        let share = (0..<4).map { _ in startups.admit(from: "192.0.2.7", draw: 0.999) }
        let other = startups.admit(from: "127.0.0.1", draw: 0)
        #expect(share == [true, true, true, false] && other)
        // One of its connections logged in: that address may start one more.
        startups.leave(from: "192.0.2.7")
        let again = startups.admit(from: "192.0.2.7", draw: 0.999)
        #expect(again)
    }

    @Test func leavingCountsEachConnectionOnceAndForgetsAnAddressWithNone() {
        var startups = rule
        _ = startups.admit(from: "a", draw: 0)
        startups.leave(from: "a")
        startups.leave(from: "a")
        startups.leave(from: "never")
        #expect(startups.pending == 0 && startups.bySource.isEmpty)
    }

    @Test func theServersRuleKeepsRoomForAnotherAddressUnderAFloodFromOne() {
        // One address holding all it may leaves the count below where refusals start.
        let bounds = SSHBounds.startups
        #expect(bounds.perSource < bounds.start && bounds.start < bounds.full)
        var startups = bounds
        for _ in 0..<1000 { _ = startups.admit(from: "203.0.113.5", draw: 0.999) }
        let other = startups.admit(from: "127.0.0.1", draw: 0)
        #expect(startups.pending == bounds.perSource + 1 && other)
    }

    @Test func theLoginsBoundLeavesRoomForTheSessionsFiles() throws {
        let bounds = try #require(SSHBounds(descriptorLimit: 1024, idleTimeout: nil))
        let files = SSHBounds.reservedDescriptors + SSHBounds.startups.full + bounds.sessions * SSHBounds.descriptorsPerSession
        #expect(files <= 1024)
    }
}
