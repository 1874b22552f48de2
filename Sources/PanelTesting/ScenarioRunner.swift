import ConfigFormat
import FoundationEssentials
import LinuxIO
import Panel
import PanelRuntime
import Raster
import TouchCore

/// Runs scenario files (``Scenario``) on a ``HeadlessPanel``: the same panel, loop and display
/// path a board runs, in virtual time. `switchpanel test` and the suite's shipped-scenario test
/// both run scenarios through this.
public enum ScenarioRunner {
    /// How to run.
    public struct Options: Sendable {
        /// Re-record every `expect screen` golden from what the screen shows (the state
        /// expectations are still checked).
        public var update: Bool
        /// Where the expected | actual | diff pictures of a failed screen go; nil: beside its golden.
        public var failureDirectory: String?

        public init(update: Bool = false, failureDirectory: String? = nil) {
            self.update = update
            self.failureDirectory = failureDirectory
        }
    }

    /// Reads, checks and runs the scenario at `path`. Never throws: a scenario that cannot be
    /// read or is not valid comes back ``ScenarioResult/Outcome/invalid(_:)``.
    public static func run(file path: String, options: Options = Options()) -> ScenarioResult {
        let started = ContinuousClock.now
        var result = ScenarioResult(file: path)
        let prepared: Prepared
        do {
            prepared = try prepare(path)
        } catch {
            result.outcome = .invalid(error.description)
            result.realSeconds = seconds(started.duration(to: .now))
            return result
        }
        result.name = prepared.scenario.name ?? result.name
        result.steps = prepared.scenario.steps.count
        do {
            let panel = try HeadlessPanel(
                board: prepared.board, states: Dictionary(prepared.scenario.states.map { ($0.id, $0.value) }) { $1 })
            defer { panel.close() }
            for step in prepared.scenario.steps {
                do {
                    try perform(step, on: panel, prepared: prepared, options: options, result: &result)
                } catch let error as PanelTestError {
                    // The panel refused a step (a disabled switch's set): the scenario fails, and goes on.
                    result.failures.append(ScenarioResult.Failure(step: step.path, message: error.description))
                }
            }
            result.virtualSeconds = panel.time
        } catch {
            result.failures.append(ScenarioResult.Failure(step: "", message: "the panel stopped: \(error)"))
        }
        result.outcome = result.failures.isEmpty ? .passed : .failed
        result.realSeconds = seconds(started.duration(to: .now))
        return result
    }

    /// A scenario with its board loaded and its recordings read: everything that can be wrong
    /// with the files, found before the panel starts.
    struct Prepared {
        var scenario: Scenario
        var directory: String
        var board: LoadedConfig
        /// The recordings of `replay` steps, by step path.
        var recordings: [String: (EvemuRecording, DeviceDescription)]

        /// A path as the scenario writes it, from the scenario's directory.
        func resolve(_ path: String) -> String { Prepared.resolve(path, from: directory) }

        static func resolve(_ path: String, from directory: String) -> String {
            path.hasPrefix("/") ? path : FilePaths.join(directory, path)
        }
    }

    /// Why a scenario is not valid: `file: path: reason`, or the board's own error.
    struct Invalid: Error, CustomStringConvertible {
        var description: String
    }

    static func prepare(_ path: String) throws(Invalid) -> Prepared {
        let scenario: Scenario
        do {
            scenario = try Scenario.parse(try readConfigFile(path))
        } catch {
            throw Invalid(description: error.description)
        }
        let directory = FilePaths.directory(of: path)
        let base = directory.isEmpty ? "." : directory
        let boardPath = Prepared.resolve(scenario.board, from: base)
        let board: LoadedConfig
        do {
            board = try LoadedConfig.read(path: boardPath)
        } catch {
            throw Invalid(description: "board: \(boardPath): \(error)")
        }
        do {
            try scenario.check(against: board.config)
        } catch {
            throw Invalid(description: "\(error)")
        }
        var prepared = Prepared(scenario: scenario, directory: base, board: board, recordings: [:])
        for step in scenario.steps {
            guard case .replay(let file, let device) = step.action else { continue }
            let jsonPath = device == nil ? "\(step.path).replay" : "\(step.path).replay.file"
            do {
                let text = try readText(prepared.resolve(file), at: jsonPath)
                let description = try device.map { d throws(Invalid) in
                    try readText(prepared.resolve(d), at: "\(step.path).replay.device")
                }
                prepared.recordings[step.path] = try parseRecording(
                    text, named: prepared.resolve(file), description: description)
            } catch let error as Invalid {
                throw error
            } catch {
                throw Invalid(description: "\(jsonPath): \(error)")
            }
        }
        return prepared
    }

