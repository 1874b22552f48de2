import Presentation

/// A screen that has the display instead of the panel for a while — calibration's targets
/// (`CalibrationSession`) — on the panel's own loop: the loop paints its frames (paced by the
/// display's flips, as the panel's are) and returns once it is finished. Its touches come
/// through the loop's ``TouchSource``, which it provides.
public protocol ScreenTakeover: AnyObject {
    /// Paints and presents a frame if one is wanted and a buffer is free; whether it did.
    func renderFrame(at now: Double) throws(DisplayError) -> Bool
    /// The loop returns (nil) at its next turn once this holds.
    var isFinished: Bool { get }
}
