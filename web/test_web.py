#!/usr/bin/env python3
"""test_web.py [build/web] - the browser build, tested in Debian's Chromium.

Serves the folder on a local port, starts chromium headless with a fresh
profile, and drives it over the DevTools protocol (through a pipe: no
WebSocket library, nothing downloaded). Checks:
  load        the page loads and draws its first frame within 3 s, with no
              console error or uncaught exception
  arrow-key   a held Right arrow moves the selected circle of lesson 1 into
              the other one, and the screenshot turns from green to red
  share-link  a link with a scene in its fragment opens on that scene and
              lesson; Ctrl+S downloads the scene and puts such a link in the
              address bar, which opens the same scene again
  files       F12 downloads a PNG; Ctrl+O's file picker opens a scene
  zh-TW       a browser that prefers Traditional Chinese gets the lab in
              it, and every character of the catalogue has a glyph
Closes with "web: N passed, N failed"; exits 1 if any failed.
"""
import base64
import functools
import http.server
import json
import os
import shutil
import socketserver
import struct
import subprocess
import sys
import tempfile
import threading
import time
import traceback
import zlib

CHROMIUM = os.environ.get("CHROMIUM", "chromium")
FIRST_FRAME_LIMIT_MS = 3000.0


# ---- A PNG reader (what Chromium's screenshots use: 8-bit RGB or RGBA) ------

def png_pixels(data):
    """(width, height, channels, rows of bytes) of a non-interlaced 8-bit PNG."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat, w = 8, b"", None
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        if kind == b"IHDR":
            w, h, depth, ctype, _, _, interlace = struct.unpack(">IIBBBBB", body)
            assert depth == 8 and ctype in (2, 6) and interlace == 0, "unexpected PNG format"
            ch = 3 if ctype == 2 else 4
        elif kind == b"IDAT":
            idat += body
        pos += 12 + n
    raw = zlib.decompress(idat)
    stride = w * ch
    rows, prev = [], bytearray(stride)
    for y in range(h):
        f = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for x in range(stride):
            a = line[x - ch] if x >= ch else 0
            b = prev[x]
            c = prev[x - ch] if x >= ch else 0
            if f == 1:
                line[x] = (line[x] + a) & 255
            elif f == 2:
                line[x] = (line[x] + b) & 255
            elif f == 3:
                line[x] = (line[x] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(bytes(line))
        prev = line
    return w, h, ch, rows


def colour_counts(png):
    """Pixels that are clearly red (the colliding colour) and clearly green
    (the free colour), hatched or not."""
    w, h, ch, rows = png_pixels(png)
    red = green = 0
    for row in rows:
        for i in range(0, w * ch, ch):
            r, g, b = row[i], row[i + 1], row[i + 2]
            if r > 120 and r > g + 70 and r > b + 70:
                red += 1
            elif g > 100 and g > r + 50 and g > b + 30:
                green += 1
    return red, green


def light_pixels(png):
    """Pixels of the light grey to white of the lab's text."""
    w, h, ch, rows = png_pixels(png)
    return sum(1 for row in rows for i in range(0, w * ch, ch) if min(row[i], row[i + 1], row[i + 2]) > 180)


# ---- The page's server and the browser -----------------------------------------

class Quiet(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, ".wasm": "application/wasm"}

    def log_message(self, *args):
        pass


