#!/usr/bin/env bash
# Issue 37's measure and issue 39's typed rows, back to back, ordered by priority (whatever has not finished by a
# deadline is cut, and RESULTS.md says so). One JSON file per suite in $OUT. Every figure: 3 forks, 3 x 1 s warm-up,
# 5 x 1 s measurement. Run it on a quiet machine, or give its session the CPU first (autogroup scheduling:
#   setsid benchmarks/run-rpc.sh OUT & echo -15 > /proc/$!/autogroup).
# Usage: benchmarks/run-rpc.sh benchmarks/results/<dir>
set -u
cd "$(dirname "$0")/.."
J=${JAVA:-/usr/lib/jvm/temurin-25-jdk-amd64/bin/java}
JAR=${JAR:-benchmarks/target/benchmarks.jar}
OUT=${1:?usage: run-rpc.sh OUTDIR}
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
SEEDS='WebSocketRpcBenchmark\.(brane|web3j)(Sequential|InFlight100|AsyncBatch100)$|HttpRpcBenchmark\.(brane|web3j)Batch100$'
# 1. the seeds' tables, local and remote, BLOCKING (the default) and LITE_BLOCKING in adjacent minutes, web3j and the
#    HTTP batch beside each
run seeds-remote -prof gc -p node=remote -p waitStrategy=BLOCKING,LITE_BLOCKING "$SEEDS"
# 2. service patterns over WebSocket, local and remote (SampleTime: mean and p99; CPU per call)
run service-patterns-ws -prof gc -p transport=ws 'ServicePatternsBenchmark'
run seeds-local -prof gc -p node=anvil -p waitStrategy=BLOCKING,LITE_BLOCKING "$SEEDS"
# 3. memory per request in flight (heap after GC; the machine's load does not change it)
echo "$(date -u +%H:%M:%S) start inflight-memory" | tee -a "$OUT/timeline.txt"
$J -cp "$JAR" sh.brane.benchmarks.InFlightMemory 3 > "$OUT/inflight-memory.txt" 2>&1
echo "$(date -u +%H:%M:%S) end inflight-memory" | tee -a "$OUT/timeline.txt"
# 4. the other wait strategies, remote then local (Brane's rows; web3j has none)
run seeds-remote-strategies -prof gc -p node=remote -p waitStrategy=SLEEPING,YIELDING,BUSY_SPIN \
  'WebSocketRpcBenchmark\.brane(Sequential|InFlight100|AsyncBatch100)$'
run seeds-local-strategies -prof gc -p node=anvil -p waitStrategy=SLEEPING,YIELDING,BUSY_SPIN \
  'WebSocketRpcBenchmark\.brane(Sequential|InFlight100|AsyncBatch100)$'
run service-patterns-http16 -prof gc -p transport=http 'ServicePatternsBenchmark\.(brane|web3j)SixteenThreads$'
# 5. 1 to 16 caller threads on one client, local Anvil
for t in 1 16 4 2 8; do
  run scaling-t$t -prof gc -t $t -p node=anvil \
    'WebSocketRpcBenchmark\.(brane|web3j)(Sequential|InFlight100)$|HttpRpcBenchmark\.(brane|web3j)Sequential$'
done
# 6. typed answers (stub)
run typed -prof gc -p node=stub 'TypedRpcBenchmark\.(brane|web3j)'
echo "$(date -u +%H:%M:%S) all done" | tee -a "$OUT/timeline.txt"
