@testable import FlowShellWeb
import FlowShellServing
import FlowShellTestSupport
import Foundation
import Testing

/// The server's token is kept from one start to the next, readable by its owner only, until
/// `--new-token`.
@Suite struct ServerTokenTests: TestFolderSuite {
    let scratch = TemporaryFolder()

    @Test func aRestartKeepsTheToken() throws {
        let folder = home.path + "/carsharing"
        let first = ServerToken.load(folder: folder, renew: false)
        #expect(first.warning == nil && ServerToken.isToken(first.token))
        #expect(PrivateFile.permissions(of: folder + "/web-token") == 0o600)
        #expect(ServerToken.load(folder: folder, renew: false) == first)
    }

    @Test func newTokenMakesAnother() throws {
        let folder = home.path
        let first = ServerToken.load(folder: folder, renew: false)
        let second = ServerToken.load(folder: folder, renew: true)
        #expect(second.token != first.token && second.warning == nil)
        #expect(ServerToken.load(folder: folder, renew: false).token == second.token)
    }

    @Test func aTokenOthersCouldReadIsReplaced() throws {
        let folder = home.path
        let first = ServerToken.load(folder: folder, renew: false)
        chmod(folder + "/web-token", 0o644)
        let second = ServerToken.load(folder: folder, renew: false)
        #expect(second.token != first.token)
        #expect(second.warning?.contains("readable by others") == true)
        #expect(PrivateFile.permissions(of: folder + "/web-token") == 0o600)
    }

    @Test func aFileWithoutATokenIsReplacedAndSaid() throws {
        let folder = home.path
        _ = ServerToken.load(folder: folder, renew: false)
        try PrivateFile.save(Data("hello\n".utf8), to: folder + "/web-token")
        let kept = ServerToken.load(folder: folder, renew: false)
        #expect(ServerToken.isToken(kept.token) && kept.warning?.contains("holds no token") == true)
    }

    @Test func withoutAFolderTheTokenLastsOneRunAndThatIsSaid() {
        let kept = ServerToken.load(folder: nil, renew: false)
        #expect(ServerToken.isToken(kept.token) && kept.warning?.contains("changes at each start") == true)
    }

    @Test func aFolderThatCannotHoldItIsSaid() throws {
        let blocker = home.path + "/file"
        _ = FileManager.default.createFile(atPath: blocker, contents: Data())
        let kept = ServerToken.load(folder: blocker + "/app", renew: false)
        #expect(ServerToken.isToken(kept.token) && kept.warning?.contains("cannot keep the token") == true)
    }
}
