import FlowShellKit
import Foundation

/// Errors from the system (files, databases) in words, without their internal dumps.
enum SystemError {
    static func describe(_ error: any Error) -> String {
        if let error = error as? UserFacingError { return error.message }
        let description = (error as NSError).localizedDescription
        return description.isEmpty ? String(describing: error) : description
    }
}
