#!/usr/bin/env python3
"""Brane/web3j ratios of a TypedRpcBenchmark, HttpRpcBenchmark or WebSocketRpcBenchmark JMH JSON result: throughput (median of all
iterations, with the ratio of the 25th/75th percentiles as spread), bytes per call (-prof gc), process CPU per call
(CallCpu), and each client's share of the raw-socket floor (raw* cases: prebuilt request, answer read unparsed).
Usage: benchmarks/typed_ratios.py result.json[,more.json...] [load-samples.txt]
Several JSON files (e.g. one JMH run per fork, run in alternating order) are merged: iterations pooled, bytes per
call averaged, CPU per call as total CPU over total calls. A result holding several benchmark classes (the HTTP and
WebSocket ones share method names) gives one table per class."""
import json, re, statistics, sys

def pct(xs, q):
    xs = sorted(xs)
    k = (len(xs) - 1) * q
    f = int(k)
    c = min(f + 1, len(xs) - 1)
    return xs[f] + (xs[c] - xs[f]) * (k - f)

by_class = {}
for path in sys.argv[1].split(","):
    for r in json.load(open(path)):
        cls, name = r["benchmark"].rsplit(".", 2)[1:]
        a = by_class.setdefault(cls, {}).setdefault(name, dict(raw=[], bops=[], cpu=0.0, calls=0.0, forks=0))
        a["raw"] += [x for fork in r["primaryMetric"]["rawData"] for x in fork]
        a["forks"] += len(r["primaryMetric"]["rawData"])
        sec = r.get("secondaryMetrics", {})
        if "gc.alloc.rate.norm" in sec:
            a["bops"].append(sec["gc.alloc.rate.norm"]["score"])
        a["cpu"] += sec.get("cpuNanos", {}).get("score", 0.0)
        a["calls"] += sec.get("calls", {}).get("score", 0.0)
FLOOR_OF = {"AsyncBatch100": "JsonBatch100"}

def fmt_cpu(v):
    return "?" if v is None else (f"{v / 1e6:.2f} ms" if v >= 1e5 else f"{v / 1e3:.1f} µs")

def table(acc):
    rows = {}
    for name, a in acc.items():
        # @OperationsPerInvocation of the batched cases, from their names (Batch100, Virtual100, InFlight10, InFlight100)
        m = re.search(r"(?:Batch|Virtual|InFlight)(\d+)$", name)
        per_invocation = int(m.group(1)) if m else 1
        rows[name] = dict(raw=a["raw"], bop=statistics.mean(a["bops"]) if a["bops"] else None,
                          cpu=(a["cpu"] / a["calls"] / per_invocation) if a["cpu"] and a["calls"] else None,
                          forks=a["forks"])

    cases = []
    for name in rows:
        if name.startswith("brane"):
            case = name[len("brane"):]
            if "web3j" + case in rows:
                cases.append(case)


    print("| case | Brane ops/s (median, p25-p75) | web3j ops/s | Brane / web3j (median; p25/p75 .. p75/p25) "
          "| floor ops/s | Brane / floor | web3j / floor | Brane B/op | web3j B/op | bytes ratio "
          "| Brane CPU/call | web3j CPU/call | CPU ratio | floor CPU/call |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    for case in cases:
        # sendAsyncBatch's 100 calls can go no faster than the same 100 calls as one batch frame
        f = rows.get("raw" + case) or rows.get("raw" + FLOOR_OF.get(case, ""))
        b, w = rows["brane" + case], rows["web3j" + case]
        bm, wm = statistics.median(b["raw"]), statistics.median(w["raw"])
        lo = pct(b["raw"], .25) / pct(w["raw"], .75)
        hi = pct(b["raw"], .75) / pct(w["raw"], .25)
        fm = statistics.median(f["raw"]) if f else None
        floor = f"{fm:,.0f}" if fm else "-"
        bf = f"{bm / fm:.2f}" if fm else "-"
        wf = f"{wm / fm:.2f}" if fm else "-"
        cpu_ratio = f"{b['cpu'] / w['cpu']:.2f}" if b["cpu"] and w["cpu"] else "?"
        print(f"| {case} | {bm:,.1f} ({pct(b['raw'], .25):,.1f}-{pct(b['raw'], .75):,.1f}) "
              f"| {wm:,.1f} ({pct(w['raw'], .25):,.1f}-{pct(w['raw'], .75):,.1f}) "
              f"| {bm / wm:.2f}x ({lo:.2f}..{hi:.2f}) | {floor} | {bf} | {wf} "
              f"| {b['bop']:,.0f} | {w['bop']:,.0f} | {b['bop'] / w['bop']:.2f} "
              f"| {fmt_cpu(b['cpu'])} | {fmt_cpu(w['cpu'])} | {cpu_ratio} | {fmt_cpu(f['cpu']) if f else '-'} |")
    any_row = rows[next(iter(rows))]
    print(f"\n{any_row['forks']} forks x {len(any_row['raw']) // any_row['forks']} iterations per case")

for cls, acc in by_class.items():
    if len(by_class) > 1:
        print(f"\n{cls}\n")
    table(acc)
if len(sys.argv) > 2:
    loads = [float(l.split()[1]) for l in open(sys.argv[2]) if l.strip()]
    if loads:
        print(f"load average (1 min) during the run: {min(loads):.1f}-{max(loads):.1f}, median {statistics.median(loads):.1f}")
