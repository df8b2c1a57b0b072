#!/usr/bin/env python3
"""Ratios of jar B to jar A within each paired round of ab.sh (and each to web3j's row of the same round), the
median and range over the rounds; CPU per call (process CPU / calls) medians. Usage: ab_ratios.py DIR"""
import gzip, json, glob, re, statistics, sys, collections
D=sys.argv[1]
rows=collections.defaultdict(dict)  # (bench, node) -> {(round, side): (score, cpu/call, alloc)}
for f in glob.glob(D+'/r*-*.json.gz'):
    m=re.search(r'/r(\d+)-([AB])-(\w+)\.json\.gz$', f); r,side=int(m.group(1)),m.group(2)
    try: data=json.load(gzip.open(f))
    except Exception: continue
    for b in data:
        name=b['benchmark'].split('.')[-1]; cls=b['benchmark'].split('.')[-2]
        node=b['params'].get('node'); ws=b['params'].get('waitStrategy')
        if ws and ws != 'BLOCKING': node = node + '/' + ws
        pm=b['primaryMetric']
        if pm['scoreUnit'].startswith('ops'):
            its=[x for fork in pm['rawData'] for x in fork]; score=statistics.median(its); kind='thr'
        else:
            score=pm['score']; kind='lat'
            p99=pm.get('scorePercentiles',{}).get('99.0')
        sec=b.get('secondaryMetrics',{})
        alloc=sec.get('gc.alloc.rate.norm',{}).get('score')
        calls=sec.get('calls',{}).get('score',0); cpu=sec.get('cpuNanos',{}).get('score')
        per=int(re.search(r'(\d+)$',name).group(1)) if re.search(r'\d+$',name) else 1
        cpuc=(cpu/calls/per/1000) if (calls and cpu) else None
        rows[(cls,name,node)][(r,side)]=(score,kind,alloc, pm.get('scorePercentiles',{}).get('99.0') if kind=='lat' else None, cpuc)
def case(name): return re.sub(r'^(brane|web3j)','',name)
out=[]
keys=sorted(k for k in rows if k[1].startswith('brane'))
print("| bench | case | node | B/A (median, range over rounds) | B/web3j | A/web3j | p99 B/A | CPU us/call B / A / web3j |")
for k in keys:
    cls,name,node=k
    d=rows[k]; w=rows.get((cls,'web3j'+case(name),node),{})
    rs=sorted({r for (r,s) in d})
    ba=[];bw=[];aw=[];p=[];cpus=[]
    for r in rs:
        if (r,'A') in d and (r,'B') in d:
            a,kind,_,pa,ca=d[(r,'A')]; b,_,_,pb,cb=d[(r,'B')]
            if ca and cb: cpus.append((cb,ca,w.get((r,'A'),(0,0,0,0,None))[4]))
            f=(b/a) if kind=='thr' else (a/b)   # >1 = B better
            ba.append(f)
            if pa and pb: p.append(pa/pb)
            if (r,'A') in w:
                wv=w[(r,'A')][0]
                bw.append(b/wv if kind=='thr' else wv/b); aw.append(a/wv if kind=='thr' else wv/a)
    fmt=lambda xs: f"{statistics.median(xs):.2f} ({min(xs):.2f}-{max(xs):.2f})" if xs else "-"
    med=lambda i: (f"{statistics.median([c[i] for c in cpus if c[i]]):.1f}" if any(c[i] for c in cpus) else "-")
    print(f"| {cls[:12]} | {case(name)} | {node} | {fmt(ba)} | {fmt(bw)} | {fmt(aw)} | {fmt(p)} | {med(0)} / {med(1)} / {med(2)} |")
