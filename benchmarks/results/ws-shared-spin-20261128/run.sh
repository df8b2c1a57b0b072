#!/usr/bin/env sh
# Throwaway: does a longer caller spin lift WebSocket sequential on the shared connection only?
# The jar is main's 9fe7b97 with one line changed (not committed): AnswerSpin.SPIN_NANOS reads -Dbrane.exp.spin
# (default 50_000 ns, as committed). 3 rounds; each round, per node: the row at the committed 50 us, the row at
# 150 us, and the raw-socket floor, one JMH fork each (5 s warm-up, 5 x 1 s, -prof gc). Nothing else ran meanwhile.
set -eu
out=$(dirname "$0"); jar=$1
java=/usr/lib/jvm/temurin-25-jdk-amd64/bin/java
( while true; do echo "$(date +%H:%M:%S) $(cut -d' ' -f1-3 /proc/loadavg)"; sleep 30; done ) > "$out/loadavg.txt" &
sampler=$!
trap 'kill $sampler' EXIT
for r in 1 2 3; do
  for node in stub anvil; do
    for spin in 50000 150000; do
      "$java" -Djmh.ignoreLock=true -jar "$jar" 'WebSocketRpcBenchmark\.braneSharedSequential$' -p node=$node -f 1 \
          -wi 1 -w 5s -i 5 -r 1s -prof gc -jvmArgsAppend "-Dbrane.exp.spin=$spin -Djmh.shutdownTimeout=1" \
          -rf json -rff "$out/r$r-$node-spin$spin.json" > "$out/r$r-$node-spin$spin.txt" 2>&1
    done
    "$java" -Djmh.ignoreLock=true -jar "$jar" 'WebSocketRpcBenchmark\.rawSequential$' -p node=$node -f 1 \
        -wi 1 -w 5s -i 5 -r 1s -prof gc -jvmArgsAppend "-Djmh.shutdownTimeout=1" \
        -rf json -rff "$out/r$r-$node-raw.json" > "$out/r$r-$node-raw.txt" 2>&1
  done
done