def serve(folder):
    handler = functools.partial(Quiet, directory=folder)
    server = socketserver.ThreadingTCPServer(("127.0.0.1", 0), handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


class Browser:
    """Chromium over --remote-debugging-pipe: JSON messages ended by NUL,
    commands on fd 3, answers and events on fd 4."""

    def __init__(self, profile):
        cmd_r, self.cmd_w = os.pipe()
        self.ans_r, ans_w = os.pipe()

        def child_fds():
            # Chromium reads fd 3 and writes fd 4 (out of the way first, in
            # case the pipes themselves are 3 and 4)
            r, w = os.dup(cmd_r), os.dup(ans_w)
            os.dup2(r, 3)
            os.dup2(w, 4)

        flags = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--disable-default-apps", "--mute-audio", "--window-size=1280,720",
                 "--user-data-dir=" + profile, "--remote-debugging-pipe", "about:blank"]
        self.proc = subprocess.Popen([CHROMIUM] + flags, close_fds=False, preexec_fn=child_fds,
                                     stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                     stderr=subprocess.DEVNULL)
        os.close(cmd_r)
        os.close(ans_w)
        self.buf = b""
        self.next_id = 0
        self.events = []

    def _read_message(self, timeout):
        import select
        while b"\0" not in self.buf:
            ready, _, _ = select.select([self.ans_r], [], [], timeout)
            if not ready:
                return None
            chunk = os.read(self.ans_r, 1 << 20)
            if not chunk:
                raise RuntimeError("chromium closed the DevTools pipe")
            self.buf += chunk
        msg, self.buf = self.buf.split(b"\0", 1)
        return json.loads(msg)

    def send(self, method, params=None, session=None, timeout=30.0):
        self.next_id += 1
        msg = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            msg["sessionId"] = session
        os.write(self.cmd_w, json.dumps(msg).encode() + b"\0")
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            m = self._read_message(max(left, 0.0)) if left > 0 else None
            if m is None:
                raise TimeoutError(method)
            if m.get("id") == self.next_id:
                if "error" in m:
                    raise RuntimeError(f"{method}: {m['error']}")
                return m.get("result", {})
            if "method" in m:
                self.events.append(m)

    def pump(self, seconds):
        """Collects events for a while."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            m = self._read_message(max(deadline - time.monotonic(), 0.0))
            if m is not None and "method" in m:
                self.events.append(m)

    def close(self):
        try:
            self.send("Browser.close", timeout=5)
        except Exception:
            pass
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        os.close(self.cmd_w)
        os.close(self.ans_r)


class Page:
    def __init__(self, browser, url, accept_language=None, downloads=None):
        self.b = browser
        target = browser.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        self.s = browser.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        self.target = target
        for domain in ("Page", "Runtime", "Log"):
            self.cmd(domain + ".enable")
        if accept_language:
            self.cmd("Emulation.setUserAgentOverride",
                     {"userAgent": self.eval("navigator.userAgent"), "acceptLanguage": accept_language})
        if downloads:
            browser.send("Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": downloads})
        self.cmd("Emulation.setDeviceMetricsOverride",
                 {"width": 1280, "height": 720, "deviceScaleFactor": 1, "mobile": False})
        self.t0 = time.monotonic()
        self.cmd("Page.navigate", {"url": url})

    def cmd(self, method, params=None, timeout=30.0):
        return self.b.send(method, params, session=self.s, timeout=timeout)

    def eval(self, expr):
        r = self.cmd("Runtime.evaluate", {"expression": expr, "returnByValue": True, "awaitPromise": True})
        if "exceptionDetails" in r:
            raise RuntimeError(f"{expr}: {r['exceptionDetails'].get('text')}")
        return r["result"].get("value")

    def wait_for(self, expr, timeout):
        deadline = time.monotonic() + timeout
        last = ""
        while time.monotonic() < deadline:
            try:
                v = self.eval(expr)   # the page may not have defined it yet
            except RuntimeError as e:
                v, last = None, str(e)
            if v:
                return v
            self.b.pump(0.05)
        raise TimeoutError(f"waited {timeout} s for {expr} {last}; page errors: {self.errors()}")

    def state(self):
        return json.loads(self.eval("Module.ccall('web_state', 'string', [], [])"))

    def key(self, kind, key, code, vk, modifiers=0):
        self.cmd("Input.dispatchKeyEvent", {"type": kind, "key": key, "code": code,
                                            "windowsVirtualKeyCode": vk, "modifiers": modifiers})

    def press(self, key, code, vk, modifiers=0):
        self.key("rawKeyDown", key, code, vk, modifiers)
        self.b.pump(0.1)
        self.key("keyUp", key, code, vk, modifiers)
        self.b.pump(0.1)

    def ctrl_press(self, key, code, vk):
        """Ctrl+key as a person types it: Control down first."""
        self.key("rawKeyDown", "Control", "ControlLeft", 17, 2)
        self.b.pump(0.1)
        self.press(key, code, vk, 2)
        self.key("keyUp", "Control", "ControlLeft", 17, 0)
        self.b.pump(0.1)

    def screenshot(self):
        return base64.b64decode(self.cmd("Page.captureScreenshot", {"format": "png"})["data"])

    def errors(self):
        """Console errors and uncaught exceptions of this page so far."""
        out = []
        for e in self.b.events:
            if e.get("sessionId") != self.s:
                continue
            p = e.get("params", {})
            if e["method"] == "Runtime.consoleAPICalled" and p.get("type") in ("error", "assert"):
                out.append("console.error: " + " ".join(str(a.get("value", a.get("description")))
                                                         for a in p.get("args", [])))
            elif e["method"] == "Runtime.exceptionThrown":
                d = p.get("exceptionDetails", {})
                out.append("exception: " + str(d.get("exception", {}).get("description", d.get("text"))))
            elif e["method"] == "Log.entryAdded" and p.get("entry", {}).get("level") == "error":
                out.append("log: " + p["entry"].get("text", "") + " " + p["entry"].get("url", ""))
        return out

    def close(self):
        self.b.send("Target.closeTarget", {"targetId": self.target})


def scene_link(base, scene, lesson):
    raw = json.dumps(scene).encode()
    c = zlib.compressobj(9, zlib.DEFLATED, -15)
    packed = c.compress(raw) + c.flush()
    return f"{base}#lesson={lesson}&scene=z" + base64.urlsafe_b64encode(packed).decode().rstrip("=")


# ---- The checks -------------------------------------------------------------------

def check_load_and_arrow(b, base, report):
    p = Page(b, base + "?lesson=1", accept_language="en-US,en")
    p.wait_for("Module.labFirstFrameMs !== null", 20)
    first = p.eval("Module.labFirstFrameMs")
    report["first_frame_ms"] = first
    b.pump(0.3)
    errs = p.errors()
    assert not errs, "console errors: " + "; ".join(errs)
    assert first < FIRST_FRAME_LIMIT_MS, f"first frame after {first:.0f} ms (limit {FIRST_FRAME_LIMIT_MS:.0f})"
    yield "load"

    st = p.state()
    assert st["lesson"] == 1 and st["language"] == "en", st
    sel = st["selected"]
    x0 = st["shapes"][sel]["x"]
    assert not any(s["colliding"] for s in st["shapes"]), "lesson 1 starts apart"
    red0, green0 = colour_counts(p.screenshot())
    p.key("rawKeyDown", "ArrowRight", "ArrowRight", 39)
    t_down = time.monotonic()
    # held (no repeats sent): 240 px/s closes the 200 px gap in ~0.85 s
    p.wait_for("JSON.parse(Module.ccall('web_state','string',[],[])).shapes.some(s => s.colliding)", 5)
    b.pump(0.3)
    p.key("keyUp", "ArrowRight", "ArrowRight", 39)
    held = time.monotonic() - t_down
    b.pump(0.2)
    st = p.state()
    x1 = st["shapes"][sel]["x"]
    assert x1 > x0 + 150, f"the selected circle moved from x={x0} to x={x1} in {held:.2f} s"
    assert all(s["colliding"] for s in st["shapes"]), st["shapes"]
    red1, green1 = colour_counts(p.screenshot())
    report["pixels"] = f"red {red0} -> {red1}, green {green0} -> {green1}"
    assert red1 > red0 + 5000, f"red pixels {red0} -> {red1}: the colliding circles are not red"
    assert green1 < green0 - 5000, f"green pixels {green0} -> {green1}: the circles stayed green"
    b.pump(0.2)
    x2 = p.state()["shapes"][sel]["x"]
    assert abs(x2 - x1) < 1e-3, "the circle stopped when the key was released"
    assert not p.errors(), p.errors()
    yield "arrow-key"
    p.close()


def check_share_and_files(b, base, downloads, report):
    scene = {"title": "Shared from a link",
             "shapes": [{"kind": "rect", "x": 300, "y": 300, "w": 200, "h": 100, "angle_deg": 0},
                        {"kind": "rect", "x": 420, "y": 330, "w": 120, "h": 120, "angle_deg": 0},
                        {"kind": "circle", "x": 1000, "y": 500, "r": 40}],
             "selected": 2}
    p = Page(b, scene_link(base, scene, 4), accept_language="en-US,en", downloads=downloads)
    p.wait_for("Module.labFirstFrameMs !== null", 20)
    st = p.state()
    assert st["lesson"] == 4, f"lesson {st['lesson']}, the link said 4"
    assert st["title"] == scene["title"], st["title"]
    got = [(s["kind"], round(s["x"]), round(s["y"])) for s in st["shapes"]]
    assert got == [(s["kind"], s["x"], s["y"]) for s in scene["shapes"]], got
    assert st["selected"] == 2 and st["shapes"][0]["colliding"] and not st["shapes"][2]["colliding"], st
    assert not p.errors(), p.errors()

    # Ctrl+S: a download, and the address bar's link holds the scene
    p.press("ArrowLeft", "ArrowLeft", 37)   # a short tap: the circle moves a little
    b.pump(0.2)
    moved = p.state()
    first = p.eval("location.href")
    p.ctrl_press("s", "KeyS", 83)
    link = p.wait_for(f"location.href !== {json.dumps(first)} && location.href", 5)
    deadline = time.monotonic() + 10
    saved = []
    while time.monotonic() < deadline and not saved:
        saved = [f for f in os.listdir(downloads) if f.endswith(".json")]
        b.pump(0.1)
    assert saved, "Ctrl+S downloaded no .json"
    with open(os.path.join(downloads, saved[0]), encoding="utf-8") as f:
        doc = json.load(f)
    assert len(doc["shapes"]) == 3 and abs(doc["shapes"][2]["x"] - moved["shapes"][2]["x"]) < 1e-3, doc
    assert not p.errors(), p.errors()
    p.close()

    q = Page(b, link, accept_language="en-US,en")
    q.wait_for("Module.labFirstFrameMs !== null", 20)
    st = q.state()
    assert st["lesson"] == 4 and abs(st["shapes"][2]["x"] - moved["shapes"][2]["x"]) < 1e-3, st
    assert not q.errors(), q.errors()
    report["link_chars"] = len(link)
    yield "share-link"

    # F12: a PNG download; Ctrl+O: the picker opens a scene file
    q.b.send("Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": downloads})
    q.press("F12", "F12", 123)
    deadline = time.monotonic() + 10
    pngs = []
    while time.monotonic() < deadline and not pngs:
        pngs = [f for f in os.listdir(downloads) if f.endswith(".png")]
        b.pump(0.1)
    assert pngs, "F12 downloaded no PNG"
    with open(os.path.join(downloads, pngs[0]), "rb") as f:
        w, h, _, _ = png_pixels(f.read())
    assert (w, h) == (1280, 720), (w, h)

    other = os.path.join(downloads, "picked.json")
    with open(other, "w", encoding="utf-8") as f:
        json.dump({"title": "Picked", "shapes": [{"kind": "circle", "x": 100, "y": 100, "r": 30}],
                   "selected": 0}, f)
    q.cmd("Page.setInterceptFileChooserDialog", {"enabled": True})
    q.ctrl_press("o", "KeyO", 79)
    deadline = time.monotonic() + 5
    chooser = None
    while time.monotonic() < deadline and chooser is None:
        b.pump(0.1)
        chooser = next((e for e in b.events if e["method"] == "Page.fileChooserOpened"
                        and e.get("sessionId") == q.s), None)
    assert chooser is not None, "Ctrl+O opened no file picker"
    q.cmd("DOM.enable")
    q.cmd("DOM.setFileInputFiles", {"files": [other], "backendNodeId": chooser["params"]["backendNodeId"]})
    q.wait_for("JSON.parse(Module.ccall('web_state','string',[],[])).title === 'Picked'", 5)
    assert q.state()["lesson"] == 4
    assert not q.errors(), q.errors()
    q.close()
    yield "files"


def check_chinese(b, base, report):
    p = Page(b, base, accept_language="zh-TW,zh;q=0.9,en;q=0.5")
    p.wait_for("Module.labFirstFrameMs !== null", 20)
    st = p.state()
    assert st["language"] == "zh-TW", f"language {st['language']} for a zh-TW browser"
    missing = p.eval("Module.ccall('web_missing_glyphs', 'number', [], [])")
    assert missing == 0, f"{missing} characters of the zh-TW catalogue have no glyph"
    before = light_pixels(p.screenshot())
    p.press("h", "KeyH", 72)    # the help panel: the most text at once
    b.pump(0.3)
    after = light_pixels(p.screenshot())
    assert after > before + 5000, f"light (text) pixels {before} -> {after} with the help panel open"
    assert not p.errors(), p.errors()
    p.close()
    yield "zh-TW"


def main():
    folder = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else "build/web")
    if not os.path.isfile(os.path.join(folder, "index.html")):
        sys.exit(f"test_web.py: no {folder}/index.html (make web)")
    if shutil.which(CHROMIUM) is None:
        sys.exit(f"test_web.py: no {CHROMIUM} (apt-get install chromium)")
    server = serve(folder)
    base = f"http://127.0.0.1:{server.server_address[1]}/index.html"
    tmp = tempfile.mkdtemp(prefix="collision-lab-web-")
    downloads = os.path.join(tmp, "downloads")
    os.makedirs(downloads)
    passed = failed = 0
    report = {}
    b = Browser(os.path.join(tmp, "profile"))
    try:
        checks = [("load, arrow-key", lambda: check_load_and_arrow(b, base, report)),
                  ("share-link, files", lambda: check_share_and_files(b, base, downloads, report)),
                  ("zh-TW", lambda: check_chinese(b, base, report))]
        for names, check in checks:
            expected = names.split(", ")
            done = 0
            try:
                for name in check():
                    print(f"web: ok   {name}")
                    passed += 1
                    done += 1
            except Exception as e:
                detail = "".join(traceback.format_exception_only(type(e), e)).strip()
                for name in expected[done:]:
                    print(f"web: FAIL {name}: {detail}")
                    failed += 1
    finally:
        b.close()
        server.shutdown()
        shutil.rmtree(tmp, ignore_errors=True)
    if "first_frame_ms" in report:
        print(f"web: first frame {report['first_frame_ms']:.0f} ms after navigation; "
              f"{report.get('pixels', '')}; share link {report.get('link_chars', '?')} characters")
    print(f"web: {passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
