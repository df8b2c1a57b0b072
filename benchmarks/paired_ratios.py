#!/usr/bin/env python3
"""Ratios within each round of benchmarks/paired-rounds.sh, then their median and range over the rounds.

For every Brane row (brane*) of every set: its share of the raw floor (raw<case>, from the same set, else from another
set of the same round) and its ratio to web3j (web3j<case>), each taken within a round; a row that appears in several
sets (the same benchmark from two jars: an A/B) also gets its ratio to set 1's, round by round. Throughput per fork is
the median of its iterations. Where a set also ran the polling floor (rawPoll<case>), the row's share of it
is a column too ("-" where none ran). Process CPU per call (CallCpu) of the row and of web3j's twin, medians of the
rounds; bytes per call (-prof gc's gc.alloc.rate.norm, which JMH gives per call) and calls per second of the row and of its
twin, medians of the rounds too. Usage: benchmarks/paired_ratios.py OUT"""
import glob, json, re, statistics, sys

CASE_OF = {"Batch100Blocking": "Batch100", "Batch100LongPoll": "Batch100", "AsyncBatch100": "JsonBatch100",
           "SharedSequential": "Sequential"}  # rows measured against another row's twin

rounds = {}
cpu = {}
alloc = {}
for path in glob.glob(sys.argv[1] + "/r*-s*.json"):
    r, s = map(int, re.search(r"/r(\d+)-s(\d+)\.json$", path).groups())
    try:
        results = json.load(open(path))
    except ValueError:
        continue  # a set still running
    for b in results:
        cls, name = b["benchmark"].rsplit(".", 2)[1:]
        its = [x for fork in b["primaryMetric"]["rawData"] for x in fork]
        rounds.setdefault(r, {})[(s, cls, name)] = statistics.median(its)
        sec = b.get("secondaryMetrics", {})
        if "gc.alloc.rate.norm" in sec:
            alloc.setdefault(r, {})[(s, cls, name)] = sec["gc.alloc.rate.norm"]["score"]
        calls = sec.get("calls", {}).get("score", 0.0)
        if calls and sec.get("cpuNanos", {}).get("score"):
            ops = re.search(r"(\d+)(?=[A-Z]|$)", name)  # the calls of one invocation: 10 or 100 in its name, else 1
            per_invocation = int(ops.group(1)) if ops else 1
            cpu.setdefault(r, {})[(s, cls, name)] = sec["cpuNanos"]["score"] / calls / per_invocation

def find(d, s, cls, name):
    if (s, cls, name) in d:
        return d[(s, cls, name)]
    return next((v for (s2, c2, n2), v in sorted(d.items()) if c2 == cls and n2 == name), None)

def spread(xs):
    return f"{statistics.median(xs):.3f} ({min(xs):.3f}-{max(xs):.3f})" if xs else "-"

rows = sorted({(s, c, n) for d in rounds.values() for (s, c, n) in d if n.startswith("brane")})
def pair(xs, ys, fmt):
    return f"{fmt(statistics.median(xs))} / {fmt(statistics.median(ys))}" if xs and ys else "-"

print("| set | row | rounds | Brane / floor: median of rounds (min-max) | Brane / polling floor | Brane / web3j | against set 1's "
      "| Brane / floor per round | CPU per call, Brane / web3j (µs) | calls/s, Brane / web3j | B per call, Brane / web3j |")
print("|---|---|---:|---|---|---|---|---|---|---|---|")
for s, cls, name in rows:
    case = CASE_OF.get(name[5:], name[5:])
    floor, poll, web3j, ab, cpu_b, cpu_w, ops_b, ops_w, b_b, b_w = [], [], [], [], [], [], [], [], [], []
    for r, d in sorted(rounds.items()):
        v = d.get((s, cls, name))
        if v is None:
            continue
        f, w, first = find(d, s, cls, "raw" + case), find(d, s, cls, "web3j" + case), d.get((1, cls, name))
        if f:
            floor.append(v / f)
        p = find(d, s, cls, "rawPoll" + case)
        if p:
            poll.append(v / p)
        c = cpu.get(r, {})
        if (s, cls, name) in c:
            cpu_b.append(c[(s, cls, name)] / 1e3)
        cw = find(c, s, cls, "web3j" + case)
        if cw:
            cpu_w.append(cw / 1e3)
        ops_b.append(v)
        if w:
            web3j.append(v / w)
            ops_w.append(w)
        a = alloc.get(r, {})
        if (s, cls, name) in a:
            b_b.append(a[(s, cls, name)])
        aw = find(a, s, cls, "web3j" + case)
        if aw is not None:
            b_w.append(aw)
        if s != 1 and first:
            ab.append(v / first)
    cpus = pair(cpu_b, cpu_w, lambda x: f"{x:.1f}")
    print(f"| {s} | {cls.replace('RpcBenchmark', '')} {name[5:]} | {max(len(floor), len(web3j))} | {spread(floor)} | "
          f"{spread(poll)} | {spread(web3j)} | {spread(ab)} | {' '.join(f'{x:.2f}' for x in floor)} | {cpus} | "
          f"{pair(ops_b, ops_w, lambda x: f'{x:,.0f}')} | {pair(b_b, b_w, lambda x: f'{x:,.0f}')} |")
