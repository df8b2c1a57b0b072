#!/usr/bin/env python3
"""Brane/web3j ratios of a TypedRpcBenchmark JMH JSON result: throughput (median of all iterations, with the
ratio of the 25th/75th percentiles as spread), bytes per call (-prof gc) and process CPU per call.
Usage: benchmarks/typed_ratios.py result.json"""
import json, statistics, sys

def pct(xs, q):
    xs = sorted(xs)
    k = (len(xs) - 1) * q
    f = int(k)
    c = min(f + 1, len(xs) - 1)
    return xs[f] + (xs[c] - xs[f]) * (k - f)

rows = {}
for r in json.load(open(sys.argv[1])):
    name = r["benchmark"].rsplit(".", 1)[1]
    raw = [x for fork in r["primaryMetric"]["rawData"] for x in fork]
    sec = r.get("secondaryMetrics", {})
    bop = sec.get("gc.alloc.rate.norm", {}).get("score")
    cpu = sec.get("cpuNanos", {}).get("score")
    calls = sec.get("calls", {}).get("score")
    rows[name] = dict(raw=raw, bop=bop, cpu=(cpu / calls) if cpu and calls else None, forks=len(r["primaryMetric"]["rawData"]))

print("| case | Brane ops/s (median, p25-p75) | web3j ops/s | throughput ratio (median; p25/p75 .. p75/p25) | Brane B/op | web3j B/op | bytes ratio | Brane CPU ms/call | web3j CPU ms/call | CPU ratio |")
print("|---|---|---|---|---|---|---|---|---|---|")
for case in ("FullBlock", "BlockReceipts", "Logs"):
    b, w = rows.get("brane" + case), rows.get("web3j" + case)
    if not b or not w:
        continue
    bm, wm = statistics.median(b["raw"]), statistics.median(w["raw"])
    lo = pct(b["raw"], .25) / pct(w["raw"], .75)
    hi = pct(b["raw"], .75) / pct(w["raw"], .25)
    print(f"| {case} | {bm:.1f} ({pct(b['raw'], .25):.1f}-{pct(b['raw'], .75):.1f}) | {wm:.1f} ({pct(w['raw'], .25):.1f}-{pct(w['raw'], .75):.1f}) "
          f"| {bm / wm:.2f}x ({lo:.2f}..{hi:.2f}) | {b['bop']:,.0f} | {w['bop']:,.0f} | {b['bop'] / w['bop']:.2f} "
          f"| {b['cpu'] / 1e6:.2f} | {w['cpu'] / 1e6:.2f} | {b['cpu'] / w['cpu']:.2f} |")
print(f"\n{b['forks']} forks x {len(b['raw']) // b['forks']} iterations per case")
