"""The tablet page in Chromium, as slow as a cheap tablet on a hall's Wi-Fi, beside 63 other games in play.

Run: ``.venv/bin/python bench/bench_tablet.py`` (options: ``--loads``, ``--bindings``, ``--typing-ms``, ``--qr``, ``--against``,
``--bindings-only``, ``--samples``, ``--think-ms``, ``--cpu``, ``--tablets``). Needs Chromium at
``/usr/bin/chromium`` (or ``PLANILLA_CHROMIUM``) and the ``playwright`` package (the test extra).

The server is ``planilla serve`` on a fresh SQLite data folder (bench_http.py's ``Server``). In a
separate process, 63 tablets each play a scripted game (bench_http.py's scripts: a replay bag, every
tile given) over the API, pausing ``--think-ms`` on average after each answer: with the measured
game, 64 games in play. Chromium's CPU is throttled ``--cpu`` times (CDP
``Emulation.setCPUThrottlingRate``) for every page, and the cold loads run on a slow network
(CDP ``Network.emulateNetworkConditions``: DevTools' "Slow 4G", 150 ms round trip, 1.6 Mbit/s down,
750 kbit/s up). Three figures, each with its goal and ratio:

1. **transfer**: what a cold load of the tablet page fetches until it is interactive (CDP's
   ``encodedDataLength``: bytes on the wire, headers included; the event stream excluded, it never
   ends), and what those responses weigh gzipped (the app gzips ``/static``; the pages' HTML and
   the API's JSON go as they are, so both are printed). Goal <= 150 KB compressed. The service
   worker's own download of the offline shell, once, in the background, is printed beside it.
2. **time to interactive**: from navigation start until the page shows the service's state, i.e.
   ``[data-testid="game"]`` carries ``data-version`` (the page sets it once its controls work; read
   by a MutationObserver in the page). Cold loads in fresh contexts; the median is compared with the
   goal of 1.5 s. A warm reload (the service worker's shell) is printed beside it.
3. **accept -> opponent**: both players' pages open (CPU throttled, loopback network); at every
   acceptance of the scripted game, the accepting page's ``[data-testid="accept"]`` is clicked, and the
   time runs until the opponent's page shows a newer ``data-version`` (wall clock, ``Date.now()`` in
   both pages, read at the next animation frame after the change). Goal p95 <= 250 ms.
4. **cold binding** (issue 28): a fresh context opens ``/tablet``, the seat's code is typed and sent, the
   page binds, makes its P-256 key pair, registers it in the bind call and shows the game; CPU throttled,
   Slow 4G; medians of ``--bindings`` runs, each on a new game: (a) navigation start -> the code field,
   (b) the tap -> the game shown, (c) = (a) + (b), the page's own time (Playwright's typing left out: a person's
   takes seconds the page cannot shorten), compared with the goal of 1.0 s; the raw time from navigation start
   beside it; and (d) the QR's address ``/tablet#bind=CODE`` opened cold, navigation start -> game shown, no
   typing at all (``--qr`` runs). ``--against CHECKOUT`` alternates each run with a server run from another
   checkout (the commit before), so before/after is a ratio within one run.

The page measured is ``/tablet`` (it must carry those ``data-testid`` hooks within 15 s, else the bench
stops and says so), opened as ``/tablet#game=<id>&token=<player token>&seat=<n>``
(the tests' binding fallback, tablet-interfaces.md).
"""

from __future__ import annotations

import argparse
import gzip
import importlib.util
import json
import multiprocessing as mp
import queue
import os
import platform
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = os.environ.get("PLANILLA_CHROMIUM", "/usr/bin/chromium")
KB = 1024
TRANSFER_GOAL_KB, TTI_GOAL_S, ACCEPT_P95_GOAL_MS, BINDING_GOAL_S = 150.0, 1.5, 250.0, 1.0
SLOW_4G = {"offline": False, "latency": 150, "downloadThroughput": 1.6e6 / 8, "uploadThroughput": 750e3 / 8}
VIEWPORT = {"width": 1280, "height": 800}

