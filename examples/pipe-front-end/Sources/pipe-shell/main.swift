import Foundation
import PipeFrontEnd

// Lines of JSON on standard input, answers on standard output, the audit on standard error.
let frontEnd = try await PipeFrontEnd(write: { print($0) }, audit: { FileHandle.standardError.write(Data("audit: \($0)\n".utf8)) })
while let line = readLine() {
    guard await frontEnd.receive(line) else { break }
}
