#!/usr/bin/env python3
"""Markdown tables from the JMH JSON files of one run directory (benchmarks/run-rpc.sh): service patterns (mean,
p99, CPU per operation), the seeds' throughput tables per wait strategy, the thread scaling, typed answers, transfers
before and after. Files missing from the directory are left out of the tables.
Usage: report.py benchmarks/results/<dir>"""
import gzip, json, os, re, sys

D = sys.argv[1]

def load(name):
    p = os.path.join(D, name + ".json")
    if os.path.exists(p + ".gz"):
        return json.load(gzip.open(p + ".gz", "rt"))
    if not os.path.exists(p) or os.path.getsize(p) == 0:
        return []
    return json.load(open(p))

def key(e):
    return e["benchmark"].split(".")[-1], tuple(sorted(e.get("params", {}).items())), e.get("threads", 1)

def sec(e, name):
    return e.get("secondaryMetrics", {}).get(name, {}).get("score")

def cpu_per_op(e, ops=1):
    c, n = sec(e, "cpuNanos"), sec(e, "calls")
    if not c or not n:
        return None
    return c / n / ops / e.get("threads", 1)

def fmt_us(x):
    return "-" if x is None else (f"{x:,.0f}" if x >= 100 else f"{x:,.1f}" if x >= 10 else f"{x:,.2f}")

def fmt_n(x):
    return "-" if x is None else f"{x:,.0f}"

def ratio(a, b):
    return "-" if a is None or b is None or b == 0 else f"{a / b:.2f}x"

def patterns(files):
    rows = {}
    for f in files:
        for e in load(f):
            m, p, t = key(e)
            pd = dict(p)
            rows[(m, pd["node"], pd["transport"])] = e
    out = ["| node | transport | pattern | Brane mean µs | web3j mean µs | web3j / Brane (mean) | Brane p99 µs | web3j p99 µs | web3j / Brane (p99) | CPU µs/op Brane / web3j | CPU ratio | B/op Brane / web3j |",
           "|---|---|---|---:|---:|---:|---:|---:|---:|---|---:|---|"]
    pats = [("OneRead", "OneRead", "one read"), ("JoinThenFanOut", "JoinThenFanOut", "join, then two with `allOf`"),
            ("JoinThenFanOutWithTimeout", "JoinThenFanOut", "join, then two with `allOf`, per-request timeout"),
            ("StartWorkJoin", "StartWorkJoin", "start, 0.5 ms own work, join"),
            ("TenReads", "TenReads", "ten reads, async client"), ("SixteenThreads", "SixteenThreads", "16 threads reading")]
    for node in ("local", "remote"):
        for tr in ("ws", "http"):
            for b, w, label in pats:
                eb, ew = rows.get(("brane" + b, node, tr)), rows.get(("web3j" + w, node, tr))
                if not eb or not ew:
                    continue
                mb, mw = eb["primaryMetric"]["score"], ew["primaryMetric"]["score"]
                pb, pw = eb["primaryMetric"]["scorePercentiles"]["99.0"], ew["primaryMetric"]["scorePercentiles"]["99.0"]
                cb, cw = cpu_per_op(eb), cpu_per_op(ew)
                out.append(f"| {node} | {tr} | {label} | {fmt_us(mb)} | {fmt_us(mw)} | {ratio(mw, mb)} | {fmt_us(pb)} | {fmt_us(pw)} | {ratio(pw, pb)} | "
                           f"{fmt_us(cb and cb / 1e3)} / {fmt_us(cw and cw / 1e3)} | {ratio(cb, cw)} | {fmt_n(sec(eb, 'gc.alloc.rate.norm'))} / {fmt_n(sec(ew, 'gc.alloc.rate.norm'))} |")
    return "\n".join(out)

OPS = lambda m: int(re.search(r"(\d+)$", m).group(1)) if re.search(r"(100|10)$", m) else 1

def seeds(files):
    rows = {}
    for f in files:
        for e in load(f):
            m, p, t = key(e)
            pd = dict(p)
            rows[(m, pd.get("node"), pd.get("waitStrategy"), t)] = e
    out = ["| node | row | wait strategy | Brane calls/s | web3j calls/s | Brane / web3j | CPU µs/call Brane / web3j | B/call Brane / web3j |",
           "|---|---|---|---:|---:|---:|---|---|"]
    cases = [("Sequential", "Sequential", "WS sequential `send`"), ("InFlight100", "InFlight100", "WS `sendAsync`, 100 in flight"),
             ("AsyncBatch100", "AsyncBatch100", "WS `sendAsyncBatch` x100 (web3j: `BatchRequest`)"), ("Batch100", "Batch100", "HTTP `sendBatch` of 100")]
    for node in ("anvil", "remote"):
        for b, w, label in cases:
            for ws in ("BLOCKING", "LITE_BLOCKING", "SLEEPING", "YIELDING", "BUSY_SPIN"):
                eb = rows.get(("brane" + b, node, ws if b != "Batch100" else None, 1))
                if b == "Batch100":
                    eb = rows.get(("brane" + b, node, None, 1))
                    if ws != "BLOCKING":
                        continue
                ew = next((v for k, v in rows.items() if k[0] == "web3j" + w and k[1] == node and k[3] == 1), None)
                if not eb:
                    continue
                ops = 100 if b != "Sequential" else 1
                # @OperationsPerInvocation: JMH's score and gc.alloc.rate.norm are already per call; CallCpu counts invocations
                sb = eb["primaryMetric"]["score"]
                sw = ew["primaryMetric"]["score"] if ew else None
                cb, cw = cpu_per_op(eb, ops), cpu_per_op(ew, ops) if ew else None
                out.append(f"| {'local' if node == 'anvil' else node} | {label} | {'-' if b == 'Batch100' else ws} | {fmt_n(sb)} | {fmt_n(sw)} | {ratio(sb, sw)} | "
                           f"{fmt_us(cb and cb / 1e3)} / {fmt_us(cw and cw / 1e3)} | {fmt_n(sec(eb, 'gc.alloc.rate.norm'))} / {fmt_n(sec(ew, 'gc.alloc.rate.norm') if ew else None)} |")
    return "\n".join(out)