#: Read in every page before its own scripts: when the state is first shown (performance.now(), the
#: time to interactive) and when each version was shown (Date.now() at the next frame, for the latency).
OBSERVER = """(() => {
  const seen = {}, shown = {};
  window.__planilla = { ready: null, seen, shown };
  const check = () => {
    if (window.__planilla.field == null && document.getElementById('bind-code')) {
      window.__planilla.field = performance.now();
    }
    const el = document.querySelector('[data-testid="game"][data-version]');
    if (!el) return;
    const v = Number(el.dataset.version);
    if (window.__planilla.ready === null) window.__planilla.ready = performance.now();
    if (!(v in seen)) {
      seen[v] = Date.now();
      requestAnimationFrame(() => { shown[v] = Date.now(); });
    }
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true,
                                                  attributeFilter: ['data-version'] });
})();"""


def load_bench_http() -> Any:
    spec = importlib.util.spec_from_file_location("bench_http", ROOT / "bench" / "bench_http.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


BH = load_bench_http()
sys.path.insert(0, str(ROOT / "bench"))  # its neighbours, when another bench loads this file

from tablet_games import Game, background, page_url  # noqa: E402


def throttled(context: Any, page: Any, cpu: float, network: dict[str, Any] | None) -> Any:
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": cpu})
    if network:
        cdp.send("Network.emulateNetworkConditions", network)
    return cdp


def choose_page(browser: Any, base: str, game: Game, cpu: float) -> str:
    """``/tablet``, once it shows that it carries the hooks this bench reads (else the bench stops)."""
    context = browser.new_context(viewport=VIEWPORT)
    context.add_init_script(OBSERVER)
    page = context.new_page()
    throttled(context, page, cpu, None)
    try:
        page.goto(page_url("tablet", base, game, 1))
        page.wait_for_function("window.__planilla && window.__planilla.ready !== null", timeout=15_000)
        page.wait_for_selector('[data-testid="game"][data-version]', state="attached", timeout=15_000)
        return "tablet"
    except Exception as error:  # noqa: BLE001 - say why the page cannot be measured
        sys.exit(f"/tablet does not show the game with its data-testid hooks (game[data-version]): {error}")
    finally:
        context.close()


def cold_load(browser: Any, base: str, game: Game, kind: str, cpu: float) -> dict[str, Any]:
    """One first visit in a fresh context: bytes fetched until interactive, and the time it took."""
    context = browser.new_context(viewport=VIEWPORT)
    context.add_init_script(OBSERVER)
    page = context.new_page()
    cdp = throttled(context, page, cpu, SLOW_4G)
    responses: dict[str, dict[str, Any]] = {}
    cdp.on("Network.responseReceived", lambda e: responses.setdefault(e["requestId"], {}).update(
        url=e["response"]["url"], mime=e["response"].get("mimeType", ""),
        encoding={k.lower(): v for k, v in e["response"].get("headers", {}).items()}.get("content-encoding")))
    cdp.on("Network.loadingFinished", lambda e: responses.setdefault(e["requestId"], {}).update(
        wire=e["encodedDataLength"]))
    page.goto(page_url(kind, base, game, 1))
    page.wait_for_function("window.__planilla.ready !== null", timeout=60_000)
    tti = page.evaluate("window.__planilla.ready") / 1000
    page.wait_for_timeout(500)  # stragglers the page asked for while becoming interactive
    fetched = [r for r in responses.values() if "url" in r and "wire" in r and "/stream" not in r["url"]
               and not r["url"].endswith("/sw.js")]
    # warm: the same tablet reloaded, the shell now from the service worker (slow network still on)
    warm = None
    try:
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=30_000)
        page.reload()
        page.wait_for_function("window.__planilla.ready !== null", timeout=60_000)
        warm = page.evaluate("window.__planilla.ready") / 1000
    except Exception:  # noqa: BLE001 - a page that registers no service worker has no warm load to time
        pass
    context.close()
    return {"tti": tti, "warm": warm, "fetched": fetched}


