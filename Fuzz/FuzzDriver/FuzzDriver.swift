#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// What every libFuzzer target of `make fuzz` shares: the driver from the fuzzer's runtime
// (which `-sanitize=fuzzer` links), the entry point it calls for each input, and the main actor.

/// libFuzzer's driver: runs `callback` on generated inputs as the command line says (corpus
/// folders, `-max_total_time`).
@_silgen_name("LLVMFuzzerRunDriver")
private func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Int32

/// The check the running target gave ``FuzzDriver/run(_:)``.
@MainActor private var check: (([UInt8]) -> Void)?

/// One input, as libFuzzer hands it over: passed to the target's check on the main actor.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    // libFuzzer calls back on the thread that started it, the main one.
    MainActor.assumeIsolated { check?(bytes) }
    return 0
}

/// Runs a fuzz target.
public enum FuzzDriver {
    /// Hands every input libFuzzer generates to `inputCheck`, then ends the process with
    /// libFuzzer's status. A crash or a sanitizer's report in the check is a finding, whose
    /// input libFuzzer keeps.
    @MainActor
    public static func run(_ inputCheck: @escaping @MainActor ([UInt8]) -> Void) -> Never {
        check = inputCheck
        var argc = CommandLine.argc
        var argv = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv, fuzzOneInput))
    }
}
