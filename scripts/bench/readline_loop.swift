// The floor for FlowShell's start-up: the smallest Swift shell, built by `make bench` with
// `swiftc -O` in the same run. It echoes each line of stdin until `quit`, `exit` or the end.
while let line = readLine() {
    if line == "quit" || line == "exit" { break }
    print(line)
}
