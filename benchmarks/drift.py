#!/usr/bin/env python3
"""Per row of a JMH JSON result (HttpRpc/WebSocketRpc/TypedRpc benchmarks): the Brane/web3j median ratio over all
iterations and over each fork's last two, and each client's drift from its forks' first to last iteration (is the
warm-up long enough?). Usage: benchmarks/drift.py result.json"""
import json, statistics as st, sys
d=json.load(open(sys.argv[1]))
rows={}
for b in d:
    cls,m=b['benchmark'].split('.')[-2:]
    node=(b.get('params') or {}).get('node','')
    for who in ('brane','web3j','raw'):
        if m.startswith(who):
            rows.setdefault((cls[:4],m[len(who):],node),{})[who]=b['primaryMetric']['rawData']
def med(r,last=None):
    xs=[x for f in r for x in (f[-last:] if last else f)]
    return st.median(xs)
print('%-6s %-22s %-6s %8s %8s %8s %8s'%('class','row','node','all','last2','web3j drift','brane drift'))
for k,v in sorted(rows.items()):
    if 'brane' in v and 'web3j' in v:
        b,w=v['brane'],v['web3j']
        dr=lambda r: (sum(f[-1] for f in r)/len(r))/(sum(f[0] for f in r)/len(r))
        print('%-6s %-22s %-6s %8.2f %8.2f %8.2f %8.2f'%(k[0],k[1],k[2],med(b)/med(w),med(b,2)/med(w,2),dr(w),dr(b)))
