// The stand-in main process of scripts/vm-systemd-test.sh: built with LinuxIO's sources into a
// static binary and run as switchpanel.service (its ExecStart replaced by a drop-in), it uses
// Log and SystemdNotifier as the panel's loop does and checks, from inside the unit's sandbox,
// every device, directory and restriction the unit promises. Each check logs one
// "PROBE OK ..." or "PROBE FAIL ..." line.
import CLinux
import Glibc

let log = Log(verbose: CommandLine.arguments.contains("--verbose"))
let notifier = SystemdNotifier.fromEnvironment()
let interval = notifier.watchdogInterval.map { "\($0)" } ?? "none"
log.notice("probe: format \(log.format), notify \(notifier.socketAddress ?? "none"), watchdog interval \(interval)")
log.debug("probe: a debug line")
log.warning("probe: a warning line")

func errnoText() -> String { SystemErrno(errno).description }

func check(_ what: String, _ ok: Bool, _ detail: @autoclosure () -> String = "") {
    if ok { log.info("PROBE OK \(what) \(detail())") } else { log.error("PROBE FAIL \(what) \(detail())") }
}

func environment(_ name: String) -> String? { getenv(name).map { String(cString: $0) } }

check("NOTIFY_SOCKET not left for children", environment("NOTIFY_SOCKET") == nil)
check("stderr is the journal", log.format == .journal)
check("watchdog interval is WatchdogSec/2", notifier.watchdogInterval == 5, interval)

let card = open("/dev/dri/card0", O_RDWR | O_CLOEXEC)
check("open /dev/dri/card0 rw", card >= 0, card >= 0 ? "" : errnoText())

// Every event node opens read-only; EVIOCGRAB works on such a descriptor; read-write is refused
// by the device controller (DeviceAllow=char-input r).
var events = 0
if let dir = opendir("/dev/input") {
    while let entry = readdir(dir) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        guard name.hasPrefix("event") else { continue }
        let path = "/dev/input/" + name
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        check("open \(path) read-only", fd >= 0, fd >= 0 ? "" : errnoText())
        guard fd >= 0 else { continue }
        if events == 0 {
            let grab = ioctl(fd, UInt(0x4004_4590), 1)  // EVIOCGRAB
            check("EVIOCGRAB on a read-only descriptor", grab == 0, grab == 0 ? "" : errnoText())
            _ = ioctl(fd, UInt(0x4004_4590), 0)
            let rw = open(path, O_RDWR | O_CLOEXEC)
            check("open \(path) read-write refused", rw < 0, rw < 0 ? errnoText() : "opened")
        }
        events += 1
        close(fd)
    }
    closedir(dir)
}
check("input devices found", events > 0, "\(events)")

// The VT on fd 0: the controlling terminal, so the unprivileged panel may switch it to graphics
// and take VT switching over.
check("fd 0 is tty1", isatty(0) == 1 && ttyname(0).map { String(cString: $0) } == "/dev/tty1")
let graphics = ioctl(0, UInt(0x4B3A), 1)  // KDSETMODE KD_GRAPHICS
check("KDSETMODE KD_GRAPHICS on fd 0", graphics == 0, graphics == 0 ? "" : errnoText())
var processMode: (Int8, Int8, Int16, Int16, Int16) = (1, 0, Int16(SIGUSR1), Int16(SIGUSR2), 0)  // VT_PROCESS
let setMode = ioctl(0, UInt(0x5602), &processMode)  // VT_SETMODE
check("VT_SETMODE VT_PROCESS on fd 0", setMode == 0, setMode == 0 ? "" : errnoText())

func checkVT(_ when: String) {
    var kdMode: Int32 = -1
    let k = ioctl(0, UInt(0x4B3B), &kdMode)  // KDGETMODE
    check("VT still in graphics mode \(when)", k == 0 && kdMode == 1, k == 0 ? "mode \(kdMode)" : errnoText())
    var vt: (Int8, Int8, Int16, Int16, Int16) = (0, 0, 0, 0, 0)
    let v = ioctl(0, UInt(0x5601), &vt)  // VT_GETMODE
    check("VT still VT_PROCESS \(when)", v == 0 && vt.0 == 1, v == 0 ? "mode \(vt.0)" : errnoText())
}
checkVT("at start")

let tty2 = open("/dev/tty2", O_RDWR | O_CLOEXEC)
check("open /dev/tty2 refused", tty2 < 0, tty2 < 0 ? errnoText() : "opened")
let wx = mmap(nil, 4096, PROT_READ | PROT_WRITE | PROT_EXEC, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
check("writable executable memory refused", wx == MAP_FAILED, wx == MAP_FAILED ? errnoText() : "mapped")
let inet = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
check("AF_INET refused", inet < 0, inet < 0 ? errnoText() : "created")

let state = environment("STATE_DIRECTORY") ?? "(unset)"
let runtime = environment("RUNTIME_DIRECTORY") ?? "(unset)"
let stateFile = open(state + "/probe", O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
check("write in STATE_DIRECTORY", stateFile >= 0, state + (stateFile >= 0 ? "" : " " + errnoText()))
let etc = open("/etc/switchpanel/probe", O_WRONLY | O_CREAT | O_CLOEXEC, 0o644)
check("/etc is read-only", etc < 0, etc < 0 ? errnoText() : "created")
if let sysfs = environment("PROBE_SYSFS") {
    let fd = open(sysfs, O_WRONLY | O_CLOEXEC)
    let n = fd >= 0 ? write(fd, "64\n", 3) : -1
    check("write \(sysfs) (ReadWritePaths= drop-in)", n == 3, n == 3 ? "" : errnoText())
}

// The control socket's place.
let unixSocket = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
var address = sockaddr_un()
address.sun_family = sa_family_t(AF_UNIX)
withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array((runtime + "/control.sock").utf8) + [0]) }
let bound = withUnsafePointer(to: &address) {
    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(unixSocket, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
    }
}
check("bind a socket in RUNTIME_DIRECTORY", bound == 0, bound == 0 ? runtime : errnoText())

// The loop: READY=1, WATCHDOG=1 every interval, RELOADING=1 + READY=1 on SIGHUP, STOPPING=1 on
// SIGTERM.
let signals = try SignalDescriptor(signals: [SIGTERM, SIGHUP])
let timer = try TimerDescriptor()
try notifier.ready(status: "probe ready")
log.notice("probe: READY=1 sent")
var pings = 0
var next = monotonicNow() + (notifier.watchdogInterval ?? 3600)
try timer.arm(at: next)
loop: while true {
    let ready = try waitForReadable([signals.fileDescriptor, timer.fileDescriptor])
    if ready.contains(timer.fileDescriptor) {
        timer.acknowledge()
        try notifier.watchdog()
        pings += 1
        log.debug("probe: WATCHDOG=1 #\(pings)")
        try notifier.status("probe alive, \(pings) pings")
        next += notifier.watchdogInterval ?? 3600
        try timer.arm(at: next)
    }
    for signal in signals.drain() {
        if signal == SIGHUP {
            try notifier.reloading()
            log.notice("probe: reloading")
            checkVT("after SIGHUP")
            try notifier.ready(status: "probe reloaded")
        } else {
            try notifier.stopping()
            var autoMode: (Int8, Int8, Int16, Int16, Int16) = (0, 0, 0, 0, 0)
            _ = ioctl(0, UInt(0x5602), &autoMode)
            _ = ioctl(0, UInt(0x4B3A), 0)
            log.notice("probe: stopping after \(pings) pings")
            break loop
        }
    }
}
