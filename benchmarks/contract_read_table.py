#!/usr/bin/env python3
"""Tables of a ContractReadBenchmark + ContractReadManyBenchmark JMH JSON result, one per node parameter: reads/s
(median of all iterations, p25-p75), the ratio to web3j's best row of the same task and transport in the same run
(the ...Ws rows to web3jWrapperReadWs), bytes per read
(-prof gc; the many-reads rows count 100 operations per invocation, so JMH's per-op figures are per read) and
process CPU per read (CallCpu: cpuNanos / calls, divided by 100 for the many-reads rows).
Usage: benchmarks/contract_read_table.py result.json"""
import json, statistics, sys

def pct(xs, q):
    xs = sorted(xs)
    k = (len(xs) - 1) * q
    f = int(k)
    c = min(f + 1, len(xs) - 1)
    return xs[f] + (xs[c] - xs[f]) * (k - f)

rows = {}
for r in json.load(open(sys.argv[1])):
    cls, name = r["benchmark"].rsplit(".", 2)[1:]
    node = r["params"]["node"]
    raw = [x for fork in r["primaryMetric"]["rawData"] for x in fork]
    sec = r.get("secondaryMetrics", {})
    per = 100 if cls == "ContractReadManyBenchmark" else 1
    cpu = sec.get("cpuNanos", {}).get("score", 0.0)
    calls = sec.get("calls", {}).get("score", 0.0)
    rows[(node, cls, name)] = dict(raw=raw, forks=len(r["primaryMetric"]["rawData"]),
                                   bop=sec.get("gc.alloc.rate.norm", {}).get("score"),
                                   cpu=cpu / calls / per if calls else None)

def cpu(v):
    return "?" if v is None else (f"{v / 1e6:.2f} ms" if v >= 1e5 else f"{v / 1e3:.1f} µs")

best = {"ContractReadBenchmark": "web3jWrapperRead", "ContractReadManyBenchmark": "web3jBatch"}
for node in sorted({k[0] for k in rows}):
    print(f"\n**node={node}**\n")
    print("| benchmark | case | reads/s (median, p25-p75) | / web3j's best | B/read | CPU/read |")
    print("|---|---|---|---|---|---|")
    for (n, cls, name), r in sorted(rows.items(), key=lambda kv: (kv[0][1], kv[0][2])):
        if n != node:
            continue
        ref = best[cls] + ("Ws" if cls == "ContractReadBenchmark" and name.endswith("Ws") else "")
        base = rows.get((node, cls, ref))
        m = statistics.median(r["raw"])
        ratio = f"{m / statistics.median(base['raw']):.2f}x" if base else "-"
        bop = f"{r['bop']:,.0f}" if r["bop"] is not None else "?"
        print(f"| {cls.replace('Benchmark', '')} | {name} | {m:,.0f} ({pct(r['raw'], .25):,.0f}-{pct(r['raw'], .75):,.0f}) "
              f"| {ratio} | {bop} | {cpu(r['cpu'])} |")
    # each library on its own best transport: a cross-transport ratio, printed apart from the same-transport ones
    def best_of(names):
        got = [(statistics.median(rows[(node, "ContractReadBenchmark", n)]["raw"]), n) for n in names
               if (node, "ContractReadBenchmark", n) in rows]
        return max(got) if got else None
    b, w = best_of(["braneTypedRead", "braneTypedReadWs"]), best_of(["web3jWrapperRead", "web3jWrapperReadWs"])
    if b and w and len({"braneTypedReadWs", "web3jWrapperReadWs"} & {k[2] for k in rows if k[0] == node}) == 2:
        print(f"\nEach library's best transport (one read at a time): Brane {b[1]} {b[0]:,.0f} / web3j {w[1]} "
              f"{w[0]:,.0f} = {b[0] / w[0]:.2f}x (a cross-transport ratio when the two differ)")
    forks = {r["forks"] for r in rows.values()}
    print(f"\n{'/'.join(map(str, forks))} forks per case, {len(next(iter(rows.values()))['raw'])} iterations")
