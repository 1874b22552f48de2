import Raster

/// One contact's change, as the input layer reports it (positions in the panel's pixels).
public struct TouchEvent: Hashable, Sendable {
    public enum Phase: String, Hashable, Sendable {
        case began, moved, ended, cancelled
    }

    public var contact: Int
    public var phase: Phase
    public var position: Point
    /// Seconds on the input device's clock (the kernel's event time).
    public var time: Double

    public init(contact: Int, phase: Phase, position: Point, time: Double) {
        self.contact = contact
        self.phase = phase
        self.position = position
        self.time = time
    }
}
