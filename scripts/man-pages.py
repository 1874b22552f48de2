#!/usr/bin/env python3
"""Writes the man pages switchpanel(1) and switchpanel-board.json(5) from the texts they repeat.

switchpanel(1) is the program's own `--help` and every `COMMAND --help` (the declarations in
Sources/switchpanel, through CommandLineInterface), so it never drifts from the program;
switchpanel-board.json(5) is docs/config-reference.md (which BoardConfigReferenceTests hold to
the config reader) turned into roff. Nothing is written twice. Used by debian/rules.

Usage: scripts/man-pages.py --binary PATH --reference docs/config-reference.md --out DIR
"""
import argparse
import datetime
import os
import re
import subprocess

FILES = """\
.TP
.I /etc/switchpanel/board.json
The board config the service runs (a conffile: upgrades never overwrite an edited one).
.TP
.I /usr/share/switchpanel/board-configs/
The shipped board configs, to copy over board.json.
.TP
.I /var/lib/switchpanel/states.json
The switches' saved states (the unit's StateDirectory=).
.TP
.I /run/switchpanel/control.sock
The service's control socket (the unit's RuntimeDirectory=), for members of group switchpanel.
A panel started by hand puts its socket in
.I $XDG_RUNTIME_DIR/switchpanel/
(else
.IR /tmp/switchpanel-UID/ ,
made 0700); \fBswitchpanel ctl\fR looks there first.
.TP
.I /lib/systemd/system/switchpanel.service
The service; board-specific changes go in a drop-in
(\\fBsystemctl edit switchpanel\\fR; see
.IR /usr/share/switchpanel/switchpanel-board.conf.example ).
"""


def escape(text):
    """Plain text → roff: backslashes, and a leading dot or quote that roff would read as a request."""
    text = text.replace("\\", "\\e")
    return re.sub(r"^([.'])", r"\\&\1", text, flags=re.M)


def inline(text):
    """Markdown inline markup → roff fonts (code and bold in bold, emphasis in italics)."""
    text = escape(text)
    text = re.sub(r"\[([^\]]+)\]\([^)]+\)", r"\1", text)
    text = re.sub(r"`([^`]+)`", lambda m: "\\fB" + m.group(1).replace("-", "\\-") + "\\fR", text)
    text = re.sub(r"\*\*([^*]+)\*\*", r"\\fB\1\\fR", text)
    text = re.sub(r"(?<![\w*])\*([^*\s][^*]*)\*(?![\w*])", r"\\fI\1\\fR", text)
    return text


def header(name, section, version, date, title):
    return (
        f'.TH "{name.upper()}" "{section}" "{date}" "switchpanel {version}" "{title}"\n'
    )


def program_page(binary, version, date):
    usage = subprocess.run([binary, "--help"], check=True, capture_output=True, text=True).stdout
    synopsis, _, summaries = usage.partition("\n\n")
    commands = [m.group(1) for m in re.finditer(r"^  (\S+)\s", summaries, flags=re.M)]
    out = [header("switchpanel", 1, version, date, "SwitchPanel manual")]
    out.append(".SH NAME\nswitchpanel \\- touchscreen wall panel of toggle switches\n")
    out.append(".SH SYNOPSIS\n.nf\n" + escape(synopsis.strip("\n")) + "\n.fi\n")
    out.append(
        ".SH DESCRIPTION\n"
        "SwitchPanel draws a panel of toggle switches full screen through DRM/KMS, reads the "
        "touchscreen through evdev, saves each change and then runs the switch's actions. "
        "The service \\fBswitchpanel.service\\fR runs \\fBswitchpanel run\\fR on the board config "
        "\\fI/etc/switchpanel/board.json\\fR; \\fBsystemctl reload switchpanel\\fR re-reads it. "
        "Each command below is described by its own \\fB\\-\\-help\\fR, reproduced here.\n"
    )
    out.append(".SH COMMANDS\n.nf\n" + escape(summaries.strip("\n")) + "\n.fi\n")
    for command in commands:
        text = subprocess.run([binary, command, "--help"], check=True, capture_output=True, text=True).stdout
        out.append(f".SS {command}\n.nf\n" + escape(text.strip("\n")) + "\n.fi\n")
    out.append(
        ".SH EXIT STATUS\n0 on success, 1 on a failure, 2 on bad usage or a config that is refused.\n"
    )
    out.append(".SH FILES\n" + FILES)
    out.append(".SH SEE ALSO\n.BR switchpanel-board.json (5),\n.BR systemctl (1),\n.BR journalctl (1)\n")
    return "".join(out)


