import FoundationEssentials
import LinuxIO
import Raster

/// Several scenario files run one after the other, as `switchpanel test` runs them: a report a
/// person reads, an exit status a CI understands (0 all passed, 1 a failure, 2 a scenario that is
/// not valid) and a JUnit XML report CI tools read.
public struct ScenarioSuite {
    public private(set) var results: [ScenarioResult] = []
    /// Real time for the whole run.
    public private(set) var realSeconds = 0.0

    /// Runs `paths` (scenario files, or directories whose `*.json` files are scenarios), calling
    /// `report` with each line of the report as soon as it is known.
    public static func run(
        _ paths: [String], options: ScenarioRunner.Options = .init(), report: (String) -> Void = { _ in }
    ) -> ScenarioSuite {
        let started = ContinuousClock.now
        var suite = ScenarioSuite()
        for file in scenarioFiles(paths) {
            let result = ScenarioRunner.run(file: file, options: options)
            for line in lines(for: result) { report(line) }
            suite.results.append(result)
        }
        suite.realSeconds = ScenarioRunner.seconds(started.duration(to: .now))
        report(suite.summary)
        return suite
    }

    /// The files `paths` name: files as given, directories as their `*.json` files in name order
    /// (a directory with none is kept, so that it is reported rather than silently passing).
    public static func scenarioFiles(_ paths: [String]) -> [String] {
        paths.flatMap { path -> [String] in
            guard let names = try? listDirectory(path) else { return [path] }
            let json = names.filter { $0.hasSuffix(".json") }.sorted()
            return json.isEmpty ? [path] : json.map { FilePaths.join(path, $0) }
        }
    }

    /// 0 when every scenario passed, 2 when one is not valid, else 1.
    public var exitStatus: Int32 {
        if results.contains(where: { if case .invalid = $0.outcome { true } else { false } }) { return 2 }
        return results.allSatisfy { $0.outcome == .passed } ? 0 : 1
    }

    /// `N scenarios: P passed, F failed, I not valid (… ms real time)`.
    public var summary: String {
        let passed = results.filter { $0.outcome == .passed }.count
        let failed = results.filter { $0.outcome == .failed }.count
        let invalid = results.count - passed - failed
        var parts = ["\(passed) passed"]
        if failed > 0 { parts.append("\(failed) failed") }
        if invalid > 0 { parts.append("\(invalid) not valid") }
        return "\(results.count) scenario\(results.count == 1 ? "" : "s"): \(parts.joined(separator: ", ")) "
            + "(\(Self.milliseconds(realSeconds)) real time)"
    }

    /// A scenario's lines in the report: its outcome, then each failure with its pictures, and
    /// what `--update` did to each golden.
    public static func lines(for result: ScenarioResult) -> [String] {
        var lines: [String] = []
        let shown =
            result.name == FilePaths.stem(of: result.file)
            ? result.file : "\(result.file) (\(result.name))"
        switch result.outcome {
        case .passed:
            lines.append(
                "PASS \(shown): \(result.steps) steps, \(result.checks) checks, "
                    + "\(result.virtualSeconds.fixed(2)) s of panel time in \(milliseconds(result.realSeconds))")
        case .failed:
            lines.append(
                "FAIL \(shown): \(result.failures.count) of \(max(result.checks, result.failures.count)) checks failed")
        case .invalid(let reason):
            lines.append("INVALID \(result.file): \(reason)")
        }
        for failure in result.failures {
            lines.append("  \(failure.step.isEmpty ? "" : failure.step + ": ")\(failure.message)")
            for image in failure.images {
                let kind = FilePaths.pathExtension(of: FilePaths.removingExtension(image))
                lines.append("    \(kind.rightPadded(to: 8)) \(image)")
            }
        }
        for (golden, update) in result.updates {
            switch update {
            case .created: lines.append("  created   \(golden)")
            case .identical: lines.append("  identical \(golden)")
            case .changed(let d?):
                lines.append(
                    "  changed   \(golden) (\(d.differingPixels) pixels differed, the largest channel difference \(d.largest))"
                )
            case .changed(nil): lines.append("  changed   \(golden) (its size changed, or it was not a PNG)")
            }
        }
        return lines
    }

    static func milliseconds(_ seconds: Double) -> String { "\((seconds * 1000).fixed(1)) ms" }

    // MARK: JUnit

    /// The run as JUnit XML (the schema Jenkins, GitLab and GitHub's test reporters read): one
    /// test case per scenario file; a failed expectation is a `<failure>`, a scenario that is
    /// not valid an `<error>`.
    public var junitXML: String {
        let failures = results.filter { $0.outcome == .failed }.count
        let errors = results.filter { if case .invalid = $0.outcome { true } else { false } }.count
        let time = realSeconds.fixed(3)
        var xml = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
        xml +=
            #"<testsuites name="switchpanel test" tests="\#(results.count)" failures="\#(failures)" errors="\#(errors)" time="\#(time)">"#
            + "\n"
        xml +=
            #"  <testsuite name="scenarios" tests="\#(results.count)" failures="\#(failures)" errors="\#(errors)" skipped="0" time="\#(time)">"#
            + "\n"
        for result in results {
            let attributes =
                #"classname="scenarios" name="\#(escapeXML(result.name))" file="\#(escapeXML(result.file))" time="\#(result.realSeconds.fixed(3))""#
            let details = Self.lines(for: result).dropFirst().joined(separator: "\n")
            switch result.outcome {
            case .passed:
                xml += "    <testcase \(attributes)/>\n"
            case .failed:
                let message = result.failures.first.map { "\($0.step): \($0.message)" } ?? "failed"
                xml += "    <testcase \(attributes)>\n"
                xml +=
                    #"      <failure message="\#(escapeXML(message))" type="expectation">\#(escapeXML(details))</failure>"#
                    + "\n"
                xml += "    </testcase>\n"
            case .invalid(let reason):
                xml += "    <testcase \(attributes)>\n"
                xml += #"      <error message="\#(escapeXML(reason))" type="invalid scenario"/>"# + "\n"
                xml += "    </testcase>\n"
            }
        }
        xml += "  </testsuite>\n</testsuites>\n"
        return xml
    }

    /// Writes ``junitXML`` to `path`.
    public func writeJUnit(to path: String) throws {
        try Data(junitXML.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
    }
}

/// Text made safe for an XML attribute or element: markup escaped, and the control characters
/// XML 1.0 cannot hold at all replaced.
func escapeXML(_ text: String) -> String {
    var out = ""
    for u in text.unicodeScalars {
        switch u {
        case "&": out += "&amp;"
        case "<": out += "&lt;"
        case ">": out += "&gt;"
        case "\"": out += "&quot;"
        case "\n", "\t": out.unicodeScalars.append(u)
        default:
            if u.value < 0x20 { out += "\u{FFFD}" } else { out.unicodeScalars.append(u) }
        }
    }
    return out
}
