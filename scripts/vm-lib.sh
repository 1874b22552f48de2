# Shared parts of the QEMU kernel tests (vm-evdev-test.sh, vm-display-test.sh, vm-panel-test.sh,
# vm-systemd-test.sh, arm64-vm-panel-test.sh): packages, a switchpanel with the Swift runtime linked
# in (and test programs, and their shared C libraries), kernel modules, a busybox initramfs, the
# QEMU command line and the loop that serves a guest's requests (screendumps, taps). Software
# emulation only (KVM is not available on the build machines: it starts and then hangs).
#
# Source it after setting `vm_name` (the prefix of log lines); it defines functions only.

vm_say() { echo "${vm_name:-vm}: $*" >&2; }

# Installs the Debian packages given that are missing (apt, with sudo when not root).
vm_require_packages() {
    local missing=() p sudo=""
    for p in "$@"; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
    done
    ((${#missing[@]})) || return 0
    vm_say "installing ${missing[*]}"
    if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

# Sets vm_kver and vm_kernel: the newest installed Debian kernel.
vm_find_kernel() {
    vm_kver=$(ls /lib/modules | sort -V | tail -1)
    vm_kernel=/boot/vmlinuz-$vm_kver
    [ -r "$vm_kernel" ] || { vm_say "no readable $vm_kernel"; return 1; }
}

# Builds the program $1 (a product or executable target: switchpanel,
# switchpanel-display-probe) in scratch dir $2, logging to $3; the binary is $2/release/$1.
# The Swift runtime is linked in (--static-swift-stdlib, as the Debian package does); the C
# libraries it links stay shared, and vm_add_binary copies them into the guest. (libmosquitto and
# libmicrohttpd are loaded only when a config uses them: these initramfs guests use neither.)
vm_build_static() {
    local product=$1 scratch=$2 log=$3
    vm_say "building $product with the Swift runtime linked in"
    swift build -c release --static-swift-stdlib --product "$product" --scratch-path "$scratch" >"$log" 2>&1 \
        || { tail -30 "$log"; return 1; }
}

# Builds switchpanel in scratch dir $1, logging to $2; sets vm_binary.
vm_build_static_switchpanel() {
    vm_build_static switchpanel "$1" "$2" || return 1
    vm_binary=$1/release/switchpanel
}

# Puts the program $2 into the initramfs tree $1 as /bin/NAME, stripped, with the shared
# libraries it loads (ldd's list, the dynamic loader included) at their own paths.
vm_add_binary() {
    strip -o "$1/bin/$(basename "$2")" "$2" 2>/dev/null || cp "$2" "$1/bin/"
    local lib
    for lib in $(ldd "$2" | grep -oE '/[^ ]+\.so[^ ]*'); do
        [ -e "$1$lib" ] && continue
        mkdir -p "$1$(dirname "$lib")"
        cp -L "$lib" "$1$lib"
    done
}

# Makes the initramfs tree $1 (busybox, the stripped switchpanel) and copies the kernel modules
# named after it, with their dependencies, into $1/lib/modules (vm_copy_modules).
vm_make_rootfs() {
    local rootfs=$1
    shift
    mkdir -p "$rootfs"/{bin,dev,proc,sys,tmp,lib/modules}
    cp /bin/busybox "$rootfs/bin/busybox"
    vm_add_binary "$rootfs" "$vm_binary"
    vm_copy_modules "$vm_kver" "" "$rootfs/lib/modules" "$@"
}

# Copies the kernel modules named ($4...) of kernel $1, with their dependencies, from the module
# tree under $2 (empty: this machine's /lib/modules; else e.g. Debian's unpacked arm64 kernel) into
# the folder $3, uncompressed (Debian's arm64 modules are .ko.xz, which busybox insmod cannot
# read); vm_modules lists the .ko files in insmod order, each once (vm_init_prologue loads them).
vm_copy_modules() {
    local kver=$1 tree=$2 dest=$3 m path ko
    shift 3
    local from=()
    if [ -n "$tree" ]; then from=(-d "$tree"); fi
    vm_modules=()
    for m in "$@"; do
        while read -r _ path _; do
            [ -n "$path" ] || continue
            ko=$(basename "$path" .xz)
            [[ " ${vm_modules[*]-} " == *" $ko "* ]] && continue
            case $path in
            *.xz) xz -dc "$path" >"$dest/$ko" ;;
            *) cp "$path" "$dest/$ko" ;;
            esac
            vm_modules+=("$ko")
        done < <(modprobe "${from[@]}" -S "$kver" --show-depends "$m" | grep '^insmod')
    done
}

# The start of /init: busybox applets, /proc, /sys, /dev and the modules.
vm_init_prologue() {
    cat <<'EOF'
#!/bin/busybox sh
/bin/busybox --install -s /bin
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev
EOF
    local m
    for m in "${vm_modules[@]}"; do echo "insmod /lib/modules/$m"; done
}

# Packs the tree $1 into the gzipped cpio $2.
vm_pack_initramfs() {
    (cd "$1" && find . | cpio -o -H newc --quiet | gzip -1) >"$2"
}

# The QEMU command line common to the tests (the initramfs is $1); devices go after it.
vm_qemu_command() {
    vm_qemu=(qemu-system-x86_64 -accel tcg,thread=multi -cpu max -m 512 -smp 2
        -kernel "$vm_kernel" -initrd "$1"
        -append "console=ttyS0 quiet loglevel=3 panic=-1"
        -serial stdio -net none -no-reboot)
}

# --- QMP, screendumps, taps and image comparison (vm-display-test.sh, vm-panel-test.sh) --------

# Sends QMP commands (each a JSON object {"execute": ..., "arguments": ...}) to the socket $1 in
# order, each after the previous one was answered; exits non-zero with QEMU's error.
vm_qmp() {
    python3 - "$@" <<'PY'
import json, socket, sys
s = socket.socket(socket.AF_UNIX)
s.connect(sys.argv[1])
f = s.makefile("rw")
json.loads(f.readline())  # the greeting
def execute(command):
    f.write(json.dumps(command) + "\n")
    f.flush()
    while True:
        reply = json.loads(f.readline())
        if "return" in reply:
            return
        if "error" in reply:
            sys.exit("QMP %s: %s" % (command.get("execute"), reply["error"]))
execute({"execute": "qmp_capabilities"})
for command in sys.argv[2:]:
    execute(json.loads(command))
PY
}

# Writes what the CRTC scans out (QEMU's screendump, PPM) to the absolute path $2 (QMP socket $1).
vm_screendump() {
    vm_qmp "$1" "{\"execute\":\"screendump\",\"arguments\":{\"filename\":\"$2\"}}"
}

# Taps the absolute pointer (-device virtio-tablet-pci) at raw x $2, y $3 (0..32767): the
# position and the left button down in one report, the button up in a second one.
vm_tablet_tap() {
    local abs='{"type":"abs","data":{"axis":"%s","value":%d}}' btn='{"type":"btn","data":{"down":%s,"button":"left"}}'
    # shellcheck disable=SC2059
    vm_qmp "$1" \
        "{\"execute\":\"input-send-event\",\"arguments\":{\"events\":[$(printf "$abs" x "$2"),$(printf "$abs" y "$3"),$(printf "$btn" true)]}}" \
        "{\"execute\":\"input-send-event\",\"arguments\":{\"events\":[$(printf "$btn" false)]}}"
}

# --- the guest loop (every harness, both architectures) ------------------------------------------

# vm_guest_loop PREFIX LOG READ_TIMEOUT END COMMAND...: runs the guest COMMAND (QEMU, usually under
# `timeout`; a QMP socket PREFIXqmp.sock is added to it) as a coprocess and serves its console:
# every line is appended to LOG (a carriage return dropped), and requests are answered with one
# line once done, in lock-step (the guest waits with `read -r _`):
#   "=== DUMP NAME"  a QMP screendump to PREFIXNAME.ppm
#   "=== TAP X Y"    a virtio-tablet tap at raw X, Y (0..32767)
# until a line beginning with END, READ_TIMEOUT seconds of silence or the guest's exit. A harness with requests
# of its own defines vm_guest_line: called with each line first, it returns 0 when it handled the
# line (answering with vm_guest_reply if the guest waits), 1 to leave it to the loop. Failed
# requests go to the harness's `fail` (else vm_say). Sets vm_guest_qmp (the socket) and
# vm_guest_seconds (the guest's run).
vm_guest_reply() { printf 'ok\n' >&"$vm_to_guest"; }
vm_guest_loop() {
    local prefix=$1 log=$2 read_timeout=$3 end=$4 line name x y qemu_pid began
    shift 4
    vm_guest_qmp=${prefix}qmp.sock
    began=$(date +%s.%N)
    coproc GUEST { "$@" -qmp "unix:$vm_guest_qmp,server=on,wait=off" 2>&1; }
    # Bash unsets GUEST and GUEST_PID once it reaps the coproc (QEMU may exit before the loop
    # ends): keep the pid and copies of the descriptors.
    qemu_pid=$GUEST_PID
    exec {vm_from_guest}<&"${GUEST[0]}" {vm_to_guest}>&"${GUEST[1]}"
    while IFS= read -r -t "$read_timeout" line <&"$vm_from_guest"; do
        line=${line%$'\r'}
        printf '%s\n' "$line" >>"$log"
        if declare -F vm_guest_line >/dev/null && vm_guest_line "$line"; then continue; fi
        [[ $line != "$end"* ]] || break
        case $line in
        "=== DUMP "*)
            name=${line#=== DUMP }
            vm_screendump "$vm_guest_qmp" "$prefix$name.ppm" || vm_guest_failed "screendump $name"
            vm_guest_reply
            ;;
        "=== TAP "*)
            read -r x y <<<"${line#=== TAP }"
            vm_tablet_tap "$vm_guest_qmp" "$x" "$y" || vm_guest_failed "tablet tap at $x,$y"
            vm_guest_reply
            ;;
        esac
    done
    exec {vm_from_guest}<&- {vm_to_guest}>&-
    wait "$qemu_pid" 2>/dev/null || true
    vm_guest_seconds=$(awk -v a="$began" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }')
}
vm_guest_failed() { if declare -F fail >/dev/null; then fail "${vm_guest_label:+$vm_guest_label: }$*"; else vm_say "FAIL $*"; fi; }

# --- uinput recordings (vm-panel-test.sh, vm-systemd-test.sh) --------------------------------------

# vm_touchscreen_header PROGRAM WHAT: the evemu header of the harnesses' uinput touchscreen, a
# direct MT-B device (slots, tracking ids, BTN_TOUCH, ABS_X/Y as well) with 4096 units per axis,
# as the program PROGRAM (an x86_64 switchpanel) describes it (DeviceDescription.syntheticTouchscreen:
# the one description of that device); WHAT, a comment, says what the recording plays.
vm_touchscreen_header() {
    "$1" describe-touchscreen --units 4096
    echo "# Written by $vm_name: $2."
}

# vm_tap_recording PROGRAM X Y ID: one MT-B tap of 60 ms at raw X, Y (the centre of switch ID).
vm_tap_recording() {
    vm_touchscreen_header "$1" "one MT-B tap at $2,$3 (raw units), the centre of switch $4"
    cat <<EOF
E: 0.000000 0003 002f 0000
E: 0.000000 0003 0039 0001
E: 0.000000 0003 0035 $(printf %04d "$2")
E: 0.000000 0003 0036 $(printf %04d "$3")
E: 0.000000 0001 014a 0001
E: 0.000000 0003 0000 $(printf %04d "$2")
E: 0.000000 0003 0001 $(printf %04d "$3")
E: 0.000000 0000 0000 0000
E: 0.060000 0003 0039 -001
E: 0.060000 0001 014a 0000
E: 0.060000 0000 0000 0000
EOF
}

# Compares the images $1 (expected) and $2 (got), each a binary PPM (QEMU's screendump) or an
# 8-bit non-interlaced PNG (switchpanel render), pixel for pixel (RGB; zero tolerance). Prints
# one line: identical, or how many pixels differ, the first (row-major) with both colours, and
# the box around them all. With $3, a difference is also written there as a PPM (the expected
# picture dimmed, differing pixels red). Exit 0 when identical.
vm_compare_images() {
    python3 - "$@" <<'PY'
import sys, zlib, struct

def read_ppm(data):
    fields, i = [], 0
    while len(fields) < 4:
        while data[i:i + 1].isspace():
            i += 1
        if data[i:i + 1] == b"#":
            i = data.index(b"\n", i)
            continue
        j = i
        while not data[j:j + 1].isspace():
            j += 1
        fields.append(data[i:j])
        i = j
    if fields[0] != b"P6" or fields[3] != b"255":
        raise ValueError("not a binary 8-bit PPM")
    w, h = int(fields[1]), int(fields[2])
    return w, h, data[i + 1:i + 1 + w * h * 3]

def read_png(data):
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("neither PPM nor PNG")
    i, idat, header = 8, [], None
    while i < len(data):
        length, kind = struct.unpack(">I4s", data[i:i + 8])
        body = data[i + 8:i + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat.append(body)
        i += 12 + length
    w, h, depth, colour, _, _, interlace = header
    channels = {0: 1, 2: 3, 4: 2, 6: 4}.get(colour)
    if depth != 8 or channels is None or interlace:
        raise ValueError("PNG colour type %d, depth %d, interlace %d: not handled" % (colour, depth, interlace))
    raw = zlib.decompress(b"".join(idat))
    stride, bpp = w * channels, channels
    out, prev = bytearray(), bytearray(stride)
    for y in range(h):
        kind = raw[y * (stride + 1)]
        row = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        if kind == 1:
            for x in range(bpp, stride):
                row[x] = (row[x] + row[x - bpp]) & 255
        elif kind == 2:
            row = bytearray((a + b) & 255 for a, b in zip(row, prev))
        elif kind == 3:
            for x in range(stride):
                left = row[x - bpp] if x >= bpp else 0
                row[x] = (row[x] + ((left + prev[x]) >> 1)) & 255
        elif kind == 4:
            for x in range(stride):
                a = row[x - bpp] if x >= bpp else 0
                b = prev[x]
                c = prev[x - bpp] if x >= bpp else 0
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                row[x] = (row[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        out += row
        prev = row
    if channels == 3:
        return w, h, bytes(out)
    rgb = bytearray(w * h * 3)
    for k in range(3):
        rgb[k::3] = out[(k if channels >= 3 else 0)::channels]
    return w, h, bytes(rgb)

def read(path):
    with open(path, "rb") as f:
        data = f.read()
    try:
        return read_ppm(data) if data[:2] == b"P6" else read_png(data)
    except (ValueError, IndexError, KeyError, struct.error, zlib.error, TypeError) as e:
        sys.exit("%s: %s" % (path, e))

expected, got = sys.argv[1], sys.argv[2]
(we, he, e), (wg, hg, g) = read(expected), read(got)
if (we, he) != (wg, hg):
    print("%s is %dx%d, %s is %dx%d" % (got, wg, hg, expected, we, he))
    sys.exit(1)
if e == g:
    print("identical (%dx%d)" % (we, he))
    sys.exit(0)
diff = [p for p in range(we * he) if e[3 * p:3 * p + 3] != g[3 * p:3 * p + 3]]
xs, ys = [p % we for p in diff], [p // we for p in diff]
p = diff[0]
hexc = lambda b: "#%02X%02X%02X" % tuple(b)
print("%d of %d pixels differ; first at (%d,%d): got %s, expected %s; all within x %d..%d, y %d..%d"
      % (len(diff), we * he, p % we, p // we, hexc(g[3 * p:3 * p + 3]), hexc(e[3 * p:3 * p + 3]),
         min(xs), max(xs), min(ys), max(ys)))
if len(sys.argv) > 3:
    picture = bytearray(v // 3 + 170 for v in e)
    for p in diff:
        picture[3 * p:3 * p + 3] = b"\xff\x00\x00"
    with open(sys.argv[3], "wb") as f:
        f.write(b"P6\n%d %d\n255\n" % (we, he) + bytes(picture))
sys.exit(1)
PY
}