def table_rows(lines):
    """The cells of a markdown table's rows (the header and the rule line dropped)."""
    rows = [[c.strip() for c in line.strip().strip("|").split("|")] for line in lines]
    return rows[0], rows[2:]


def reference_page(markdown, version, date):
    out = [header("switchpanel-board.json", 5, version, date, "SwitchPanel manual")]
    out.append(".SH NAME\nswitchpanel-board.json \\- SwitchPanel board config format\n")
    lines = markdown.splitlines()
    i = 0
    paragraph = []

    def flush():
        if paragraph:
            out.append(".PP\n" + inline(" ".join(paragraph)) + "\n")
            paragraph.clear()

    while i < len(lines):
        line = lines[i]
        if line.startswith("# "):
            flush()
            out.append(".SH DESCRIPTION\n")
        elif line.startswith("## "):
            flush()
            out.append(".SH " + escape(line[3:].upper()) + "\n")
        elif line.startswith("### "):
            flush()
            out.append(".SS " + inline(line[4:]) + "\n")
        elif line.startswith("```"):
            flush()
            block = []
            i += 1
            while i < len(lines) and not lines[i].startswith("```"):
                block.append(lines[i])
                i += 1
            out.append(".PP\n.RS 4\n.nf\n" + escape("\n".join(block)) + "\n.fi\n.RE\n")
        elif line.startswith("|"):
            flush()
            table = []
            while i < len(lines) and lines[i].startswith("|"):
                table.append(lines[i])
                i += 1
            names, rows = table_rows(table)
            for row in rows:
                cells = dict(zip(names, row))
                key = cells.pop(names[0])
                notes = cells.pop("notes", "")
                facts = "; ".join(f"{name} {value}" for name, value in cells.items() if value)
                out.append(".TP\n" + inline(key) + "\n" + inline(facts + (". " + notes if notes else "")) + "\n")
            continue
        elif line.startswith("- "):
            flush()
            item = [line[2:]]
            while i + 1 < len(lines) and lines[i + 1].startswith("  "):
                i += 1
                item.append(lines[i].strip())
            out.append(".IP \\(bu 2\n" + inline(" ".join(item)) + "\n")
        elif not line.strip():
            flush()
        else:
            paragraph.append(line.strip())
        i += 1
    flush()
    out.append(".SH SEE ALSO\n.BR switchpanel (1)\n")
    return "".join(out)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", required=True)
    parser.add_argument("--reference", required=True)
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    version = subprocess.run([args.binary, "--version"], check=True, capture_output=True, text=True).stdout.split()[-1]
    # The date of the build's sources (SOURCE_DATE_EPOCH, set by scripts/build-deb.sh), so the
    # same commit makes the same pages.
    stamp = int(os.environ.get("SOURCE_DATE_EPOCH", "0")) or None
    when = datetime.datetime.fromtimestamp(stamp, datetime.timezone.utc) if stamp else datetime.datetime.now(datetime.timezone.utc)
    date = when.strftime("%Y-%m-%d")
    os.makedirs(args.out, exist_ok=True)
    with open(os.path.join(args.out, "switchpanel.1"), "w", encoding="utf-8") as f:
        f.write(program_page(args.binary, version, date))
    with open(args.reference, encoding="utf-8") as f:
        markdown = f.read()
    with open(os.path.join(args.out, "switchpanel-board.json.5"), "w", encoding="utf-8") as f:
        f.write(reference_page(markdown, version, date))


if __name__ == "__main__":
    main()
