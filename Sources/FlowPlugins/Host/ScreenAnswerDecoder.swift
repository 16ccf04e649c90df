import FlowPluginProtocol
import FlowShellKit
import Foundation

/// Decodes a plugin's answer to `open`, `command` or `appear`, holding little more than the
/// view it yields. JSONDecoder first indexes the whole line, which for a large view (a table of
/// many rows) takes several times the line's size on top of the view being built. So the view's
/// `components` — where a large view's size is — are read here in one pass, straight into
/// components, and JSONDecoder decodes the rest of the line with `components` left empty.
///
/// Whatever this reader does not take as it is (a wrong type, an unknown kind, a duplicate key,
/// an escape it does not know) sends the whole line to JSONDecoder instead, so the result, and
/// every error and its wording, are JSONDecoder's; the plugin fuzzer checks that both agree.
enum ScreenAnswerDecoder {
    typealias Answer = PluginMessage.Response<PluginMessage.ScreenAnswer>

    /// The response in `data`; throws as JSONDecoder does.
    static func decode(_ data: Data) throws -> Answer {
        if let answer = try fastDecode(data) { return answer }
        return try JSONDecoder().decode(Answer.self, from: data)
    }

    /// The response decoded with its components read in one pass; nil when the line is not
    /// one this reader takes as it is (JSONDecoder then decodes all of it).
    static func fastDecode(_ data: Data) throws -> Answer? {
        let found: (components: [Component], range: Range<Int>)? = data.withUnsafeBytes { bytes in
            var reader = PluginJSONReader(bytes: bytes)
            guard let range = reader.componentsRange(), let components = reader.components(in: range) else { return nil }
            return (components, range)
        }
        guard let found else { return nil }
        var rest = Data(capacity: data.count - found.range.count + 2)
        rest.append(data[data.startIndex..<data.startIndex + found.range.lowerBound])
        rest.append(contentsOf: Array("[]".utf8))
        rest.append(data[(data.startIndex + found.range.upperBound)...])
        var answer = try JSONDecoder().decode(Answer.self, from: rest)
        answer.result?.view?.content = found.components
        return answer
    }
}
