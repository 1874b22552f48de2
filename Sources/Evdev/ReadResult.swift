import LinuxIO
import TouchCore

/// One item of ``InputDevice/readAvailable()``: an event, or the point where the kernel dropped
/// events and libevdev resynced.
public enum ReadResult: Hashable, Sendable {
    /// An event as the kernel sent it, with its kernel timestamp.
    case event(InputEvent)
    /// The kernel's buffer overflowed (`SYN_DROPPED` at `time`) and libevdev resynced: `state` is
    /// the device's state afterwards (for `TouchStateMachine.resync(with:time:)`),
    /// `syncEvents` the changes libevdev reported in sync mode, ending with its `SYN_REPORT` (for
    /// a recording: write `SYN_DROPPED`, then these).
    case dropped(DeviceState, syncEvents: [InputEvent], time: Double)
}

extension TouchStateMachine {
    /// Feeds what a device read, in order, and returns the frames that changed something: events
    /// through ``TouchCore/TouchStateMachine/feedExpiring(_:)`` (filters and the stuck-contact
    /// timeout included), a drop through
    /// ``TouchCore/TouchStateMachine/resync(with:time:)`` (contacts that vanished during the drop
    /// end as cancelled). The same state machine and the same frames as a replayed recording.
    public mutating func take(_ results: [ReadResult]) -> [[TouchEvent]] {
        var frames: [[TouchEvent]] = []
        for result in results {
            switch result {
            case .event(let event):
                // Through the stuck-contact check too, exactly as `replay` does.
                frames += feedExpiring(event)
            case .dropped(let state, _, let time):
                let expired = expireStuckContacts(now: time)
                if !expired.isEmpty { frames.append(expired) }
                let frame = resync(with: state, time: time)
                if !frame.isEmpty { frames.append(frame) }
            }
        }
        return frames
    }
}

extension KeyDecoder {
    /// Feeds what a key device read, in order, and returns the keys it made: events through
    /// ``TouchCore/KeyDecoder/feed(_:)``, a drop through
    /// ``TouchCore/KeyDecoder/resync(keysDown:absValues:)`` (the Shift held and the dial's
    /// position after libevdev's resync; a key pressed during the drop is lost, not guessed).
    public mutating func take(_ results: [ReadResult]) -> [KeyPress] {
        var keys: [KeyPress] = []
        for result in results {
            switch result {
            case .event(let event): keys += feed(event)
            case .dropped(let state, _, _): resync(keysDown: state.keysDown, absValues: state.absValues)
            }
        }
        return keys
    }
}

/// `libevdev_next_event` and the device's state, as ``drainEvents(from:)`` needs them — a protocol
/// so that tests can script what libevdev returns (a real device needs a kernel).
protocol EventSource {
    /// One `libevdev_next_event` call in normal or sync mode: its status
    /// (`LIBEVDEV_READ_STATUS_SUCCESS` 0 or `LIBEVDEV_READ_STATUS_SYNC` 1) and event, or the errno
    /// (`EAGAIN` when nothing is left). EINTR is retried before this returns.
    mutating func nextEvent(sync: Bool) -> Result<(status: Int32, event: InputEvent), SystemErrno>
    /// The device's state as libevdev holds it now.
    func state() -> DeviceState
}

/// `LIBEVDEV_READ_STATUS_SYNC`.
let readStatusSync: Int32 = 1

/// Reads every available event: normal mode until `EAGAIN`; on `SYN_DROPPED` sync mode until
/// `EAGAIN`, then a ``ReadResult/dropped(_:syncEvents:time:)`` and normal mode again. Returns what
/// was read and the error that stopped the reading, if any (not `EAGAIN`). An error during a sync
/// still ends the sync with the state libevdev holds, so a caller never stays out of sync.
func drainEvents(from source: inout some EventSource) -> (results: [ReadResult], error: SystemErrno?) {
    var results: [ReadResult] = []
    var sync: (time: Double, events: [InputEvent])?
    while true {
        switch source.nextEvent(sync: sync != nil) {
        case .success(let read):
            if var pending = sync {
                pending.events.append(read.event)
                sync = pending
            } else if read.status == readStatusSync {
                sync = (read.event.time, [])
            } else {
                results.append(.event(read.event))
            }
        case .failure(let error):
            if let pending = sync {
                let time = pending.events.last?.time ?? pending.time
                results.append(.dropped(source.state(), syncEvents: pending.events, time: time))
                sync = nil
                if error == .wouldBlock { continue }
            }
            return (results, error == .wouldBlock ? nil : error)
        }
    }
}
