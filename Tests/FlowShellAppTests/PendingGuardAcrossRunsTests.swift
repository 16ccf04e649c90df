import FlowShellTestSupport
import Foundation
import Testing

/// A sign-in opened for a step is part of where you were: quit at it, start again, and signing in
/// goes on to that step — through the real binary on the sample flow, its place kept in the
/// state folder between runs.
@Suite(.serialized) struct PendingGuardAcrossRunsTests: TestFolderSuite {
    let scratch = TemporaryFolder()

    private static let kiaRioWhere = "1. Cars (cars.list)\n2. Kia Rio (cars.details, carID=rio)\n"

    /// Runs `select rio`, `book` (signed out: the sign-in opens) and `quit` in a fresh home.
    private func quitAtTheSignIn(in home: URL) throws {
        let first = try FlowShellBinary.run(
            ["--config", config, "--restore"], input: "select rio\nbook\nquit\n",
            in: home, environment: FlowShellBinary.environment(home: home))
        #expect(first.status == 0)
        #expect(first.errors == "")
        #expect(
            first.output.hasSuffix(
                "· sign-in is needed first\nSign in\nSigning in keeps your session on this computer until you log out.\n"
                    + "not signed in\ncommands: login, cancel — help for more\n"))
    }

    @Test func signingInAfterARestartGoesOnToTheBooking() throws {
        try quitAtTheSignIn(in: home)
        // The place is kept in the state folder with the step the sign-in was opened for.
        let state = home.appendingPathComponent("state/flowshell/carsharing/navigation.json")
        #expect(try String(contentsOf: state, encoding: .utf8).contains(#""pendingGuards""#))

        let second = try flowshell(["--config", config, "--restore"], input: "where\nlogin alice\nwhere\n")
        #expect(second.status == 0)
        #expect(second.errors == "", "nothing was left out")
        #expect(second.output.hasPrefix("Sign in\n"), "back at the sign-in")
        #expect(second.output.contains(Self.kiaRioWhere + "3. Sign in [modal] (auth.login)\n"))
        #expect(second.output.contains("\nBook Kia Rio\nCar:      Kia Rio\n"), "signing in went on to the booking")
        #expect(second.output.hasSuffix(Self.kiaRioWhere + "3. Book Kia Rio [modal] (booking.confirm, carID=rio)\n"))
    }

    @Test func cancellingTheSignInAfterARestartGoesBackToTheCar() throws {
        try quitAtTheSignIn(in: home)
        let second = try flowshell(["--config", config, "--restore"], input: "cancel\nwhere\n")
        #expect(second.status == 0)
        #expect(second.errors == "! line 1: cancelled — sign-in is needed for that; nothing changed\n")
        #expect(second.output.hasSuffix("commands: book — help for more\n" + Self.kiaRioWhere))
    }

    @Test func signedInMeanwhileTheSignInIsNotReopened() throws {
        try quitAtTheSignIn(in: home)
        // Signed in elsewhere (another place of its own): the data folder holds the sign-in.
        let elsewhere = home.appendingPathComponent("elsewhere.json").path
        let signIn = try flowshell(["--config", config, "--state", elsewhere], input: "account\nlogin bob\n")
        #expect(signIn.output.hasSuffix("signed in as bob\ncommands: logout — help for more\n"))
        let back = try flowshell(["--config", config, "--restore"], input: "where\n")
        #expect(back.status == 0)
        #expect(back.errors == "! Sign in was not reopened: sign-in is no longer needed; type book again to get there\n")
        #expect(back.output.hasSuffix(Self.kiaRioWhere))
    }
}
