import LinuxIO
import TouchCore

/// A recording played through a uinput device (``VirtualInputDevice``): tests on a real kernel.
public enum RecordingPlayback {
    /// Writes `events` to `device` with their original timing (`timed`), else at once.
    /// SYN_DROPPED is the kernel's to send: the frame it spoiled is written as recorded.
    public static func play(_ events: [InputEvent], through device: VirtualInputDevice, timed: Bool) throws {
        let start = monotonicNow()
        let first = events.first?.time ?? 0
        for event in events {
            if event.type == EventType.syn && event.code == SynCode.dropped { continue }
            if timed {
                let wait = (event.time - first) - (monotonicNow() - start)
                if wait > 0.0005 { sleepFor(min(wait, 10)) }
            }
            try device.write(event)
        }
    }
}