def cold_binding(browser: Any, base: str, director: str, cpu: float, qr: bool = False,
                 typing_ms: float = 0) -> dict[str, Any]:
    """A tablet's first use (issue 28): a fresh context opens ``/tablet``, the seat's code is typed as soon as the
    field shows and sent; the page binds (``POST /v1/bind``), makes its P-256 key pair and registers it in the
    same call, and shows the game. A new game each time (a seat bound once). Timed from navigation start: the code
    field in the page (``field``), Playwright's typing and tap (``tap``), the game shown (``total``); ``after_tap``
    from the tap to the game shown; ``page`` = ``field`` + ``after_tap``, the page's own time (what Playwright's,
    or a person's, typing takes is left out). With ``qr``, the QR's address is opened instead
    (``/tablet#bind=CODE``): no typing, ``total`` is the whole cold binding. With ``typing_ms``, the code is typed a
    key at a time, that many ms apart (a person's pace), rather than filled at once."""
    game = Game(base, director)
    r = game.client.post(f"/v1/games/{game.id}/seats/1/code", json={}, headers=game.headers(director))
    r.raise_for_status()
    code = r.json()["code"]
    context = browser.new_context(viewport=VIEWPORT)
    context.add_init_script(OBSERVER)
    page = context.new_page()
    throttled(context, page, cpu, SLOW_4G)
    # Not waiting for the page's load event (Playwright's default): a person types once the field shows, and the QR's
    # page binds as soon as its HTML is in.
    if qr:
        page.goto(f"{base}/tablet#bind={code}", wait_until="commit")
        tapped = 0.0
    else:
        page.goto(f"{base}/tablet", wait_until="commit")
        if typing_ms:
            page.locator("#bind-code").press_sequentially(code, delay=typing_ms)  # waits for the field itself
        else:
            page.fill("#bind-code", code)  # waits for the field itself
        tapped = page.evaluate("""() => { const t = performance.now();
            document.querySelector('#bind-form button[type=submit]').click(); return t; }""")
    page.wait_for_function("window.__planilla.ready !== null", timeout=60_000)
    shown = page.evaluate("window.__planilla.ready")
    drawn = page.evaluate("window.__planilla.field") or 0.0
    keyed = any(k.get("seat") == 1 for k in game.client.get(f"/v1/games/{game.id}", headers=game.headers(
        director)).json().get("keys", []))
    context.close()
    return {"total": shown / 1000, "after_tap": (shown - tapped) / 1000, "field": drawn / 1000, "tap": tapped / 1000,
            "page": (drawn + shown - tapped) / 1000, "keyed": keyed}


def binding_lines(label: str, typed: list[dict[str, Any]], qrs: list[dict[str, Any]]) -> dict[str, float]:
    """Print one server's cold bindings (typed and by the QR's address); return the medians."""
    med = {k: statistics.median(b[k] for b in typed) for k in ("field", "tap", "after_tap", "page", "total")}
    med["qr"] = statistics.median(b["total"] for b in qrs) if qrs else float("nan")
    runs = lambda xs, k: ", ".join(format(b[k], ".2f") for b in xs)  # noqa: E731
    keyed = sum(b["keyed"] for b in typed + qrs)
    print(f"{label}: key registered in {keyed}/{len(typed) + len(qrs)}")
    print(f"  (a) navigation start -> code field in the page: median {med['field']:.2f} s ({runs(typed, 'field')})")
    print(f"      typed and tapped by Playwright after {med['tap']:.2f} s ({runs(typed, 'tap')}): typing, not the page")
    print(f"  (b) tap -> game shown: median {med['after_tap']:.2f} s ({runs(typed, 'after_tap')})")
    print(f"  (c) the page's cold binding, (a)+(b) per run: median {med['page']:.2f} s ({runs(typed, 'page')}); goal <= "
          f"{BINDING_GOAL_S} s: ratio {med['page'] / BINDING_GOAL_S:.2f} ({verdict(med['page'] / BINDING_GOAL_S)})")
    print(f"      raw, navigation start -> game shown, Playwright's typing included: median {med['total']:.2f} s "
          f"({runs(typed, 'total')}): ratio {med['total'] / BINDING_GOAL_S:.2f} ({verdict(med['total'] / BINDING_GOAL_S)})")
    if qrs:
        print(f"  (d) the QR's address /tablet#bind=CODE opened cold, navigation start -> game shown (no typing): median "
              f"{med['qr']:.2f} s ({runs(qrs, 'total')}); goal <= {BINDING_GOAL_S} s: ratio "
              f"{med['qr'] / BINDING_GOAL_S:.2f} ({verdict(med['qr'] / BINDING_GOAL_S)})")
    return med


