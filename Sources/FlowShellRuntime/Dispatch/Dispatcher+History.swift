/// `history [N]`: the lines run in this session, numbered for `!N`.
extension Dispatcher {
    func showHistory(last countText: String?) {
        var lines = history.last()
        if let countText {
            guard let count = Int(countText), count > 0 else {
                fail("N must be a whole number above 0, not '\(countText)'")
                return
            }
            lines = history.last(count)
        }
        let width = String(history.nextNumber - 1).count
        let text = lines.map { String(repeating: " ", count: width - String($0.number).count) + "\($0.number)  \($0.line)" }
        output.text(text)
    }
}
