# Ratios within each round of run.sh's files: python3 ratios.py > ratios.md
import json, statistics, os
d = os.path.dirname(os.path.abspath(__file__))
def read(f):
    out = {}
    for b in json.load(open(f)):
        pm = b['primaryMetric']['score']
        sec = b.get('secondaryMetrics', {})
        cpu = sec.get('cpuNanos', {}).get('score'); calls = sec.get('calls', {}).get('score')
        alloc = sec.get('gc.alloc.rate.norm', {}).get('score')
        out = dict(thr=pm, alloc=alloc, cpu=cpu / calls / 1000.0)
    return out
rows = []
for node in ('stub', 'anvil'):
    print(f'## {node}')
    print('| round | raw calls/s | 50 us calls/s | 150 us calls/s | 50 us / floor | 150 us / floor | 150 / 50 | CPU per call raw / 50 / 150 (us) | B per call 50 / 150 |')
    print('|---|---:|---:|---:|---|---|---|---|---|')
    a, b, c = [], [], []
    for r in (1, 2, 3):
        raw = read(f'{d}/r{r}-{node}-raw.json'); s50 = read(f'{d}/r{r}-{node}-spin50000.json'); s150 = read(f'{d}/r{r}-{node}-spin150000.json')
        a.append(s50['thr'] / raw['thr']); b.append(s150['thr'] / raw['thr']); c.append(s150['thr'] / s50['thr'])
        print(f"| {r} | {raw['thr']:,.0f} | {s50['thr']:,.0f} | {s150['thr']:,.0f} | {a[-1]:.3f} | {b[-1]:.3f} | {c[-1]:.3f} | {raw['cpu']:.1f} / {s50['cpu']:.1f} / {s150['cpu']:.1f} | {s50['alloc']:,.0f} / {s150['alloc']:,.0f} |")
    print(f'| median | | | | {statistics.median(a):.3f} | {statistics.median(b):.3f} | {statistics.median(c):.3f} | | |')
