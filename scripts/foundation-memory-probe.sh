#!/usr/bin/env bash
# What Foundation costs a static program at rest (issue 16): builds three tiny programs with
# --static-swift-stdlib in a temporary package — one that does at start what the panel does with
# Foundation (a file read, the environment, a date, a URL, a line on stderr) with `import
# Foundation`, the same with `import FoundationEssentials`, and one with neither — starts each,
# and prints RSS, PSS and private memory from /proc/PID/smaps_rollup once it sleeps.
# usage: scripts/foundation-memory-probe.sh    (about a minute of building)
set -euo pipefail
dir=$(mktemp -d /tmp/foundation-probe.XXXXXX)
trap 'rm -rf "$dir"' EXIT
mkdir -p "$dir/Sources/withFoundation" "$dir/Sources/withEssentials" "$dir/Sources/withNeither"
cat >"$dir/Package.swift" <<'EOF'
// swift-tools-version:6.0
import PackageDescription
let package = Package(name: "foundation-probe", targets: [
    .executableTarget(name: "withFoundation"),
    .executableTarget(name: "withEssentials"),
    .executableTarget(name: "withNeither"),
])
EOF
cat >"$dir/Sources/withFoundation/main.swift" <<'EOF'
import Foundation
let data = FileManager.default.contents(atPath: "/etc/hostname") ?? Data()
let env = ProcessInfo.processInfo.environment["HOME"] ?? ""
print(data.count, env.count, Date().timeIntervalSince1970 > 0, URL(fileURLWithPath: "/tmp").path)
FileHandle.standardError.write(Data("ready\n".utf8))
while true { sleep(1000) }
EOF
cat >"$dir/Sources/withEssentials/main.swift" <<'EOF'
import FoundationEssentials
import Glibc
let data = FileManager.default.contents(atPath: "/etc/hostname") ?? Data()
let env = ProcessInfo.processInfo.environment["HOME"] ?? ""
print(data.count, env.count, Date().timeIntervalSince1970 > 0, URL(filePath: "/tmp").path)
print("ready")
while true { sleep(1000) }
EOF
cat >"$dir/Sources/withNeither/main.swift" <<'EOF'
import Glibc
print(getenv("HOME") != nil)
print("ready")
while true { sleep(1000) }
EOF
(cd "$dir" && swift build -c release --static-swift-stdlib >"$dir/build.log" 2>&1) || { tail -20 "$dir/build.log"; exit 1; }
for program in withFoundation withEssentials withNeither; do
    "$dir/.build/release/$program" >/dev/null 2>&1 &
    pid=$!
    sleep 2
    printf '%-15s %5.1f MB file  ' "$program" "$(stat -c %s "$dir/.build/release/$program" | awk '{ print $1 / 1e6 }')"
    awk '/^(Rss|Pss|Private_Clean|Private_Dirty):/ { printf "%s %.1f MB  ", $1, $2 / 1024 } END { print "" }' "/proc/$pid/smaps_rollup"
    kill "$pid"
done
