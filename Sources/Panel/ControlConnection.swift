/// One control-socket client's byte streams, without the socket: its input cut into request
/// lines, and the replies and events queued for it. Pure, so the framing rules are tested
/// without sockets; ``ControlServer`` (PanelRuntime) moves the bytes.
///
/// Rules: a line ends at `\n`; a line longer than ``ControlProtocol/maximumLineBytes`` yields
/// one ``ControlProtocolError/lineTooLong`` and is skipped to its newline; a line cut off by the
/// end of input is dropped. Output beyond `outputLimit` unsent bytes means the client does not
/// read: ``enqueue(_:)`` says so and the server disconnects it.
public struct ControlConnection: Sendable {
    /// The start of a line whose newline has not arrived.
    private var input: [UInt8] = []
    /// Inside a line that was too long: input is dropped up to the next newline.
    private var skippingLongLine = false
    /// Queued output; `output[outputSent...]` is still to be sent.
    private var output: [UInt8] = []
    private var outputSent = 0
    /// The most unsent bytes before the client counts as not reading.
    public let outputLimit: Int
    /// Whether the client receives events (``ControlServer/broadcast(_:)``).
    public var isSubscribed = false
    /// The client shut down its sending side: no more requests, but replies may still be due.
    public private(set) var inputEnded = false

    public init(outputLimit: Int) { self.outputLimit = outputLimit }

    /// Takes bytes the client sent; returns its complete lines, parsed, in order (a partial
    /// line waits for the rest).
    public mutating func receive(_ bytes: some Collection<UInt8>) -> [Result<ControlRequest, ControlProtocolError>] {
        var requests: [Result<ControlRequest, ControlProtocolError>] = []
        var rest = bytes[...]
        while !rest.isEmpty {
            let newline = rest.firstIndex(of: 0x0A)
            if skippingLongLine {
                guard let newline else { return requests }
                skippingLongLine = false
                rest = rest[rest.index(after: newline)...]
                continue
            }
            guard let newline else {
                if input.count + rest.count > ControlProtocol.maximumLineBytes {
                    requests.append(.failure(.lineTooLong))
                    input.removeAll()
                    skippingLongLine = true
                } else {
                    input += rest
                }
                return requests
            }
            let piece = rest[..<newline]
            if input.count + piece.count > ControlProtocol.maximumLineBytes {
                requests.append(.failure(.lineTooLong))
            } else {
                input += piece
                requests.append(ControlRequest.parse(input))
            }
            input.removeAll(keepingCapacity: input.capacity <= 4096)
            rest = rest[rest.index(after: newline)...]
        }
        return requests
    }

    /// The client sent its last byte: a line cut off by it is dropped.
    public mutating func endInput() {
        input.removeAll()
        skippingLongLine = false
        inputEnded = true
    }

    /// Queues one line (a newline is added). False when the queue now exceeds ``outputLimit``:
    /// the client does not read, and must be disconnected.
    public mutating func enqueue(_ line: String) -> Bool {
        output += line.utf8
        output.append(0x0A)
        return pendingByteCount <= outputLimit
    }

    /// Bytes queued and not yet sent.
    public var pendingByteCount: Int { output.count - outputSent }

    /// The unsent bytes, for the server to send as far as the socket takes them.
    public func withPendingBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try output.withUnsafeBytes { try body(UnsafeRawBufferPointer(rebasing: $0[outputSent...])) }
    }

    /// `count` of the pending bytes went out.
    public mutating func didSend(_ count: Int) {
        outputSent += count
        if pendingByteCount == 0 {
            output.removeAll(keepingCapacity: output.capacity <= 4096)
            outputSent = 0
        } else if outputSent >= 64 << 10 {
            // Compact now and then, not on every partial send.
            output.removeFirst(outputSent)
            outputSent = 0
        }
    }

    /// Whether the client is done: it sent its last request, everything owed to it has been
    /// sent, and it is not waiting for events.
    public var isFinished: Bool { inputEnded && pendingByteCount == 0 && !isSubscribed }

    /// Whether to read from the client: while it may still send, and once it has ended while
    /// nothing keeps it (its hang-up then shows as readable, and the server closes it).
    public var wantsInput: Bool { !inputEnded || isFinished }
}
