# Shared parts of the QEMU kernel tests (vm-evdev-test.sh, vm-display-test.sh): packages, a
# static switchpanel, kernel modules, a busybox initramfs and the QEMU command line. Software
# emulation only (see ../shared/KERNEL-TESTING.md: KVM hangs on these machines).
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

# Builds a fully static switchpanel in scratch dir $1, logging to $2; sets vm_binary.
# fontconfig's and freetype's static archives need their own dependencies named.
vm_build_static_switchpanel() {
    local scratch=$1 log=$2
    vm_say "building a static switchpanel"
    swift build -c release -Xswiftc -static-executable --product switchpanel --scratch-path "$scratch" \
        -Xlinker -lexpat -Xlinker -lbrotlidec -Xlinker -lbrotlicommon -Xlinker -lbz2 -Xlinker -lz >"$log" 2>&1 \
        || { tail -30 "$log"; return 1; }
    vm_binary=$scratch/release/switchpanel
}

# Makes the initramfs tree $1 (busybox, the stripped switchpanel) and copies the kernel modules
# named after it, with their dependencies, into $1/lib/modules; vm_modules lists the .ko files
# in insmod order, each once.
vm_make_rootfs() {
    local rootfs=$1 m path
    shift
    mkdir -p "$rootfs"/{bin,dev,proc,sys,tmp,lib/modules}
    cp /bin/busybox "$rootfs/bin/busybox"
    strip -o "$rootfs/bin/switchpanel" "$vm_binary" 2>/dev/null || cp "$vm_binary" "$rootfs/bin/switchpanel"
    vm_modules=()
    for m in "$@"; do
        while read -r _ path _; do
            [ -n "$path" ] || continue
            local ko
            ko=$(basename "$path")
            [[ " ${vm_modules[*]-} " == *" $ko "* ]] && continue
            cp "$path" "$rootfs/lib/modules/"
            vm_modules+=("$ko")
        done < <(modprobe -S "$vm_kver" --show-depends "$m" | grep '^insmod')
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