def scaling(files):
    rows = {}
    for f in files:
        for e in load(f):
            m, p, t = key(e)
            rows[(m, e["benchmark"].split(".")[-2], t)] = e
    out = ["| case | threads | Brane calls/s | web3j calls/s | Brane / web3j | B/call Brane / web3j |", "|---|---:|---:|---:|---:|---|"]
    for cls, b, label, ops in [("WebSocketRpcBenchmark", "Sequential", "WS sequential `send`", 1), ("WebSocketRpcBenchmark", "InFlight100", "WS `sendAsync` 100 in flight", 100),
                               ("HttpRpcBenchmark", "Sequential", "HTTP sequential `send`", 1)]:
        for t in (1, 2, 4, 8, 16):
            eb, ew = rows.get(("brane" + b, cls, t)), rows.get(("web3j" + b, cls, t))
            if not eb or not ew:
                continue
            sb, sw = eb["primaryMetric"]["score"], ew["primaryMetric"]["score"]
            out.append(f"| {label} | {t} | {fmt_n(sb)} | {fmt_n(sw)} | {ratio(sb, sw)} | {fmt_n(sec(eb, 'gc.alloc.rate.norm'))} / {fmt_n(sec(ew, 'gc.alloc.rate.norm'))} |")
    return "\n".join(out)

def typed():
    rows = {key(e)[0]: e for e in load("typed")}
    out = ["| row | Brane calls/s | web3j calls/s | Brane / web3j | CPU µs/call Brane / web3j | B/call Brane / web3j | bytes ratio |", "|---|---:|---:|---:|---|---|---:|"]
    for b, label in [("FullBlock", "full block (300 transactions)"), ("BlockReceipts", "receipts of a block (300)"), ("Logs", "logs (500)")]:
        eb, ew = rows.get("brane" + b), rows.get("web3j" + b)
        if not eb or not ew:
            continue
        sb, sw = eb["primaryMetric"]["score"], ew["primaryMetric"]["score"]
        bb, bw = sec(eb, "gc.alloc.rate.norm"), sec(ew, "gc.alloc.rate.norm")
        cb, cw = cpu_per_op(eb), cpu_per_op(ew)
        out.append(f"| {label} | {fmt_n(sb)} ± {fmt_n(eb['primaryMetric']['scoreError'])} | {fmt_n(sw)} ± {fmt_n(ew['primaryMetric']['scoreError'])} | {ratio(sb, sw)} | "
                   f"{fmt_us(cb and cb / 1e3)} / {fmt_us(cw and cw / 1e3)} | {fmt_n(bb)} / {fmt_n(bw)} | {ratio(bb, bw)} |")
    return "\n".join(out)

def transfer():
    out = ["| path | before (5ffda0f) transfers/s | after transfers/s | after / before |", "|---|---:|---:|---:|"]
    b = {dict(e["params"])["path"]: e["primaryMetric"] for e in load("transfer-before")}
    a = {dict(e["params"])["path"]: e["primaryMetric"] for e in load("transfer-after")}
    for p in ("memory", "h2", "postgres"):
        if p in b or p in a:
            sb, sa = b.get(p), a.get(p)
            out.append(f"| {p} | {fmt_n(sb and sb['score'])} ± {fmt_n(sb and sb['scoreError'])} | {fmt_n(sa and sa['score'])} ± {fmt_n(sa and sa['scoreError'])} | "
                       f"{ratio(sa and sa['score'], sb and sb['score'])} |")
    return "\n".join(out)

print("## service patterns\n" + patterns(["service-patterns-ws", "service-patterns-ws-2", "service-patterns-http16"]))
print("\n## seeds\n" + seeds(["seeds-local", "seeds-local-blocking", "seeds-local-strategies", "seeds-remote", "seeds-remote-blocking",
                               "seeds-remote-strategies", "seeds-remote-yielding"]))
print("\n## scaling\n" + scaling(["seeds-local", "seeds-local-blocking"] + [f"scaling-t{t}" for t in (1, 2, 4, 8, 16)]))
print("\n## typed\n" + typed())
print("\n## transfer\n" + transfer())
mem = os.path.join(D, "inflight-memory.txt")
if os.path.exists(mem):
    print("\n## memory\n" + "".join(l for l in open(mem) if l.startswith("round")))
