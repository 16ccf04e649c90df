import NIOCore

/// What a client may send that swift-nio-ssh cannot take without ending the connection, made
/// into something it answers with a refusal. swift-nio-ssh (0.15) ends a connection on a channel
/// request it does not know that carries data (`x11-req`, which `ssh -X` sends), since the
/// data is left over after the request's name; and on a channel of a type it does not know
/// (`auth-agent@openssh.com`). So, in each packet as it is decrypted (``GCMProtection``):
/// - a channel request the library does not know keeps its channel, name and want-reply flag
///   and loses the rest, and the library answers it SSH_MSG_CHANNEL_FAILURE;
/// - a channel opened of any type but `session` is given as a `direct-tcpip` one, which the
///   server refuses as it refuses every channel but a session (SSH_MSG_CHANNEL_OPEN_FAILURE).
enum UnparsedRequests {
    /// SSH_MSG_CHANNEL_OPEN.
    static let channelOpen: UInt8 = 90
    /// SSH_MSG_CHANNEL_REQUEST.
    static let channelRequest: UInt8 = 98
    /// The channel requests swift-nio-ssh reads whole.
    static let knownRequests: Set<String> = [
        "exec", "exit-status", "env", "exit-signal", "pty-req", "shell", "subsystem",
        "window-change", "xon-xoff", "signal",
    ]

    /// `payload` (a packet's message: its type byte, then its fields), made readable by
    /// swift-nio-ssh as described above; any other message is given as it is.
    static func readable(_ payload: ByteBuffer) -> ByteBuffer {
        var reader = payload
        guard let type = reader.readInteger(as: UInt8.self) else { return payload }
        switch type {
        case channelRequest:
            guard let recipient = reader.readInteger(as: UInt32.self), let name = reader.readSSHString(),
                let wantReply = reader.readInteger(as: UInt8.self)
            else { return payload }
            guard !knownRequests.contains(String(decoding: name.readableBytesView, as: UTF8.self)), reader.readableBytes > 0
            else { return payload }
            var trimmed = ByteBuffer()
            trimmed.writeInteger(type)
            trimmed.writeInteger(recipient)
            trimmed.writeSSHString(name)
            trimmed.writeInteger(wantReply)
            return trimmed
        case channelOpen:
            guard let name = reader.readSSHString(), let sender = reader.readInteger(as: UInt32.self),
                let window = reader.readInteger(as: UInt32.self), let packetSize = reader.readInteger(as: UInt32.self)
            else { return payload }
            guard name.readableBytesView.elementsEqual("session".utf8) == false else { return payload }
            // Any other type is refused: given in a form the library always reads.
            var refused = ByteBuffer()
            refused.writeInteger(type)
            refused.writeSSHString(ByteBuffer(string: "direct-tcpip"))
            refused.writeInteger(sender)
            refused.writeInteger(window)
            refused.writeInteger(packetSize)
            refused.writeSSHString(ByteBuffer(string: "refused"))
            refused.writeInteger(UInt32(0))
            refused.writeSSHString(ByteBuffer(string: "0.0.0.0"))
            refused.writeInteger(UInt32(0))
            return refused
        default:
            return payload
        }
    }
}

extension ByteBuffer {
    /// An SSH `string`: a 32-bit length, then that many bytes; nil when the buffer ends first.
    fileprivate mutating func readSSHString() -> ByteBuffer? {
        guard let length = getInteger(at: readerIndex, as: UInt32.self), readableBytes - 4 >= Int(length) else { return nil }
        moveReaderIndex(forwardBy: 4)
        return readSlice(length: Int(length))
    }

    fileprivate mutating func writeSSHString(_ string: ByteBuffer) {
        writeInteger(UInt32(string.readableBytes))
        writeImmutableBuffer(string)
    }
}
