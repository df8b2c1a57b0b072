#!/usr/bin/env bash
# The rest of the 29 Nov 2026 run in the order it ran after the transfers of 5ffda0f: see run-20261129.sh for the
# settings. The service patterns over WebSocket run again here, with the benchmark's processes given priority over the
# other builds on the machine.
set -u
cd "$(dirname "$0")/.."
J=/usr/lib/jvm/temurin-25-jdk-amd64/bin/java
JAR=benchmarks/target/benchmarks.jar
OUT=benchmarks/results/rpc-20261129
COMMON=(-f 3 -wi 3 -w 1s -i 5 -r 1s -jvmArgsAppend "-Djmh.shutdownTimeout=1")
(while true; do echo "$(date -u +%H:%M:%S) $(cut -d' ' -f1-3 /proc/loadavg)"; sleep 30; done) >> "$OUT/loadavg.txt" &
LOADPID=$!
trap 'kill $LOADPID' EXIT
run() { # NAME ARGS...
  local name=$1; shift
  echo "$(date -u +%H:%M:%S) start $name" | tee -a "$OUT/timeline.txt"
  $J -jar "$JAR" "${COMMON[@]}" -rf json -rff "$OUT/$name.json" "$@" > "$OUT/$name.log" 2>&1
  echo "$(date -u +%H:%M:%S) end $name rc=$?" | tee -a "$OUT/timeline.txt"
}
[ -n "${WAIT_PID:-}" ] && while kill -0 "$WAIT_PID" 2>/dev/null; do sleep 1; done
echo "$(date -u +%H:%M:%S) start transfer-after" | tee -a "$OUT/timeline.txt"
$J -jar "$JAR" -jvmArgsAppend "-Djmh.shutdownTimeout=1" -p path=memory,h2 -p nodeDelayMs=0 \
   -rf json -rff "$OUT/transfer-after.json" TransferBenchmark > "$OUT/transfer-after.log" 2>&1
echo "$(date -u +%H:%M:%S) end transfer-after rc=$?" | tee -a "$OUT/timeline.txt"
run service-patterns-ws-2 -prof gc -p transport=ws 'ServicePatternsBenchmark'
run seeds-local-blocking -prof gc -p node=anvil -p waitStrategy=BLOCKING \
  'WebSocketRpcBenchmark\.(brane|web3j)(Sequential|InFlight100|AsyncBatch100)$|HttpRpcBenchmark\.(brane|web3j)Batch100$'
run seeds-remote-blocking -prof gc -p node=remote -p waitStrategy=BLOCKING \
  'WebSocketRpcBenchmark\.(brane|web3j)(Sequential|InFlight100|AsyncBatch100)$|HttpRpcBenchmark\.(brane|web3j)Batch100$'
run seeds-local-strategies -prof gc -p node=anvil -p waitStrategy=YIELDING,BUSY_SPIN,LITE_BLOCKING,SLEEPING \
  'WebSocketRpcBenchmark\.brane(Sequential|InFlight100|AsyncBatch100)$'
run seeds-remote-yielding -prof gc -p node=remote -p waitStrategy=YIELDING \
  'WebSocketRpcBenchmark\.brane(Sequential|InFlight100|AsyncBatch100)$'
echo "$(date -u +%H:%M:%S) all done" | tee -a "$OUT/timeline.txt"
