#!/usr/bin/env bash
# The measurement run of 29 Nov 2026 (issue 37's "Measure", issue 36's transfer rate, issue 39's typed rows), back to
# back, one JSON file per suite in benchmarks/results/rpc-20261129/. Every figure: 3 forks, 3 x 1 s warm-up,
# 5 x 1 s measurement (TransferBenchmark: its own settings, the same for both builds).
set -u
cd "$(dirname "$0")/.."
J=/usr/lib/jvm/temurin-25-jdk-amd64/bin/java
JAR=benchmarks/target/benchmarks.jar
BEFORE=${BEFORE_JAR:-/work/wt/bench-before/benchmarks/target/benchmarks.jar}
OUT=benchmarks/results/rpc-20261129
mkdir -p "$OUT"
COMMON=(-f 3 -wi 3 -w 1s -i 5 -r 1s -jvmArgsAppend "-Djmh.shutdownTimeout=1")
(while true; do echo "$(date -u +%H:%M:%S) $(cut -d' ' -f1-3 /proc/loadavg)"; sleep 30; done) > "$OUT/loadavg.txt" &
LOADPID=$!
trap 'kill $LOADPID' EXIT
run() { # NAME ARGS...
  local name=$1; shift
  echo "$(date -u +%H:%M:%S) start $name" | tee -a "$OUT/timeline.txt"
  $J -jar "$JAR" "${COMMON[@]}" -rf json -rff "$OUT/$name.json" "$@" > "$OUT/$name.log" 2>&1
  echo "$(date -u +%H:%M:%S) end $name rc=$?" | tee -a "$OUT/timeline.txt"
}
# The run is ordered by priority: whatever has not finished by the deadline is cut (and said so in RESULTS.md).
# PART selects where to start: 1 (everything) or 2 (after the service patterns and memory, with the service patterns
# on the local node again at the end).
PART=${PART:-1}
if [ "$PART" = 1 ]; then
# 1. service patterns over WebSocket, local and remote (SampleTime: mean and p99; CPU per call); 16 threads over HTTP
run service-patterns-ws -prof gc -p transport=ws 'ServicePatternsBenchmark'
run service-patterns-http16 -prof gc -p transport=http 'ServicePatternsBenchmark\.(brane|web3j)SixteenThreads$'
# 2. memory per request in flight
echo "$(date -u +%H:%M:%S) start inflight-memory" | tee -a "$OUT/timeline.txt"
$J -cp "$JAR" sh.brane.benchmarks.InFlightMemory 3 > "$OUT/inflight-memory.txt" 2>&1
echo "$(date -u +%H:%M:%S) end inflight-memory" | tee -a "$OUT/timeline.txt"
fi
# 4. typed answers (stub), bytes per op
run typed -prof gc -p node=stub 'TypedRpcBenchmark\.(brane|web3j)'
# 5. transfers before (5ffda0f) and after, same settings (TransferBenchmark's own: 3 forks, 1 x 3 s, 2 x 5 s)
for side in before after; do
  jar=$JAR; [ $side = before ] && jar=$BEFORE
  echo "$(date -u +%H:%M:%S) start transfer-$side" | tee -a "$OUT/timeline.txt"
  $J -jar "$jar" -jvmArgsAppend "-Djmh.shutdownTimeout=1" -p path=memory,h2 -p nodeDelayMs=0 \
     -rf json -rff "$OUT/transfer-$side.json" TransferBenchmark > "$OUT/transfer-$side.log" 2>&1
  echo "$(date -u +%H:%M:%S) end transfer-$side rc=$?" | tee -a "$OUT/timeline.txt"
done
# 3. the seeds' tables, local node: BLOCKING with web3j and the HTTP batch beside, then the other wait strategies
run seeds-local-blocking -prof gc -p node=anvil -p waitStrategy=BLOCKING \
  'WebSocketRpcBenchmark\.(brane|web3j)(Sequential|InFlight100|AsyncBatch100)$|HttpRpcBenchmark\.(brane|web3j)Batch100$'
run seeds-local-strategies -prof gc -p node=anvil -p waitStrategy=YIELDING,BUSY_SPIN,LITE_BLOCKING,SLEEPING \
  'WebSocketRpcBenchmark\.brane(Sequential|InFlight100|AsyncBatch100)$'
# remote node: BLOCKING (with web3j and the HTTP batch), then YIELDING
run seeds-remote-blocking -prof gc -p node=remote -p waitStrategy=BLOCKING \
  'WebSocketRpcBenchmark\.(brane|web3j)(Sequential|InFlight100|AsyncBatch100)$|HttpRpcBenchmark\.(brane|web3j)Batch100$'
run seeds-remote-yielding -prof gc -p node=remote -p waitStrategy=YIELDING \
  'WebSocketRpcBenchmark\.brane(Sequential|InFlight100|AsyncBatch100)$'
# 3b. 1 to 16 caller threads on one client, local Anvil
for t in 1 16 4 2 8; do
  run scaling-t$t -prof gc -t $t -p node=anvil \
    'WebSocketRpcBenchmark\.(brane|web3j)(Sequential|InFlight100)$|HttpRpcBenchmark\.(brane|web3j)Sequential$'
done
if [ "$PART" = 2 ]; then
  run service-patterns-ws-local-2 -prof gc -p transport=ws -p node=local 'ServicePatternsBenchmark'
fi
echo "$(date -u +%H:%M:%S) all done" | tee -a "$OUT/timeline.txt"
