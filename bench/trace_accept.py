"""Where the time of "accept -> the opponent's page shows it" goes (issue 14): a breakdown, not a goal.

    .venv/bin/python bench/trace_accept.py            # --samples 20, --cpu 4

The same scripted game as ``bench_tablet.py`` (no other games), both pages throttled ``--cpu`` times.
Each page records, with ``Date.now()`` (one clock: one machine), the moments of its requests (start,
headers, body read) and of each chunk of its stream; the accepting page the click, the opponent's page
the version shown (the next frame, as the bench). Printed per stage: median and p95 over the samples.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import bench_tablet as BT  # noqa: E402

TRACE = BT.OBSERVER + """
(() => {
  const log = [];
  window.__trace = log;
  const original = window.fetch;
  window.fetch = async function (input, init) {
    const url = typeof input === 'string' ? input : input.url;
    const method = (init && init.method) || 'GET';
    const entry = { url, method, start: Date.now() };
    log.push(entry);
    const response = await original.call(this, input, init);
    entry.headers = Date.now();
    if (url.includes('/stream') && response.body) {
      const [a, b] = response.body.tee();
      const reader = b.getReader();
      (async () => { for (;;) { const r = await reader.read(); if (r.done) return;
        log.push({ url: 'chunk', method: 'SSE', start: Date.now(), size: r.value.length }); } })();
      return new Response(a, { status: response.status, headers: response.headers });
    }
    const text = response.text.bind(response);
    response.text = async () => { const t = await text(); entry.end = Date.now(); return t; };
    return response;
  };
})();"""


def stages(a: list[dict[str, Any]], b: list[dict[str, Any]], clicked: float, shown: float) -> dict[str, float]:
    post = next(e for e in a if e["method"] == "POST" and e["start"] >= clicked)
    chunk = next(e for e in b if e["url"] == "chunk" and e["start"] >= post["start"])
    # a read of the state itself between the chunk and the frame (the sheet's, which follows the state, is not on
    # the way to the frame)
    reads = [e for e in b if e["method"] == "GET" and chunk["start"] <= e["start"] <= shown
             and e["url"].rstrip("/").split("/")[-2:-1] == ["games"]]
    if not reads:  # the stream's own state shown: no read in between
        return {"click -> POST sent (page A)": post["start"] - clicked,
                "POST answered (service)": post["headers"] - post["start"],
                "POST sent -> stream chunk at B": chunk["start"] - post["start"],
                "chunk -> version shown at next frame (B, no read)": shown - chunk["start"],
                "total": shown - clicked}
    first, last = min(r["start"] for r in reads), max(r.get("end", r["headers"]) for r in reads)
    return {"click -> POST sent (page A)": post["start"] - clicked,
            "POST answered (service)": post["headers"] - post["start"],
            "POST sent -> stream chunk at B": chunk["start"] - post["start"],
            "chunk -> reads sent (B, incl. 30 ms wait)": first - chunk["start"],
            "reads (B)": last - first,
            "reads done -> version shown at next frame (B)": shown - last,
            "total": shown - clicked}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, default=20)
    parser.add_argument("--cpu", type=float, default=4.0)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright
    server = BT.BH.Server(tempfile.mkdtemp(prefix="planilla-trace-"))
    script = BT.BH.scripted_game(1)
    rows: list[dict[str, float]] = []
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=BT.CHROMIUM, headless=True, args=[
                "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"])
            game = BT.Game(server.url, server.token)
            pages = {}
            for seat in (0, 1):
                ctx = browser.new_context(viewport=BT.VIEWPORT)
                ctx.add_init_script(TRACE)
                pages[seat] = ctx.new_page()
                BT.throttled(ctx, pages[seat], args.cpu, None)
                pages[seat].goto(BT.page_url("tablet", server.url, game, seat))
            for page in pages.values():
                page.wait_for_function("window.__planilla.ready !== null", timeout=60_000)
            for acceptor, opponent, clicked, shown in BT.acceptances(pages, game, script, args.samples):
                rows.append(stages(acceptor.evaluate("window.__trace"), opponent.evaluate("window.__trace"),
                                   clicked, shown))
            browser.close()
    finally:
        server.stop()
    print(f"accept -> opponent, CPU {args.cpu:g}x, loopback, one game; n={len(rows)}; median / p95 ms")
    keys = list(dict.fromkeys(k for r in rows for k in r))
    for key in keys:
        values = sorted(r[key] for r in rows if key in r)
        print(f"  {key:<50} n={len(values):<3} {statistics.median(values):>7.0f} {values[min(len(values) - 1, int(0.95 * len(values)))]:>7.0f}")


if __name__ == "__main__":
    main()
