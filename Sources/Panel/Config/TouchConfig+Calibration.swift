import TouchCore

extension TouchConfig {
    /// The calibration for one touch device of this board: its axis ranges to the logical
    /// screen, through the configured matrix, swap and inversion, and the display's rotation — so
    /// rotating the display in the config is all it takes to keep touches under the finger.
    /// With `pointercal` (the contents of the file ``pointercal`` names), tslib's calibration maps
    /// raw units straight to the logical screen: it was made on the screen as the program saw it,
    /// so the matrix, swap, inversion and rotation do not apply on top.
    public func calibration(
        for device: DeviceDescription, display: DisplayConfig, pointercal: String? = nil
    ) throws -> TouchCalibration {
        let logical = display.logicalSize
        if let pointercal {
            return try TouchCalibration(
                pointercal: pointercal, device: device, screenWidth: Double(logical.width),
                screenHeight: Double(logical.height))
        }
        return try TouchCalibration(
            device: device, screenWidth: Double(logical.width), screenHeight: Double(logical.height),
            matrix: calibration, swapXY: swapXY, invertX: invertX, invertY: invertY, rotation: display.rotation)
    }
}