    private static func readText(_ path: String, at jsonPath: String) throws(Invalid) -> String {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw Invalid(description: "\(jsonPath): cannot read \(path) (missing or unreadable)")
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// One step on the panel; failed expectations go into `result`.
    static func perform(
        _ step: Scenario.Step, on panel: HeadlessPanel, prepared: Prepared, options: Options,
        result: inout ScenarioResult
    ) throws {
        func point(_ target: Scenario.Target) throws -> Point {
            switch target {
            case .switchID(let id): try panel.centre(of: id)
            case .point(let p): p
            }
        }
        switch step.action {
        case .tap(let target): try panel.tap(at: try point(target))
        case .drag(let from, let to, let duration):
            try panel.drag(from: try point(from), to: try point(to), duration: duration)
        case .slide(let id, let duration): try panel.slide(id.id, to: id.value, duration: duration)
        case .press(let contact, let at): try panel.press(contact: contact, at: try point(at))
        case .move(let contact, let to): try panel.move(contact: contact, to: try point(to))
        case .release(let contact): try panel.release(contact: contact)
        case .wait(let seconds): try panel.wait(seconds)
        case .set(let targets): try panel.set(targets.map { ($0.id, $0.value) })
        case .key(let key): panel.press(key)
        case .screen(let blank): try panel.screen(blank: blank)
        case .page(let target): try panel.show(page: target)
        case .replay:
            let (recording, device) = prepared.recordings[step.path]!
            try panel.replay(recording, device: device)
        case .expect(let screen, let states, let page):
            if let page {
                result.checks += 1
                let now = panel.page
                if now != page.value {
                    result.failures.append(
                        ScenarioResult.Failure(
                            step: page.path, message: "the panel shows page \(now), expected \(page.value)"))
                }
            }
            for s in states {
                result.checks += 1
                let now = panel.state(s.id)
                if now != s.value {
                    result.failures.append(
                        ScenarioResult.Failure(
                            step: s.path,
                            message: "\(s.id) is \(now == true ? "on" : "off"), expected \(s.value ? "on" : "off")"))
                }
            }
            if let screen {
                try expectScreen(
                    screen, step: step, panel: panel, prepared: prepared, options: options, result: &result)
            }
        }
    }

    private static func expectScreen(
        _ screen: Scenario.ScreenExpectation, step: Scenario.Step, panel: HeadlessPanel, prepared: Prepared,
        options: Options, result: inout ScenarioResult
    ) throws {
        result.checks += 1
        let golden = prepared.resolve(screen.golden)
        let actual = try panel.snapshot()
        if options.update {
            let update = try GoldenImage.record(actual, as: golden)
            result.updates.append((golden, update))
            GoldenImage.removeFailureImages(of: golden, in: options.failureDirectory)
            return
        }
        let comparison: GoldenComparison
        do {
            comparison = try GoldenImage.compare(actual, toGolden: golden, tolerance: screen.tolerance)
        } catch {
            result.failures.append(
                ScenarioResult.Failure(step: "\(step.path).expect.screen", message: "\(error) (--update replaces it)"))
            return
        }
        if comparison.passes {
            GoldenImage.removeFailureImages(of: golden, in: options.failureDirectory)
            return
        }
        let images = try comparison.writeFailureImages(in: options.failureDirectory)
        result.failures.append(
            ScenarioResult.Failure(
                step: "\(step.path).expect.screen", message: comparison.description, images: images))
    }

    static func seconds(_ d: Duration) -> Double {
        let (s, attoseconds) = d.components
        return Double(s) + Double(attoseconds) * 1e-18
    }
}

/// What running one scenario file found.
public struct ScenarioResult {
    public enum Outcome: Equatable {
        case passed
        /// An expectation failed, or the panel refused a step.
        case failed
        /// The scenario (or its board, or a recording) could not be read or is not valid: why.
        case invalid(String)
    }

    /// A failed expectation or refused step: the JSON path of what failed, why, and the
    /// pictures written for it (expected, actual, diff).
    public struct Failure: Equatable {
        public var step: String
        public var message: String
        public var images: [String] = []
    }

    public var file: String
    /// The scenario's `name`, else its file name without `.json`.
    public var name: String
    public var outcome: Outcome = .failed
    public var failures: [Failure] = []
    /// The goldens `--update` recorded, and what each recording did.
    public var updates: [(golden: String, update: GoldenImage.Update)] = []
    public var steps = 0
    /// Expectations checked (each switch state and each screen counts one).
    public var checks = 0
    /// Real time the run took (reading, the panel, the comparisons), and virtual time it covered.
    public var realSeconds = 0.0
    public var virtualSeconds = 0.0

    init(file: String) {
        self.file = file
        name = FilePaths.stem(of: file)
    }
}
