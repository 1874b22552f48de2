/// One control-socket client's byte streams, without the socket: its input cut into request
/// lines, and the replies and events queued for it. Pure, so the framing rules are tested
/// without sockets; `ControlServer` (PanelRuntime) moves the bytes.
///
/// Rules: a line ends at `\n`; a line longer than ``ControlProtocol/maximumLineBytes`` yields
/// one ``ControlProtocolError/lineTooLong`` and is skipped to its newline; a line cut off by the
/// end of input is dropped. Output beyond `outputLimit` unsent bytes means the client does not
/// read: ``enqueue(_:)`` says so and the server disconnects it.
public struct ControlConnection: Sendable {
    /// Bytes received and not yet taken as requests: `input[inputStart...]`.
    private var input: [UInt8] = []
    private var inputStart = 0
    /// Inside a line that was too long: input is dropped up to the next newline.
    private var skippingLongLine = false
    /// Queued output; `output[outputSent...]` is still to be sent.
    private var output: [UInt8] = []
    private var outputSent = 0
    /// The most unsent bytes before the client counts as not reading.
    public let outputLimit: Int
    /// Whether the client receives events (`ControlServer.broadcast(_:)`).
    public var isSubscribed = false
    /// The client shut down its sending side: no more requests, but replies may still be due.
    public private(set) var inputEnded = false

    public init(outputLimit: Int) { self.outputLimit = outputLimit }

    /// Takes bytes the client sent and returns its complete lines, parsed, in order (a partial
    /// line waits for the rest).
    public mutating func receive(_ bytes: some Collection<UInt8>) -> [Result<ControlRequest, ControlProtocolError>] {
        buffer(bytes)
        return nextRequests(limit: .max)
    }

    /// Takes bytes the client sent without parsing them: ``nextRequests(limit:)`` does, a few at
    /// a time, so one client's burst is answered over several turns of the loop.
    public mutating func buffer(_ bytes: some Collection<UInt8>) {
        if inputStart > 0, inputStart >= input.count / 2 {
            input.removeFirst(inputStart)
            inputStart = 0
        }
        input += bytes
    }

    /// Bytes buffered and not taken yet.
    public var bufferedByteCount: Int { input.count - inputStart }

    /// Whether a whole line is buffered (or an overlong one to report).
    public var hasBufferedRequest: Bool {
        input[inputStart...].contains(0x0A)
            || (!skippingLongLine && bufferedByteCount > ControlProtocol.maximumLineBytes)
    }

    /// Up to `limit` of the buffered lines, parsed, in order.
    public mutating func nextRequests(limit: Int) -> [Result<ControlRequest, ControlProtocolError>] {
        var requests: [Result<ControlRequest, ControlProtocolError>] = []
        while requests.count < limit, inputStart < input.count {
            let newline = input[inputStart...].firstIndex(of: 0x0A)
            if skippingLongLine {
                guard let newline else {
                    inputStart = input.count
                    break
                }
                skippingLongLine = false
                inputStart = newline + 1
                continue
            }
            guard let newline else {
                if bufferedByteCount > ControlProtocol.maximumLineBytes {
                    requests.append(.failure(.lineTooLong))
                    inputStart = input.count
                    skippingLongLine = true
                }
                break
            }
            if newline - inputStart > ControlProtocol.maximumLineBytes {
                requests.append(.failure(.lineTooLong))
            } else {
                requests.append(ControlRequest.parse(Array(input[inputStart..<newline])))
            }
            inputStart = newline + 1
        }
        if inputStart == input.count {
            input.removeAll(keepingCapacity: input.capacity <= 1 << 17)
            inputStart = 0
        }
        return requests
    }

    /// The client sent its last byte: a line cut off by it is dropped (whole lines before it
    /// are still answered).
    public mutating func endInput() {
        if let lastNewline = input[inputStart...].lastIndex(of: 0x0A) {
            // Whole lines are still to be taken — the tail of an overlong line among them, which
            // must go on being skipped.
            input.removeSubrange((lastNewline + 1)...)
        } else {
            input.removeAll()
            inputStart = 0
            skippingLongLine = false
        }
        inputEnded = true
    }

    /// The client cannot be written to any more (it reset the connection): what it already
    /// sent is still taken and acted on, in order, and the replies are dropped.
    public mutating func closeOutput() {
        outputClosed = true
        output.removeAll()
        outputSent = 0
    }

    /// Whether ``closeOutput()`` was called.
    public private(set) var outputClosed = false

    /// Queues one line (a newline is added). False when the queue now exceeds ``outputLimit``:
    /// the client does not read, and must be disconnected.
    public mutating func enqueue(_ line: String) -> Bool {
        guard !outputClosed else { return true }
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
    public var isFinished: Bool {
        inputEnded && bufferedByteCount == 0 && (outputClosed || (pendingByteCount == 0 && !isSubscribed))
    }

    /// Whether to read from the client: while it may still send and has no more than a line's
    /// worth waiting to be taken (so a burst waits in the client's socket, not in our memory,
    /// and the client feels the back-pressure), and once it has ended while nothing keeps it
    /// (its hang-up then shows as readable, and the server closes it).
    public var wantsInput: Bool {
        (!inputEnded && bufferedByteCount <= ControlProtocol.maximumLineBytes) || isFinished
    }
}
