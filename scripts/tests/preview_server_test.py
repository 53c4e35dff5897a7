#!/usr/bin/env python3
"""preview_server_test.py: what scripts/preview serves and to whom, and what it refuses
(ctest scripts/preview-server, labels cli and tools; a few seconds, nothing built).

Its Handler and Server, loaded from the script, serve a scratch folder on a free port:
  - a link inside the folder to a file outside it (or to a folder outside) is not served;
  - a Host other than 127.0.0.1, localhost or [::1] with the port gets 403 (DNS rebinding);
  - HEAD answers the headers alone; a page that is not UTF-8 is answered, not dropped;
  - 200 silent connections hold at most MAX_CLIENTS threads, a page is still served
    beside them, and each is dropped after CLIENT_TIMEOUT_S; 40 connections each sending a
    header line every second still leave the author's page served, and are cut off after
    HEADER_DEADLINE_S;
and its command line, in a scratch copy of the scripts: an empty chapter ('') and a prefix
(28-op) are refused with exit 2; while build/.suite.lock is held, `scripts/preview` and
`scripts/update-golden` with LEDGER_LOCK_WAIT=no stop with exit 1 naming the lock.
"""
import fcntl
import importlib.machinery
import importlib.util
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
failures = []
START = time.monotonic()


def check(ok, what):
    print(f"{'ok  ' if ok else 'FAIL'} {what} [{time.monotonic() - START:.1f} s]", flush=True)
    if not ok:
        failures.append(what)


def load_preview():
    loader = importlib.machinery.SourceFileLoader("preview", str(ROOT / "scripts" / "preview"))
    spec = importlib.util.spec_from_loader("preview", loader)
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    return module


def request(port, raw, timeout=5):
    """Sends RAW bytes, returns everything the server answers until it closes."""
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as s:
        s.sendall(raw)
        chunks = []
        while True:
            chunk = s.recv(65536)
            if not chunk:
                return b"".join(chunks)
            chunks.append(chunk)


def get(port, path, host=None, method="GET"):
    host = f"127.0.0.1:{port}" if host is None else host
    head = f"{method} {path} HTTP/1.0\r\n" + (f"Host: {host}\r\n" if host else "") + "\r\n"
    answer = request(port, head.encode())
    status = int(answer.split(b" ", 2)[1]) if answer.startswith(b"HTTP/") else None
    return status, answer.partition(b"\r\n\r\n")[2]


def serve_checks(scratch):
    preview = load_preview()
    site, outside = scratch / "html", scratch / "outside"
    site.mkdir()
    outside.mkdir()
    (outside / "secret.txt").write_text("SECRET outside the book\n")
    (site / "index.html").write_text("<html><body>书</body></html>\n", encoding="utf-8")
    (site / "book.css").write_text("body { color: black; }\n" * 50)
    (site / "latin1.html").write_bytes("<html><body>caf\xe9</body></html>\n".encode("latin-1"))
    (site / "link.txt").symlink_to(outside / "secret.txt")
    (site / "dir-link").symlink_to(outside)
    (site / "inner-link.css").symlink_to(site / "book.css")
    preview.HTML = site
    if hasattr(preview, "CLIENT_TIMEOUT_S"):  # a short timeout keeps the test short
        preview.CLIENT_TIMEOUT_S = preview.Handler.timeout = 3
    server = preview.Server(("127.0.0.1", 0), preview.Handler)
    port = server.server_address[1]
    threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True).start()
    try:
        status, body = get(port, "/link.txt")
        check(status == 404 and b"SECRET" not in body, f"a link to a file outside is not served (got {status})")
        status, body = get(port, "/dir-link/secret.txt")
        check(status == 404 and b"SECRET" not in body, f"a file under a link to a folder outside is not served ({status})")
        status, body = get(port, "/inner-link.css")
        check(status == 200 and body.startswith(b"body"), f"a link inside the folder to a file inside is served ({status})")
        for host in ("attacker.example", f"attacker.example:{port}", "127.0.0.1:1", ""):
            status, body = get(port, "/index.html", host=host)
            check(status == 403 and "书".encode() not in body, f"Host '{host}' gets 403 (got {status})")
        for host in (f"localhost:{port}", f"[::1]:{port}", f"127.0.0.1:{port}"):
            status, _ = get(port, "/index.html", host=host)
            check(status == 200, f"Host '{host}' gets the page (got {status})")
        status, body = get(port, "/book.css", method="HEAD")
        check(status == 200 and body == b"", f"HEAD /book.css: headers alone (status {status}, {len(body)} body bytes)")
        status, body = get(port, "/latin1.html")
        check(status == 200 and b"caf\xe9" in body, f"a page that is not UTF-8 is answered (got {status})")
        status, _ = get(port, "/%00.html")
        check(status == 404, f"a path with a NUL byte is answered 404 (got {status})")

        base = threading.active_count()
        max_clients = getattr(preview, "MAX_CLIENTS", 32)
        idle = []
        for _ in range(200):  # half-sent requests that never finish
            s = socket.create_connection(("127.0.0.1", port))
            s.sendall(b"GET /index.html HTTP/1.0\r\nHost: 127")
            idle.append(s)
        grown, until = 0, time.monotonic() + 2
        while time.monotonic() < until:  # the most threads they hold at once
            grown = max(grown, threading.active_count() - base)
            time.sleep(0.05)
        check(grown <= max_clients, f"200 silent clients hold {grown} threads (at most {max_clients})")
        deadline = time.monotonic() + 6
        while threading.active_count() > base + 1 and time.monotonic() < deadline:
            time.sleep(0.1)
        left = threading.active_count() - base
        check(left <= 1, f"each silent client is dropped after the timeout ({left} threads left after it)")
        status, _ = get(port, "/index.html")
        check(status == 200, f"a page is served after them (got {status})")
        for s in idle:
            s.close()
        slow_header_checks(preview, port)
    finally:
        server.shutdown()
        server.server_close()