def gzipped(client: httpx.Client, url: str) -> tuple[int, int]:
    """(identity bytes, gzip -6 bytes) of what the server sends at ``url`` (API reads with the director's token)."""
    body = client.get(url, headers={"Accept-Encoding": "identity"}).content
    return len(body), len(gzip.compress(body, 6))


def accept_latencies(browser: Any, base: str, director: str, kind: str, cpu: float, samples: int,
                     script: list[Any]) -> list[float]:
    """Play the scripted game; each acceptance by a click on the accepting page, timed to the opponent's."""
    game = Game(base, director)
    context = {seat: browser.new_context(viewport=VIEWPORT) for seat in (0, 1)}
    pages = {}
    for seat, ctx in context.items():
        ctx.add_init_script(OBSERVER)
        pages[seat] = ctx.new_page()
        throttled(ctx, pages[seat], cpu, None)
        pages[seat].goto(page_url(kind, base, game, seat))
    for page in pages.values():
        page.wait_for_function("window.__planilla.ready !== null", timeout=60_000)
    took = [shown - clicked for _, _, clicked, shown in acceptances(pages, game, script, samples)]
    for ctx in context.values():
        ctx.close()
    return took


def acceptances(pages: dict[int, Any], game: Game, script: list[Any], samples: int) -> Any:
    """Play ``script``: the service's API sends every command but the acceptances, which are clicks on the
    accepting page. Yields (accepting page, opponent's page, click time, shown time) for each acceptance,
    ``Date.now()`` in both pages (one machine, one clock), up to ``samples``."""
    shows = "Object.keys(window.__planilla.shown).some((v) => Number(v) >= {0})"
    done = 0
    for sender, body in script:
        if done >= samples:
            return
        if body["type"] != "accept" or sender not in pages:
            game.send(sender, body)
            continue
        acceptor, opponent = pages[sender], pages[1 - sender]
        at = game.version
        acceptor.wait_for_function(shows.format(at), timeout=30_000)
        acceptor.wait_for_selector('[data-testid="accept"]:not([disabled])', timeout=30_000)
        clicked = acceptor.evaluate("""() => {
            const t = Date.now(); document.querySelector('[data-testid="accept"]').click(); return t; }""")
        opponent.wait_for_function(shows.format(at + 1), timeout=30_000)
        shown = opponent.evaluate(f"""Math.min(...Object.entries(window.__planilla.shown)
            .filter(([v]) => Number(v) > {at}).map(([, t]) => t))""")
        yield acceptor, opponent, clicked, shown
        done += 1
        game.wait_past(at)


