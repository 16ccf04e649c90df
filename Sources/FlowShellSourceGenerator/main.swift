// Writes a Swift file the build compiles in, for the package's build-tool plugins:
// `registry OUTPUT [MODULE ...]` (FeatureRegistryPlugin) and `example-app OUTPUT FOLDER [FILE ...]`
// (ExampleAppPlugin).
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

let usage = "usage: FlowShellSourceGenerator registry OUTPUT [MODULE ...] | example-app OUTPUT FOLDER [FILE ...]"
let arguments = Array(CommandLine.arguments.dropFirst())
switch (arguments.first, arguments.count) {
case ("registry", 2...):
    write(featureRegistry(modules: Array(arguments.dropFirst(2))), to: arguments[1])
case ("example-app", 3...):
    write(exampleAppFiles(folder: arguments[2], files: Array(arguments.dropFirst(3))), to: arguments[1])
default:
    fail(usage, status: 64)
}