def closed_by_server(s):
    """True when the server has closed s (whatever it answered first)."""
    s.settimeout(0.2)
    try:
        while s.recv(65536):
            pass
        return True
    except TimeoutError:
        return False
    except OSError:
        return True


def slow_header_checks(preview, port):
    """40 connections each sending a header line every second (never silent for the socket
    timeout, so only a deadline for the whole header stops them): the author's page is served
    beside them at once, and each is dropped within the deadline."""
    deadline = getattr(preview, "HEADER_DEADLINE_S", None) or 2
    slow = []
    for _ in range(40):
        s = socket.create_connection(("127.0.0.1", port))
        s.sendall(b"GET /index.html HTTP/1.0\r\n")
        slow.append(s)
    stop = threading.Event()

    def trickle():
        while not stop.wait(1):
            for s in slow:
                try:
                    s.sendall(b"X-Slow: 1\r\n")
                except OSError:
                    pass
    threading.Thread(target=trickle, daemon=True).start()
    try:
        time.sleep(0.5)
        status, _ = get(port, "/index.html")
        check(status == 200, f"a page is served beside 40 connections sending their header slowly (got {status})")
        time.sleep(deadline + 1.5)
        open_ones = sum(not closed_by_server(s) for s in slow)
        check(open_ones == 0, f"each slow header is cut off after {deadline} s ({open_ones} of 40 still open)")
    finally:
        stop.set()
        for s in slow:
            s.close()


def command_line_checks(scratch):
    tree = scratch / "tree"
    (tree / "chapters").mkdir(parents=True)
    shutil.copytree(ROOT / "scripts", tree / "scripts", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "chapters" / "chapters.list", tree / "chapters")
    env = dict(os.environ, LEDGER_LOCK_WAIT="no")
    env.pop("LEDGER_SUITE_LOCK", None)
    for arg in ("", "28-op"):
        done = subprocess.run([sys.executable, tree / "scripts" / "preview", "--port", "0", arg], env=env,
                              capture_output=True, text=True, timeout=20)
        check(done.returncode == 2 and "unknown chapter" in done.stderr,
              f"scripts/preview '{arg}' refused with exit 2 (got {done.returncode}: {done.stderr.strip()[:200]})")
    (tree / "build").mkdir()
    with open(tree / "build" / ".suite.lock", "a") as held:
        fcntl.flock(held, fcntl.LOCK_EX)
        number = next(line[:2] for line in (tree / "chapters" / "chapters.list").read_text(encoding="utf-8").splitlines()
                      if line.strip() and not line.lstrip().startswith("#"))  # the first listed chapter's
        for tool, args in (("preview", ["--port", "0", number]), ("update-golden", [number])):
            try:
                done = subprocess.run([sys.executable, tree / "scripts" / tool, *args], env=env,
                                      capture_output=True, text=True, timeout=20)
                status, err = done.returncode, done.stderr
            except subprocess.TimeoutExpired:
                status, err = "still running after 20 s", ""
            check(status == 1 and "build/.suite.lock" in err,
                  f"scripts/{tool} beside a held build/.suite.lock stops with exit 1 naming it "
                  f"(got {status}: {err.strip()[:200]})")


def main():
    with tempfile.TemporaryDirectory(prefix="书稿 ") as work:  # an author's folder: CJK and a space
        serve_checks(Path(work))
        command_line_checks(Path(work))
    print(f"preview-server-test: {len(failures)} failure(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