def pick(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def verdict(ratio: float) -> str:
    return "met" if ratio <= 1 else "MISSED"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--loads", type=int, default=3, help="Cold loads (default 3).")
    parser.add_argument("--samples", type=int, default=40, help="Acceptances timed (default 40; a game has ~55).")
    parser.add_argument("--tablets", type=int, default=63, help="Other games in play (default 63).")
    parser.add_argument("--think-ms", type=float, default=BH.THINK_MS,
                        help=f"Mean pause of the other games' tablets, ms (default {BH.THINK_MS:g}).")
    parser.add_argument("--cpu", type=float, default=4.0, help="CPU throttling rate (default 4).")
    parser.add_argument("--bindings", type=int, default=5, help="Cold bindings by a typed code (default 5).")
    parser.add_argument("--typing-ms", type=float, default=0, help="Type the code a key at a time, this many ms "
                        "apart (default 0: Playwright fills the field at once, the fastest typist there is).")
    parser.add_argument("--qr", type=int, default=None, help="Cold bindings by the QR's address, no typing "
                        "(default: as many as --bindings).")
    parser.add_argument("--against", metavar="CHECKOUT", help="Also a second server run from another checkout of "
                        "Planilla (e.g. a git worktree of the commit before; its modules first on PYTHONPATH), each "
                        "binding alternating between both: the ratio in one run. Use with --tablets 0 (the other "
                        "games play on the first server only).")
    parser.add_argument("--bindings-only", action="store_true",
                        help="Only the cold bindings (no loads, no acceptances).")
    args = parser.parse_args()
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        sys.exit("the playwright package is missing: .venv/bin/pip install -e '.[test]'")
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True)
    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}; "
          f"commit {commit.stdout.strip() or '?'}; Chromium CPU throttled {args.cpu:g}x; load average before: "
          f"{os.getloadavg()[0]:.1f}")
    scripts = [BH.scripted_game(seed) for seed in range(1, 7)]
    server = BH.Server(tempfile.mkdtemp(prefix="planilla-bench-tablet-"))
    other_server = None
    if args.against:
        against = Path(args.against).resolve()
        head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=against, capture_output=True, text=True)
        print(f"against: {against} at commit {head.stdout.strip() or '?'}")
        kept = os.environ.get("PYTHONPATH")
        os.environ["PYTHONPATH"] = str(against) + (os.pathsep + kept if kept else "")
        try:
            other_server = BH.Server(tempfile.mkdtemp(prefix="planilla-bench-tablet-against-"))
        finally:
            if kept is None:
                del os.environ["PYTHONPATH"]
            else:
                os.environ["PYTHONPATH"] = kept
    fork = mp.get_context("fork")  # before Chromium starts: the load generator is a copy of this process
    stop, out = fork.Event(), fork.Queue()
    load = fork.Process(target=background, args=(server.url, server.token, scripts, args.tablets,
                                                args.think_ms / 1000, stop, out), daemon=True)
    load.start()
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=[
                "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync"])
            probe = Game(server.url, server.token)
            kind = choose_page(browser, server.url, probe, args.cpu)
            loads = [] if args.bindings_only else [cold_load(browser, server.url, probe, kind, args.cpu)
                                                   for _ in range(args.loads)]
            servers = {"this checkout": server, **({"against": other_server} if other_server else {})}
            typed: dict[str, list[Any]] = {k: [] for k in servers}
            qrs: dict[str, list[Any]] = {k: [] for k in servers}
            for i in range(max(args.bindings, args.qr if args.qr is not None else args.bindings)):
                for name, each in servers.items():  # alternating: this checkout, then the other
                    if i < args.bindings:
                        typed[name].append(cold_binding(browser, each.url, each.token, args.cpu,
                                                        typing_ms=args.typing_ms))
                    if i < (args.qr if args.qr is not None else args.bindings):
                        qrs[name].append(cold_binding(browser, each.url, each.token, args.cpu, qr=True))
            bindings = typed["this checkout"]
            latencies = [] if args.bindings_only else accept_latencies(
                browser, server.url, server.token, kind, args.cpu, args.samples, scripts[0])
            browser.close()
        with httpx.Client(headers={"Authorization": f"Bearer {server.token}", "X-Device": "bench"}) as client:
            fetched = loads[-1]["fetched"] if loads else []
            weights = [gzipped(client, r["url"]) for r in fetched]
            shell = json.loads(client.get(f"{server.url}/sw.js").text.split("const SHELLS = ", 1)[1]
                                  .split(";\n", 1)[0])["/tablet"]
            shell_gz = sum(gzipped(client, server.url + path)[1] for path in shell)
    finally:
        stop.set()
        load.join(60)
        server.stop()
        if other_server:
            other_server.stop()
    try:
        other = out.get(timeout=10)
    except queue.Empty:
        other = None

    print(f"\npage measured: /{kind}")
    if loads:
        wire = sum(r["wire"] for r in fetched) / KB
        raw = sum(w[0] for w in weights) / KB
        packed = sum(w[1] for w in weights) / KB
        served_gz = [r for r in fetched if r.get("encoding") == "gzip"]
        print(f"transfer, cold load until interactive ({len(fetched)} responses, {len(served_gz)} gzipped by the "
              f"server): "
              f"{wire:.1f} KB on the wire (headers included); bodies {raw:.1f} KB, {packed:.1f} KB gzipped; "
              f"goal <= {TRANSFER_GOAL_KB:.0f} KB compressed: ratio {packed / TRANSFER_GOAL_KB:.2f} "
              f"({verdict(packed / TRANSFER_GOAL_KB)})")
        for r, (size, gz) in sorted(zip(fetched, weights), key=lambda x: -x[1][0]):
            print(f"    {r['url'].split('://', 1)[1].split('/', 1)[1][:60]:<60} {size:>7} B, {gz:>6} B gzipped, "
                  f"{r['wire']:>7} B on the wire{' (gzip)' if r.get('encoding') == 'gzip' else ''}")
        print(f"  the service worker's offline shell of /tablet ({len(shell)} files, fetched once in the background): "
              f"{shell_gz / KB:.1f} KB gzipped")
        ttis = [x["tti"] for x in loads]
        tti = statistics.median(ttis)
        print(f"time to interactive, cold, CPU {args.cpu:g}x, Slow 4G (150 ms RTT, 1.6 Mbit/s): median {tti:.2f} s "
              f"(runs: {', '.join(f'{t:.2f}' for t in ttis)}); goal <= {TTI_GOAL_S} s: ratio {tti / TTI_GOAL_S:.2f} "
              f"({verdict(tti / TTI_GOAL_S)})")
        warm = [x["warm"] for x in loads if x["warm"] is not None]
        print(f"  warm reload, the shell from the service worker: median {statistics.median(warm):.2f} s" if warm else
              "  warm reload: the page registered no service worker")
    if bindings:
        pace = f"a key every {args.typing_ms:g} ms" if args.typing_ms else "filled at once"
        print(f"cold binding (open /tablet, type the code ({pace}), bind, make and register the P-256 key, show the "
              f"game), CPU {args.cpu:g}x, Slow 4G:")
        found = {name: binding_lines(name, typed[name], qrs[name]) for name in typed}
        if len(found) == 2:
            mine, theirs = found.values()
            print("  this checkout / against: " + ", ".join(f"{k} {mine[k] / theirs[k]:.2f}" for k in (
                "field", "after_tap", "page", "total", "qr")))
    if latencies:
        p95 = pick(latencies, 0.95)
        print(f"accept -> the opponent's page shows it, CPU {args.cpu:g}x, loopback, {args.tablets + 1} games in play: "
              f"p50 {pick(latencies, 0.5):.0f} ms, p95 {p95:.0f} ms, max {max(latencies):.0f} ms (n={len(latencies)}); "
              f"goal p95 <= {ACCEPT_P95_GOAL_MS:.0f} ms: ratio {p95 / ACCEPT_P95_GOAL_MS:.2f} "
              f"({verdict(p95 / ACCEPT_P95_GOAL_MS)})")
    print(f"load average after: {os.getloadavg()[0]:.1f} (on {os.cpu_count()} cores: above that, figures are the "
          f"machine's, not the page's)")
    if other:
        print(f"the other {args.tablets} games: {other['commands'] / other['seconds']:.0f} commands/s over "
              f"{other['seconds']:.0f} s (mean pause {args.think_ms:g} ms), p99 {other['p99']:.1f} ms, "
              f"errors {other['errors']}")


if __name__ == "__main__":
    main()
