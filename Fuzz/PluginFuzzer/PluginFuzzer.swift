import FlowPluginProtocol
@testable import FlowPlugins
import FlowShellKit
import Foundation
import FuzzDriver
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// A libFuzzer target for the shell's side of the plugin protocol, built and run by `make fuzz`:
// each input is what a plugin could write on its stdout, split into lines as the reader splits
// it; each line is classified as the supervisor does (hello, response, update, stray, nested too deep),
// and as its inbox does (an update that carries no events, or anything else),
// an answer is decoded as each method's result and described when it is wrong, and a declared
// screen is checked. A crash, a sanitizer's report or a broken invariant is a finding. (The
// supervisor's own path needs a process, which the end-to-end tests drive.)

@main
enum PluginFuzzer {
    @MainActor
    static func main() {
        FuzzDriver.run { input in
            for line in input.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
                check(Array(line))
            }
        }
    }

    static func check(_ line: [UInt8]) {
        let data = Data(line)
        // UTF-8 is found invalid exactly where decoding it would replace bytes.
        let invalid = PluginLine.firstInvalidUTF8(in: data)
        if (invalid == nil) != (Array(String(decoding: line, as: UTF8.self).utf8) == line) {
            print("UTF-8 validity misjudged: \(line)")
            abort()
        }
        // The envelope read by hand is JSONDecoder's, whenever the hand reads one.
        if !PluginLine.exceedsDepth(line),
            let scanned = line.withUnsafeBytes({ bytes -> (type: String, id: Int?, instance: Int?)? in
                var reader = PluginJSONReader(bytes: bytes)
                return reader.envelope()
            })
        {
            let decoded = try? JSONDecoder().decode(PluginMessage.Envelope.self, from: data)
            if decoded?.type != scanned.type || decoded?.id != scanned.id || decoded?.instance != scanned.instance {
                print("the envelope read by hand is not JSONDecoder's: \(line)")
                abort()
            }
        }
        // An update told apart as carrying no events, which a newer one may replace unread, is
        // one JSONDecoder reads as an update of that instance with no events, or cannot read.
        if let instance = PluginLine.eventlessUpdateInstance(line) {
            let update = try? JSONDecoder().decode(PluginMessage.Update.self, from: data)
            let envelope = try? JSONDecoder().decode(PluginMessage.Envelope.self, from: data)
            if PluginLine.exceedsDepth(line) || envelope.map({ $0.type != "update" || $0.instance != instance }) == true
                || update.map({ !$0.events.isEmpty || $0.instance != instance }) == true
            {
                print("an update told apart as carrying no events is not one: \(line)")
                abort()
            }
        }
        switch PluginLine(line) {
        case .hello(let hello):
            _ = PluginLine.refusal(of: hello)
        case .response:
            decode(PluginMessage.Response<PluginMessage.ScreensResult>.self, data) { result in
                for module in result.modules { _ = module.problem }
            }
            decode(PluginMessage.Response<PluginMessage.ScreenAnswer>.self, data) { _ in }
            // The one-pass reader of a screen's answer decodes what JSONDecoder does, and refuses what it refuses.
            let full = try? JSONDecoder().decode(ScreenAnswerDecoder.Answer.self, from: data)
            let fast = try? ScreenAnswerDecoder.decode(data)
            if (full == nil) != (fast == nil) || full?.id != fast?.id || full?.result != fast?.result || full?.error != fast?.error {
                print("the one-pass reader and JSONDecoder disagree on: \(line)")
                abort()
            }
            decode(PluginMessage.Response<PluginMessage.ResolveResult>.self, data) { _ in }
            decode(PluginMessage.Response<PluginMessage.ConditionResult>.self, data) { _ in }
        case .update:
            // As a plugin screen reads an update: decoded, or described when it is wrong.
            do {
                _ = try JSONDecoder().decode(PluginMessage.Update.self, from: data)
            } catch {
                _ = PluginLine.describe(error, in: data)
            }
        case .tooDeep:
            if !PluginLine.exceedsDepth(line) {
                print("a line called too deep is not: \(line)")
                abort()
            }
        case .other, .stray:
            break
        }
    }

    /// Decodes an answer as the supervisor does, and describes it when it is wrong.
    static func decode<Result>(_ type: PluginMessage.Response<Result>.Type, _ data: Data, _ use: (Result) -> Void) {
        do {
            let response = try JSONDecoder().decode(type, from: data)
            if let result = response.result { use(result) }
        } catch {
            _ = PluginLine.describe(error, in: data)
        }
    }
}
